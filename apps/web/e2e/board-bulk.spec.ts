import { currentPeriod } from '@app/shared/period';
import { type APIRequestContext, expect, type Page, test, type WebSocket } from '@playwright/test';
import * as board from './support/board-cells';
import { mockMonthlyBoard } from './support/board-mocks';
import { cellButton, openMonthlyBoard, otherBrowser, seedServiceBoard } from './support/boards';
import { createCollaboratorViaApi, OWNER, signInAsOwner } from './support/fixtures';
import { monthName, monthTitle, shiftPeriod } from './support/months';

const period = currentPeriod();
const NAMES = ['Alfa', 'Beta', 'Gamma', 'Delta'] as const;

/**
 * An F29 with 'Pendiente' and 'Pagado' (with a value), three companies that have it and one that
 * does not (Gamma: its cell is 'N/A'); the names share a prefix for the search.
 */
async function seedBoard(request: APIRequestContext, label: string) {
  const states = [
    { name: 'Pendiente', color: '#E74C3C', pctProgress: 0 },
    { name: 'Pagado', color: '#2ECC71', pctProgress: 100, hasValue: true },
  ];
  const { prefix, service, companies } = await seedServiceBoard(request, label, states, NAMES, ['Gamma']);
  return {
    prefix,
    service,
    alfa: companies.Alfa,
    beta: companies.Beta,
    gamma: companies.Gamma,
    delta: companies.Delta,
  };
}

const rowOf = (page: Page, company: string) => page.getByRole('row').filter({ hasText: company });
const selectBox = (page: Page, company: string) => page.getByRole('checkbox', { name: `Seleccionar ${company}` });

/**
 * The board events ('update state…' / 'update states…') the page's live socket receives from now on,
 * with their payload: other tests change cells of the same month meanwhile.
 */
function countBoardEvents(page: Page) {
  const frames: { name: string; text: string }[] = [];
  const watch = (socket: WebSocket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.startsWith('42["update state')) frames.push({ name: text.slice(3, text.indexOf(',')), text });
    });
  };
  page.on('websocket', watch);
  return frames;
}

test("the owner sets F29 for three selected companies at once ('N/A' skipped and counted); a collaborator's board follows live with one message", async ({
  page,
  browser,
  request,
}) => {
  // Two browsers: over 30 s on a busy machine.
  test.setTimeout(60_000);
  const { prefix, service, alfa, beta, gamma, delta } = await seedBoard(request, 'Masivo');
  const collaborator = await createCollaboratorViaApi(request, 'Rocío', 'Lagos');

  const { context: otherContext, page: other } = await otherBrowser(browser);
  const events = countBoardEvents(other);
  await openMonthlyBoard(other, collaborator.email, collaborator.password, prefix, true);
  await expect(cellButton(other, service.name, alfa.name)).toHaveAccessibleName(
    `${service.name} de ${alfa.name}: Pendiente`,
  );
  await board.markWindow(other);

  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('form', { name: 'Cambio masivo' })).toHaveCount(0);
  for (const company of [alfa, beta, gamma]) await selectBox(page, company.name).check();
  const bar = page.getByRole('form', { name: 'Cambio masivo' });
  await expect(bar.getByRole('status')).toHaveText('3 seleccionadas');
  await expect(page.getByRole('checkbox', { name: 'Seleccionar todas las visibles' })).not.toBeChecked();

  await bar.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: service.name, exact: true }).click();
  await bar.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Pagado', exact: true }).click();
  // A state with a value asks for it once, read as the single change's 'Valor' reads money.
  await bar.getByRole('button', { name: 'Aplicar' }).click();
  await expect(bar.getByText('Este estado requiere un valor')).toBeVisible();
  await bar.getByRole('textbox', { name: 'Valor' }).fill('1234567');
  await bar.getByRole('button', { name: 'Aplicar' }).click();

  await expect(page.getByText('2 actualizadas, 1 no aplica')).toBeVisible();
  await expect(cellButton(page, service.name, alfa.name)).toHaveText('$1.234.567');
  await expect(cellButton(page, service.name, beta.name)).toHaveText('$1.234.567');
  await expect(cellButton(page, service.name, delta.name)).toHaveAccessibleName(
    `${service.name} de ${delta.name}: Pendiente`,
  );
  await expect(rowOf(page, gamma.name)).toContainText('N/A');
  // The selection is cleared after success: the bar goes.
  await expect(bar).toHaveCount(0);
  await expect(selectBox(page, alfa.name)).not.toBeChecked();

  // The collaborator's board follows without reloading, from one message for all the cells.
  await expect(cellButton(other, service.name, alfa.name)).toHaveText('$1.234.567', { timeout: 1_500 });
  await expect(cellButton(other, service.name, beta.name)).toHaveText('$1.234.567');
  await expect(cellButton(other, service.name, delta.name)).toHaveAccessibleName(
    `${service.name} de ${delta.name}: Pendiente`,
  );
  await expect(rowOf(other, gamma.name)).toContainText('N/A');
  await board.expectNotReloaded(other);
  // One message for the bulk change, and no single-cell message about these companies.
  expect(events.filter((event) => event.name.startsWith('"update states')).map((event) => event.name)).toEqual([
    `"update states ${period.month}/${period.year}"`,
  ]);
  const ours = [alfa, beta, gamma, delta].map((company) => `"businessId":${company.id},`);
  const singles = events.filter((event) => event.name.startsWith('"update state '));
  expect(singles.filter((event) => ours.some((id) => event.text.includes(id)))).toEqual([]);
  await otherContext.close();
});

