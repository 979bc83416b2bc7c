import { readFile } from 'node:fs/promises';
import { msg } from '@app/shared/messages';
import { companiesMsg } from '@app/shared/messages-companies';
import { importMsg } from '@app/shared/messages-import';
import { IMPORT_HEADERS, IMPORT_TEMPLATE_FILE_NAME } from '@app/shared/schemas/business-import';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  createServiceViaApi,
  ownerHeaders,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueName,
  uniqueRut,
} from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

/** Chooses the spreadsheet through the dialog's 'Elegir planilla' button, as a person would. */
async function chooseSpreadsheet(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog').getByRole('button', { name: importMsg.chooseFile }).click();
  await (await chooser).setFiles(file);
}

test("the owner downloads the template, fills it in, sees a bad RUT explained with 'Importar' disabled, fixes it and imports the companies", async ({
  page,
  request,
}, testInfo) => {
  const service = await createServiceViaApi(request, uniqueName('IVA import'));
  const prefix = uniqueName('Importada');
  const first = { name: `${prefix} Alfa`, rut: uniqueRut() };
  const second = { name: `${prefix} Beta`, rut: uniqueRut() };
  // The same body with another check digit: not a valid RUT.
  const badDigit = second.rut.raw.endsWith('1') ? '2' : '1';
  const badRut = `${second.rut.body}-${badDigit}`;

  await signInAsOwner(page, '/empresas');
  await page.getByRole('button', { name: importMsg.importButton }).click();
  const dialog = page.getByRole('dialog', { name: importMsg.modalTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: importMsg.confirmButton, exact: true })).toBeDisabled();

  // The template: the form's headers, then one column per service.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: importMsg.templateButton }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe(IMPORT_TEMPLATE_FILE_NAME);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers.slice(0, Object.keys(IMPORT_HEADERS).length)).toEqual(Object.values(IMPORT_HEADERS));
  expect(headers).toContain(service.name);
  const column = (header: string) => headers.indexOf(header) + 1;

  // Two companies the way Chilean sheets write them: a RUT with dots and one without, a real date
  // and a DD-MM-YYYY one; the second's RUT has a wrong check digit.
  const fill = (row: number, values: Record<string, unknown>) => {
    for (const [header, value] of Object.entries(values)) sheet.getCell(row, column(header)).value = value as never;
  };
  fill(2, {
    [IMPORT_HEADERS.name]: first.name,
    [IMPORT_HEADERS.razonSocial]: `${first.name} SpA`,
    [IMPORT_HEADERS.rut]: first.rut.formatted,
    [IMPORT_HEADERS.legalRepresentative]: 'Marcela Fuentes',
    [IMPORT_HEADERS.contact]: 'alfa@empresa.cl',
    [IMPORT_HEADERS.startContract]: new Date(Date.UTC(2024, 2, 1)),
    [IMPORT_HEADERS.endContract]: '31-12-2030',
    [service.name]: '03-2026',
  });
  fill(3, {
    [IMPORT_HEADERS.name]: second.name,
    [IMPORT_HEADERS.razonSocial]: `${second.name} Ltda`,
    [IMPORT_HEADERS.rut]: badRut,
    [IMPORT_HEADERS.legalRepresentative]: 'Jorge Rojas',
    [IMPORT_HEADERS.contact]: 'beta@empresa.cl',
    [IMPORT_HEADERS.startContract]: '01-06-2024',
    [IMPORT_HEADERS.endContract]: '30-06-2031',
  });
  const withError = testInfo.outputPath('empresas-con-error.xlsx');
  await workbook.xlsx.writeFile(withError);

  await chooseSpreadsheet(page, withError);
  await expect(dialog.getByText(importMsg.counts(1, 0, 1))).toBeVisible();
  const errorRow = dialog.getByRole('row').filter({ hasText: companiesMsg.invalidRut });
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow.getByRole('cell')).toHaveText(['3', IMPORT_HEADERS.rut, companiesMsg.invalidRut]);
  await expect(dialog.getByRole('button', { name: importMsg.confirmButton, exact: true })).toBeDisabled();

  // The rows to create name their services' start months.
  await dialog.getByRole('tab', { name: importMsg.createTab(1) }).click();
  const newRow = dialog.getByRole('row').filter({ hasText: first.name });
  await expect(newRow).toContainText(first.rut.formatted);
  await expect(newRow).toContainText(`${service.name} (03-2026)`);

  // Nothing was written by the preview.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(page.getByText('Sin resultados para')).toBeVisible();

  // Fixed: the right check digit, without dots and with a lower-case 'k' if it has one.
  sheet.getCell(3, column(IMPORT_HEADERS.rut)).value = second.rut.raw.toLowerCase();
  const fixed = testInfo.outputPath('empresas.xlsx');
  await workbook.xlsx.writeFile(fixed);

  await page.getByRole('button', { name: importMsg.importButton }).click();
  await expect(dialog).toBeVisible();
  await chooseSpreadsheet(page, fixed);
  await expect(dialog.getByText(importMsg.counts(2, 0, 0))).toBeVisible();
  await expect(dialog.getByRole('tab', { name: importMsg.createTab(2), selected: true })).toBeVisible();
  await dialog.getByRole('button', { name: importMsg.confirmButton, exact: true }).click();

  await expect(page.getByRole('alert').filter({ hasText: importMsg.imported(2, 0) })).toBeVisible();
  await expect(dialog).toBeHidden();
  const body = page.getByRole('table').locator('tbody');
  await expect(body.getByRole('row')).toHaveCount(2);
  await expect(body.getByRole('row').nth(0)).toContainText(first.rut.formatted);
  await expect(body.getByRole('row').nth(1)).toContainText(second.rut.formatted);
});

