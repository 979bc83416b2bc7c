import { currentPeriod, type Period } from '@app/shared/period';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { crumbLink, expectRowsDrawn, menuLink } from './support/board-fixtures';
import { createBusinessesViaApi, createCollaboratorViaApi, signInAsOwner, uniqueName } from './support/fixtures';
import { monthName, monthTitle } from './support/months';
import { createTaskViaApi } from './support/task-board-fixtures';

const period = currentPeriod();
const previous: Period =
  period.month === 1 ? { year: period.year - 1, month: 12 } : { year: period.year, month: period.month - 1 };

/** Goes from the month shown to another one with the board's month picker, and waits for its title. */
async function pickMonth(page: Page, shown: Period, target: Period) {
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  if (shown.year > target.year) await page.getByRole('button', { name: /Previous|Anterior/i }).click();
  if (shown.year < target.year) await page.getByRole('button', { name: /Next|Siguiente/i }).click();
  await page.getByRole('button', { name: new RegExp(`^${monthName(target).slice(0, 3)}`, 'i') }).click();
  await expect(page.getByRole('heading', { name: monthTitle(target), level: 3 })).toBeVisible();
}

/** Leaves for each screen by the menu (the board is gone) and comes back with the browser's Back. */
async function backFrom(page: Page, board: Locator, screens: string[]) {
  for (const screen of screens) {
    await menuLink(page, screen).click();
    await expect(board).toHaveCount(0);
    await page.goBack();
    await expectRowsDrawn(board);
  }
}

/** A month earlier, then back to this month (already loaded): the rows are drawn each time. */
async function toPreviousMonthAndBack(page: Page, board: Locator) {
  await pickMonth(page, period, previous);
  await expectRowsDrawn(board);
  await pickMonth(page, previous, period);
  await expectRowsDrawn(board);
}

// More companies than the 44 px rows a board shows at once: only the rows in view are rendered.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await createBusinessesViaApi(request, uniqueName('Regreso'), 60);
  const ana = await createCollaboratorViaApi(request, 'Ana', 'Rojas');
  await createTaskViaApi(request, { name: uniqueName('Respaldo'), responsableCollaborator: ana.id });
});

test('the monthly board draws its rows again on every way back to Inicio: menu, breadcrumb, browser Back, month change and back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsOwner(page);
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await expect(page.getByRole('heading', { name: monthTitle(period), level: 3 })).toBeVisible();
  await expectRowsDrawn(region);

  // By the menu, from Documentos.
  await menuLink(page, 'Documentos').click();
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await menuLink(page, 'Inicio').click();
  await expectRowsDrawn(region);

  // By the breadcrumb, from Empresas.
  await menuLink(page, 'Empresas').click();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await crumbLink(page, 'Inicio').click();
  await expectRowsDrawn(region);

  // By the browser's Back, from Usuarios, then from Tareas and Email.
  await backFrom(page, region, ['Usuarios', 'Tareas', 'Email']);
  await toPreviousMonthAndBack(page, region);
});

test('Seguimiento de tareas draws its rows again on every visit: menu, breadcrumb, browser Back, month change and back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsOwner(page);
  const region = page.getByRole('region', { name: 'Tabla de seguimiento de tareas' });
  const home = page.getByRole('region', { name: 'Tabla mensual de empresas' });

  // First visit, then the second one by the menu, from Tareas.
  await menuLink(page, 'Seguimiento de tareas').click();
  await expect(page.getByRole('heading', { name: monthTitle(period), level: 3 })).toBeVisible();
  await expectRowsDrawn(region);
  await menuLink(page, 'Tareas').click();
  await expect(region).toHaveCount(0);
  await menuLink(page, 'Seguimiento de tareas').click();
  await expectRowsDrawn(region);

  // Its breadcrumb leads to Inicio, whose board is drawn; the browser's Back returns to it.
  await crumbLink(page, 'Inicio').click();
  await expectRowsDrawn(home);
  await page.goBack();
  await expectRowsDrawn(region);

  // Back from Documentos and from Empresas.
  await backFrom(page, region, ['Documentos', 'Empresas']);
  await toPreviousMonthAndBack(page, region);
});