test("a bulk change's toast says how many companies already had that state", async ({ page, request }) => {
  const { prefix, service, alfa, beta, delta } = await seedBoard(request, 'YaTenia');
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  const bar = page.getByRole('form', { name: 'Cambio masivo' });
  const apply = async (companies: { name: string }[]) => {
    for (const company of companies) await selectBox(page, company.name).check();
    await bar.getByRole('combobox', { name: 'Servicio' }).click();
    await page.getByRole('option', { name: service.name, exact: true }).click();
    await bar.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Pagado', exact: true }).click();
    await bar.getByRole('textbox', { name: 'Valor' }).fill('1234567');
    await bar.getByRole('button', { name: 'Aplicar' }).click();
  };
  await apply([alfa]);
  await expect(page.getByText('1 actualizada', { exact: true })).toBeVisible();
  await expect(cellButton(page, service.name, alfa.name)).toHaveText('$1.234.567');

  // Three selected, one of them already 'Pagado' with that amount: said, not silently left out.
  await apply([alfa, beta, delta]);
  await expect(page.getByText('2 actualizadas, 1 ya tenía ese estado', { exact: true })).toBeVisible();
  await expect(cellButton(page, service.name, delta.name)).toHaveText('$1.234.567');
  await page.screenshot({ path: test.info().outputPath('board-bulk-unchanged.png') });
});

test("'Seleccionar todas las visibles' after a search selects only the rows shown; 'Cancelar' and a month change clear the selection", async ({
  page,
  request,
}) => {
  const { prefix, alfa, beta, gamma, delta } = await seedBoard(request, 'Visibles');
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);

  // Only the 'Alfa' and 'Beta' rows shown: the header's checkbox selects those two.
  await page.getByLabel('Buscar empresa').fill(`${prefix} Alfa`);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  const all = page.getByRole('checkbox', { name: 'Seleccionar todas las visibles' });
  await all.check();
  const bar = page.getByRole('form', { name: 'Cambio masivo' });
  await expect(bar.getByRole('status')).toHaveText('1 seleccionada');
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
  await expect(selectBox(page, alfa.name)).toBeChecked();
  for (const company of [beta, gamma, delta]) await expect(selectBox(page, company.name)).not.toBeChecked();
  await expect(all).toHaveAttribute('data-indeterminate', 'true');

  // With the keyboard: Space on a row's checkbox.
  await selectBox(page, delta.name).focus();
  await page.keyboard.press('Space');
  await expect(bar.getByRole('status')).toHaveText('2 seleccionadas');

  // A selected company a filter hides is neither counted nor changed; shown again, it is back.
  await page.getByLabel('Buscar empresa').fill(`${prefix} Alfa`);
  await expect(bar.getByRole('status')).toHaveText('1 seleccionada');
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(bar.getByRole('status')).toHaveText('2 seleccionadas');

  // All shown, then all shown again: cleared.
  await all.check();
  await expect(bar.getByRole('status')).toHaveText('4 seleccionadas');
  await all.uncheck();
  await expect(bar).toHaveCount(0);

  // 'Cancelar' clears it.
  await selectBox(page, beta.name).check();
  await bar.getByRole('button', { name: 'Cancelar' }).click();
  await expect(bar).toHaveCount(0);
  await expect(selectBox(page, beta.name)).not.toBeChecked();

  // Another month: the selection does not follow.
  await selectBox(page, beta.name).check();
  await expect(bar.getByRole('status')).toHaveText('1 seleccionada');
  const previous = shiftPeriod(period, -1);
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  if (previous.year !== period.year) await page.getByRole('button', { name: /Previous|Anterior/i }).click();
  await page.getByRole('button', { name: new RegExp(`^${monthName(previous).slice(0, 3)}`, 'i') }).click();
  await expect(page.getByRole('heading', { name: monthTitle(previous), level: 3 })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test("a refused bulk change shows the server's Spanish message and keeps the selection", async ({ page, request }) => {
  const { prefix, service, alfa } = await seedBoard(request, 'Rechazo');
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await selectBox(page, alfa.name).check();
  const bar = page.getByRole('form', { name: 'Cambio masivo' });
  await bar.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: service.name, exact: true }).click();
  await bar.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Pendiente', exact: true }).click();
  await page.route('**/bulk', (route) =>
    route.fulfill({ status: 400, json: { message: 'Se pueden cambiar como máximo 2.000 empresas a la vez' } }),
  );
  await bar.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Se pueden cambiar como máximo 2.000 empresas a la vez')).toBeVisible();
  await expect(bar.getByRole('status')).toHaveText('1 seleccionada');
});

test('the selection survives scrolling the virtual table, and selecting all the visible rows takes every row shown, not only those drawn', async ({
  page,
}) => {
  await mockMonthlyBoard(page, period, { companies: 200 });
  await signInAsOwner(page);
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  const second = 'Empresa 002 Servicios Contables SpA';
  const last = 'Empresa 200 Servicios Contables SpA';
  await selectBox(page, second).check();
  await region.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await selectBox(page, last).check();
  // The second row is no longer drawn (only the rows in view are), yet it stays selected.
  await expect(selectBox(page, second)).toHaveCount(0);
  const bar = page.getByRole('form', { name: 'Cambio masivo' });
  await expect(bar.getByRole('status')).toHaveText('2 seleccionadas');
  await region.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(selectBox(page, second)).toBeChecked();
  await expect(selectBox(page, last)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Seleccionar todas las visibles' }).check();
  await expect(bar.getByRole('status')).toHaveText('200 seleccionadas');
});