test('when the firm changed since the preview, the confirm writes nothing and the preview shows the new error', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createCollaboratorViaApi(request, 'Encargada', uniqueName('Import'));
  const name = uniqueName('Importada con encargada');
  const rut = uniqueRut();

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Empresas');
  sheet.addRow(Object.values(IMPORT_HEADERS));
  sheet.addRow([
    name,
    `${name} SpA`,
    rut.raw,
    'Marcela Fuentes',
    'contacto@empresa.cl',
    '01-01-2024',
    '31-12-2030',
    '',
    `${owner.name} ${owner.lastName}`,
  ]);
  const file = testInfo.outputPath('empresas.xlsx');
  await workbook.xlsx.writeFile(file);

  await signInAsOwner(page, '/empresas');
  await page.getByRole('button', { name: importMsg.importButton }).click();
  const dialog = page.getByRole('dialog', { name: importMsg.modalTitle });
  await chooseSpreadsheet(page, file);
  await expect(dialog.getByText(importMsg.counts(1, 0, 0))).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: name })).toContainText(`${owner.name} ${owner.lastName}`);

  // The owner named in the sheet leaves the firm before 'Importar'.
  const deleted = await request.delete(`/api/user/${owner.id}`, { headers: await ownerHeaders(request) });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await dialog.getByRole('button', { name: importMsg.confirmButton, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: importMsg.confirmHasErrors })).toBeVisible();
  await expect(dialog.getByText(importMsg.counts(0, 0, 1))).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: importMsg.ownerNotFound }).getByRole('cell')).toHaveText([
    '2',
    IMPORT_HEADERS.responsible,
    importMsg.ownerNotFound,
  ]);
  await expect(dialog.getByRole('button', { name: importMsg.confirmButton, exact: true })).toBeDisabled();

  await page.keyboard.press('Escape');
  await page.getByLabel('Buscar empresa').fill(name);
  await expect(page.getByText('Sin resultados para')).toBeVisible();
});

test("a refused file shows the server's message and nothing to import", async ({ page }, testInfo) => {
  const notSpreadsheet = testInfo.outputPath('empresas.csv');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(notSpreadsheet, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]));

  await signInAsOwner(page, '/empresas');
  await page.getByRole('button', { name: importMsg.importButton }).click();
  const dialog = page.getByRole('dialog', { name: importMsg.modalTitle });
  await chooseSpreadsheet(page, notSpreadsheet);
  await expect(dialog.getByRole('alert')).toHaveText(importMsg.notSpreadsheet);
  await expect(dialog.getByRole('button', { name: importMsg.confirmButton, exact: true })).toBeDisabled();
});

test("a collaborator has no 'Importar empresas'", async ({ page, request }) => {
  await signInAsNewCollaborator(page, request, 'Colaboradora', 'Importa');
  await page.goto('/empresas');
  await expect(page.getByRole('heading', { name: 'Empresas' })).toBeVisible();
  await expect(page.getByRole('button', { name: msg.exportToExcel })).toBeVisible();
  await expect(page.getByRole('button', { name: importMsg.importButton })).toHaveCount(0);
});

