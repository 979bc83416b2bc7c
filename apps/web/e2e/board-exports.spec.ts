import { currentPeriod } from '@app/shared/period';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  createBusinessViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  OWNER,
  ownerHeaders,
  signIn,
  uniqueName,
} from './support/fixtures';
import { monthTitle } from './support/months';
import { addBusinessToTaskViaApi, createTaskViaApi, setTaskStateViaApi } from './support/task-board-fixtures';
import { staffUserId } from './support/tasks-fixtures';

const period = currentPeriod();
const mm = String(period.month).padStart(2, '0');

/** The downloaded workbook's only sheet, opened with exceljs. */
async function openDownload(file: { path(): Promise<string> }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

test("the owner filters the monthly board and 'Exportar a Excel' saves exactly the rows shown, coloured", async ({
  page,
  request,
}) => {
  const prefix = uniqueName('Exporta');
  const service = await createServiceWithStatesViaApi(request, uniqueName('F29'), [
    { name: 'Pendiente', color: '#E74C3C', pctProgress: 0 },
    { name: 'Pagado', color: '#2ECC71', pctProgress: 100, hasValue: true },
  ]);
  const alfa = await createBusinessViaApi(request, `${prefix} Alfa`);
  const beta = await createBusinessViaApi(request, `${prefix} Beta`);
  const other = await createBusinessViaApi(request, uniqueName('Fuera'));
  for (const company of [alfa, beta, other]) await linkServiceViaApi(request, company.id, service.id);
  const paid = await request.put(`/api/monthly-states/year/${period.year}/month/${period.month}`, {
    headers: await ownerHeaders(request),
    data: { businessId: beta.id, serviceId: service.id, stateId: service.states[1]?.id, optionalValue: 1234567 },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole('heading', { name: monthTitle(period), level: 3 })).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(prefix);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tablero-${period.year}-${mm}.xlsx`);

  const sheet = await openDownload(file);
  const column = (sheet.getRow(1).values as unknown[]).indexOf(service.name);
  expect(column).toBeGreaterThan(3);
  // Exactly the two companies shown, in the board's order (by name), and not the one the search hid.
  expect(sheet.rowCount).toBe(3);
  expect(sheet.getCell(2, 1).value).toBe(alfa.name);
  expect(sheet.getCell(3, 1).value).toBe(beta.name);
  expect(sheet.getCell(2, column).value).toBe('Pendiente');
  expect(sheet.getCell(2, column).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFE74C3C' } });
  expect(sheet.getCell(3, column).value).toBe(1234567);
  expect(sheet.getCell(3, column).fill).toMatchObject({ fgColor: { argb: 'FF2ECC71' } });
});

test("'Exportar a Excel' on the task board saves the companies shown with their task states, coloured", async ({
  page,
  request,
}) => {
  const prefix = uniqueName('Tareas export');
  const ownerId = await staffUserId(request, OWNER.email);
  const task = await createTaskViaApi(request, { name: uniqueName('Retenciones'), responsableCollaborator: ownerId });
  const alfa = await createBusinessViaApi(request, `${prefix} Alfa`);
  const beta = await createBusinessViaApi(request, `${prefix} Beta`);
  await addBusinessToTaskViaApi(request, task.id, alfa.id);
  await setTaskStateViaApi(request, period, alfa.id, task.id, { state: 'Terminado' });

  await signIn(page, OWNER.email, OWNER.password, '/seguimiento-tareas');
  await expect(page.getByRole('heading', { name: monthTitle(period), level: 3 })).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tareas-${period.year}-${mm}.xlsx`);
  const sheet = await openDownload(file);
  const column = (sheet.getRow(1).values as unknown[]).indexOf(task.name);
  expect(column).toBeGreaterThan(3);
  expect(sheet.rowCount).toBe(3);
  expect(sheet.getCell(2, 1).value).toBe(alfa.name);
  expect(sheet.getCell(2, column).value).toBe('Terminado');
  expect(sheet.getCell(2, column).fill).toMatchObject({ fgColor: { argb: 'FF2ECC71' } });
  expect(sheet.getCell(3, 1).value).toBe(beta.name);
  expect(sheet.getCell(3, column).value).toBe('N/A');
});
