import { expect, test } from '@playwright/test';
import { createBusinessViaApi, createCollaboratorViaApi, signIn, signInAsOwner, uniqueName } from './support/fixtures';
import { pageOverflowsSideways, seriousViolations } from './support/page-checks';

// A collaborator's timer lives on the server: it survives a reload, a second tab of theirs sees it
// stop at once (the live event), and the minute it logged shows in /tiempo. The owner then sets that
// collaborator's hourly cost and reads the company's hours, cost and margin in the panel's 'Rentabilidad'.

test('a collaborator times work on a company; the owner sets their hourly cost and sees the company’s margin', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000); // two people, a second tab, two widths
  const company = await createBusinessViaApi(request, uniqueName('Tiempo'));
  const collaborator = await createCollaboratorViaApi(request, 'Renata', uniqueName('Tiempo'));
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, collaborator.email, collaborator.password, '/tiempo');
  await expect(page.getByRole('heading', { name: 'Registro de tiempo', level: 1 })).toBeVisible();

  // Start: the company, no service.
  await page.getByRole('button', { name: 'Iniciar cronómetro' }).click();
  const starting = page.getByRole('dialog', { name: 'Iniciar cronómetro' });
  await starting.getByRole('combobox', { name: 'Empresa' }).fill(company.name);
  await starting.getByRole('option', { name: company.name }).click();
  await starting.getByRole('button', { name: 'Iniciar', exact: true }).click();
  const elapsed = page.getByTestId('timer-elapsed');
  await expect(elapsed).toHaveText(/^0:00:0\d$/);
  expect(await pageOverflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(elapsed).toBeVisible();
  await expect(elapsed).toHaveText(/^0:00:\d\d$/);

  // A second tab of the same user shows the running timer, and sees it stop without a reload.
  const other = await context.newPage();
  await other.goto('/tiempo');
  await expect(other.getByTestId('timer-elapsed')).toBeVisible();

  await page.getByRole('button', { name: 'Detener cronómetro' }).click();
  await expect(page.getByText('Cronómetro detenido y registrado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar cronómetro' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Iniciar cronómetro' })).toBeVisible();
  await expect(other.getByTestId('timer-elapsed')).toHaveCount(0);

  // The minute is on today's column of the week (a timer logs at least one minute).
  const grid = page.getByRole('table', { name: 'Horas de la semana por empresa' });
  await expect(grid.getByRole('row').filter({ hasText: company.name })).toContainText('0:01');
  await expect(page.getByTestId('week-total')).toHaveText('0:01');

  // Three hours typed by hand, today.
  const form = page.getByRole('form', { name: 'Agregar registro' });
  await form.getByLabel('Duración (h:mm)').fill('1,5');
  await form.getByRole('combobox', { name: 'Empresa' }).fill(company.name);
  await page.getByRole('option', { name: company.name }).click();
  await form.getByRole('button', { name: 'Agregar registro' }).click();
  await expect(form.getByText('Escribe la duración como h:mm, por ejemplo 1:30 (una hora y media)')).toBeVisible();
  await form.getByLabel('Duración (h:mm)').fill('3:00');
  await form.getByRole('button', { name: 'Agregar registro' }).click();
  await expect(page.getByTestId('week-total')).toHaveText('3:01');
  await other.close();

  // The owner: $60.000 an hour, so 3:01 cost $181.000 against no fee this month.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOwner(page, '/tiempo');
  const costs = page.getByRole('region', { name: 'Costo por hora' });
  const fullName = `${collaborator.name} ${collaborator.lastName}`;
  await costs.getByRole('textbox', { name: `Costo por hora de ${fullName}` }).fill('60000');
  await costs.getByRole('button', { name: `Guardar costo por hora de ${fullName}` }).click();
  await expect(page.getByText('Costo por hora guardado')).toBeVisible();

  // 'Rentabilidad' on /tiempo opens the panel's tab of that name.
  await page.getByRole('link', { name: 'Rentabilidad' }).click();
  await expect(page).toHaveURL(/\/panel\?vista=rentabilidad$/);
  await expect(page.getByRole('tab', { name: 'Rentabilidad', selected: true })).toBeVisible();
  const row = page
    .getByRole('table', { name: /^Rentabilidad por empresa/ })
    .getByRole('row')
    .filter({ hasText: company.name });
  await expect(row.getByRole('cell')).toHaveText([company.name, '$0', '3:01', '$181.000', '-$181.000', '—']);
  expect(await seriousViolations(page)).toEqual([]);
});