test("a row with another company's RUT shows 'Transportes Cordillera → Panadería Ñuñoa' flagged with every change old → new, and renames nothing until that row is confirmed", async ({
  page,
  request,
}, testInfo) => {
  const headers = await ownerHeaders(request);
  const cordillera = await createBusinessViaApi(request, uniqueName('Transportes Cordillera'));
  const panaderia = uniqueName('Panadería Ñuñoa');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Empresas');
  sheet.addRow(Object.values(IMPORT_HEADERS));
  sheet.addRow([
    panaderia,
    `${panaderia} SpA`,
    cordillera.rut,
    'Rosa Díaz',
    'hola@panaderia.cl',
    '01-01-2023',
    '31-12-2030',
    '',
    '',
  ]);
  const file = testInfo.outputPath('empresas.xlsx');
  await workbook.xlsx.writeFile(file);
  const stored = async () => {
    const response = await request.get(`/api/business/${cordillera.id}`, { headers });
    expect(response.status()).toBe(200);
    return (await response.json()).business as { name: string; contact: string; legalRepresentative: string };
  };

  await signInAsOwner(page, '/empresas');
  await page.getByRole('button', { name: importMsg.importButton }).click();
  const dialog = page.getByRole('dialog', { name: importMsg.modalTitle });
  await chooseSpreadsheet(page, file);
  await expect(dialog.getByText(importMsg.counts(0, 1, 0))).toBeVisible();

  // The change of name, on its own and asked for, before anything else.
  const renames = dialog.getByRole('alert').filter({ hasText: importMsg.renamesTitle(1) });
  await expect(renames).toBeVisible();
  await expect(renames.getByText(`${cordillera.name} → ${panaderia}`, { exact: true })).toBeVisible();
  const confirmRename = renames.getByRole('checkbox', {
    name: `${importMsg.renameConfirm}: ${cordillera.name} → ${panaderia}`,
  });
  await expect(confirmRename).not.toBeChecked();
  const importButton = dialog.getByRole('button', { name: importMsg.confirmButton, exact: true });
  await expect(importButton).toBeDisabled();
  await expect(dialog.getByText(importMsg.renamesPending(1))).toBeVisible();

  // The updates tab: the row marked, each changed value old → new; the contacts it had are kept.
  await expect(dialog.getByRole('tab', { name: importMsg.updateTab(1), selected: true })).toBeVisible();
  const row = dialog.getByRole('row').filter({ hasText: importMsg.renameBadge });
  await expect(row).toContainText(`${IMPORT_HEADERS.name}: ${cordillera.name} → ${panaderia}`);
  await expect(row).toContainText(`${IMPORT_HEADERS.legalRepresentative}: Marcela Fuentes → Rosa Díaz`);
  await expect(row).toContainText(
    `${IMPORT_HEADERS.contact}: contacto@empresa.cl → contacto@empresa.cl, hola@panaderia.cl`,
  );
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('import-rename-1280.png'), fullPage: true });
  await row.screenshot({ path: testInfo.outputPath('import-rename-row-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(renames.getByText(`${cordillera.name} → ${panaderia}`, { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('import-rename-390.png'), fullPage: true });
  await row.screenshot({ path: testInfo.outputPath('import-rename-row-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Nothing renamed while it is not confirmed, even by a request that skips the screen.
  expect(await stored()).toMatchObject({ name: cordillera.name, legalRepresentative: 'Marcela Fuentes' });
  const skipped = await request.post('/api/business/import/confirm', {
    headers,
    multipart: { file: { name: 'empresas.xlsx', mimeType: 'application/octet-stream', buffer: await readFile(file) } },
  });
  expect(skipped.status()).toBe(409);
  expect(await stored()).toMatchObject({ name: cordillera.name });

  await confirmRename.check();
  await expect(dialog.getByText(importMsg.renamesPending(1))).toHaveCount(0);
  await importButton.click();
  await expect(page.getByRole('alert').filter({ hasText: importMsg.imported(0, 1) })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await stored()).toMatchObject({
    name: panaderia,
    legalRepresentative: 'Rosa Díaz',
    contact: 'contacto@empresa.cl,hola@panaderia.cl',
  });
});
