import { currentPeriod, periodBounds } from '@app/shared/period';
import { expect, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createUserViaApi,
  OWNER,
  signInAsNewCollaborator,
  signInAsOwner,
  toggleSwitch,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { monthName as spanishMonth } from './support/months';
import { expectNoSeriousViolations, expectText } from './support/page-checks';
import { createTaskViaApi, staffUserId } from './support/tasks-fixtures';

/** 'YYYY-MM-DD' as the tables show it: 'DD-MM-YYYY'. */
const shown = (date: string) => date.split('-').reverse().join('-');

test('an owner creates a task, edits it, switches companies on one by one and all at once, then off, and deletes it', async ({
  page,
  request,
}) => {
  // A long walk through the whole screen (two reloads, bulk changes of 50+ companies): room for a busy machine.
  test.setTimeout(60_000);
  const first = await createBusinessViaApi(request, uniqueName('Agrícola Tarea'));
  const second = await createBusinessViaApi(request, uniqueName('Botillería Tarea'));
  const third = await createBusinessViaApi(request, uniqueName('Clínica Tarea'));
  const responsible = { name: 'Valentina', lastName: uniqueName('Rojas') };
  await createUserViaApi(request, {
    ...responsible,
    email: uniqueEmail('responsable'),
    role: 'collaborator',
    password: 'clave-segura',
  });
  const taskName = uniqueName('Declaración IVA');
  const editedName = uniqueName('Declaración F29');

  await signInAsOwner(page);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Tareas', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Tareas', level: 1 })).toBeVisible();
  const header = page.getByRole('table').getByRole('row').first();
  for (const column of ['Nombre', 'Responsable', 'Día de vencimiento', 'Acciones']) {
    await expect(header).toContainText(column);
  }

  // The create modal checks with the shared schema: the server's own messages.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva tarea' });
  await modal.getByLabel('Nombre').fill(taskName);
  await modal.getByLabel('Día de vencimiento').fill('40');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El día debe estar entre 1 y 31')).toBeVisible();
  await expect(modal.getByText('Campo requerido')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Responsable' }).click();
  await page.getByRole('option', { name: `${responsible.name} ${responsible.lastName}` }).click();
  await modal.getByLabel('Día de vencimiento').fill('15');
  await modal.getByRole('checkbox', { name: 'Mostrar en el resumen' }).check();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Tarea guardada correctamente');
  await expect(modal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: taskName });
  await expect(row).toContainText(`${responsible.name} ${responsible.lastName}`);
  await expect(row).toContainText('15');

  // Edit on the task's page.
  await row.getByRole('link', { name: `Editar ${taskName}` }).click();
  await expect(page.getByRole('heading', { name: taskName, level: 1 })).toBeVisible();
  const data = page.getByRole('region', { name: 'Datos de la tarea' });
  await expect(data.getByRole('combobox', { name: 'Responsable' })).toHaveValue(
    `${responsible.name} ${responsible.lastName}`,
  );
  await expect(data.getByRole('checkbox', { name: 'Mostrar en el resumen' })).toBeChecked();
  await data.getByLabel('Nombre').fill(editedName);
  await data.getByLabel('Día de vencimiento').fill('20');
  await data.getByRole('checkbox', { name: 'Mostrar en el resumen' }).uncheck();
  await data.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Tarea guardada correctamente');
  await expect(page.getByRole('heading', { name: editedName, level: 1 })).toBeVisible();
  await page.reload();
  await expect(data.getByLabel('Nombre')).toHaveValue(editedName);
  await expect(data.getByLabel('Día de vencimiento')).toHaveValue('20');
  await expect(data.getByRole('checkbox', { name: 'Mostrar en el resumen' })).not.toBeChecked();

  // Two companies switched on one by one: from the first day of the current period.
  const companies = page.getByRole('region', { name: 'Empresas' });
  const switchOf = (name: string) => companies.getByRole('switch', { name: `Tarea activa en ${name}` });
  const dateOf = (name: string) => companies.getByRole('button', { name: `Fecha inicio ${name}` });
  const periodStart = periodBounds(currentPeriod()).firstDay;
  await expect(companies.getByRole('row').filter({ hasText: first.name }).getByRole('link')).toHaveAttribute(
    'href',
    `/empresas/${first.id}`,
  );
  await expect(companies.getByRole('row').filter({ hasText: first.name })).toContainText(first.rut);
  await expect(switchOf(first.name)).not.toBeChecked();
  await toggleSwitch(switchOf(first.name));
  await expectText(page, 'Empresa agregada a la tarea');
  await expect(switchOf(first.name)).toBeChecked();
  await expect(dateOf(first.name)).toContainText(shown(periodStart));
  await expect(switchOf(second.name)).toBeEnabled();
  await toggleSwitch(switchOf(second.name));
  await expect(switchOf(second.name)).toBeChecked();
  await expect(switchOf(second.name)).toBeEnabled();
  await expect(switchOf(third.name)).not.toBeChecked();

  // The start date of an active company is saved as soon as it is picked.
  const [year, month] = periodStart.split('-');
  await dateOf(first.name).click();
  await page
    .getByRole('button', {
      name: new RegExp(`^10 ${spanishMonth({ year: Number(year), month: Number(month) }).toLowerCase()} ${year}`),
    })
    .click();
  await expectText(page, 'Fecha de inicio actualizada correctamente');

  // The search box narrows the companies by name or RUT.
  await companies.getByLabel('Buscar empresa').fill(second.name);
  await expect(switchOf(first.name)).toHaveCount(0);
  await expect(switchOf(second.name)).toBeChecked();
  await companies.getByLabel('Buscar empresa').fill('');

  await page.reload();
  await expect(switchOf(first.name)).toBeChecked();
  await expect(switchOf(second.name)).toBeChecked();
  await expect(switchOf(third.name)).not.toBeChecked();
  await expect(dateOf(first.name)).toContainText(`10-${month}-${year}`);

  // 'Activar todo': every company, from 01-01-2021; those already in keep their date.
  await companies.getByRole('button', { name: 'Activar todo', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Activar todo' })
    .getByRole('button', { name: 'Activar todo', exact: true })
    .click();
  await expectText(page, 'Tarea activada en todas las empresas');
  await expect(switchOf(third.name)).toBeChecked();
  await expect(dateOf(third.name)).toContainText('01-01-2021');
  await expect(dateOf(first.name)).toContainText(`10-${month}-${year}`);

  // 'Desactivar todo': none left, after a reload too.
  await companies.getByRole('button', { name: 'Desactivar todo', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Desactivar todo' })
    .getByRole('button', { name: 'Desactivar todo', exact: true })
    .click();
  await expectText(page, 'Tarea desactivada en todas las empresas');
  for (const business of [first, second, third]) await expect(switchOf(business.name)).not.toBeChecked();
  await page.reload();
  for (const business of [first, second, third]) await expect(switchOf(business.name)).not.toBeChecked();

  // Delete from the list, after a confirmation that names the task.
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Tareas' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: editedName })
    .getByRole('button', { name: `Eliminar ${editedName}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar tarea' });
  await expect(confirm).toContainText(editedName);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expectText(page, 'Tarea eliminada correctamente');
  await expect(page.getByRole('row').filter({ hasText: editedName })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tareas', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: editedName })).toHaveCount(0);
});

test('a task that does not exist shows that it does not, with the way back to the tasks and nothing to retry', async ({
  page,
}) => {
  await signInAsOwner(page, '/tareas/999999');
  const missing = page.getByRole('alert').filter({ hasText: 'La tarea no existe' });
  await expect(missing).toBeVisible();
  await expect(missing.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Tareas' }),
  ).toBeVisible();
  await missing.getByRole('link', { name: 'Volver a Tareas' }).click();
  await expect(page).toHaveURL(/\/tareas$/);
});

test('at 700 px the task pages fit the screen', async ({ page, request }) => {
  const ownerId = await staffUserId(request, OWNER.email);
  const task = await createTaskViaApi(request, { name: uniqueName('Tarea angosta'), responsableCollaborator: ownerId });
  await createBusinessViaApi(request, uniqueName('Empresa angosta'));
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAsOwner(page);
  for (const path of ['/tareas', `/tareas/${task.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('a collaborator does not see Tareas and is sent home from the task pages', async ({ page, request }) => {
  const ownerId = await staffUserId(request, OWNER.email);
  const task = await createTaskViaApi(request, { name: uniqueName('Tarea privada'), responsableCollaborator: ownerId });
  await signInAsNewCollaborator(page, request, 'Tomás');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Tareas', exact: true }),
  ).toHaveCount(0);
  for (const path of ['/tareas', `/tareas/${task.id}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hola Tomás! Bienvenido/a de nuevo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tareas', level: 1 })).toHaveCount(0);
  }
});

test('a task is created with the keyboard alone, and the task pages have no serious accessibility problems', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await createBusinessViaApi(request, uniqueName('Empresa accesible'));
  const taskName = uniqueName('Tarea teclado');
  await signInAsOwner(page, '/tareas');
  await expect(page.getByRole('heading', { name: 'Tareas', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Nuevo' }).focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Nueva tarea' });
  await expect(modal.getByLabel('Nombre')).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.type(taskName);
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('combobox', { name: 'Responsable' })).toBeFocused();
  await page.keyboard.type(OWNER.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('combobox', { name: 'Responsable' })).toHaveValue(new RegExp(OWNER.name));
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel('Día de vencimiento')).toBeFocused();
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('checkbox', { name: 'Mostrar en el resumen' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expectText(page, 'Tarea guardada correctamente');
  const row = page.getByRole('row').filter({ hasText: taskName });
  await expect(row).toContainText('12');

  await row.getByRole('link', { name: `Editar ${taskName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: taskName, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Empresas' }).getByRole('switch').first()).toBeVisible();
  // The page itself, once the toast of the save has gone.
  await expect(page.getByText('Tarea guardada correctamente')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
