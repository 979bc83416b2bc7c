import { santiagoDate } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createBusinessViaApi, ownerHeaders, signInAsOwner, uniqueName } from './support/fixtures';

/** The downloaded workbook's only sheet, opened with exceljs. */
async function openDownload(file: { path(): Promise<string> }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

async function exportShown(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  return download;
}

test("the owner filters and sorts the companies list, and 'Exportar a Excel' saves exactly the rows shown, in their order", async ({
  page,
  request,
}) => {
  const prefix = uniqueName('Lista export');
  const alfa = await createBusinessViaApi(request, `${prefix} Alfa`);
  const beta = await createBusinessViaApi(request, `${prefix} Beta`, { startContract: '2024-05-10' });
  const gama = await createBusinessViaApi(request, `${prefix} Gama`);
  await createBusinessViaApi(request, uniqueName('Fuera de la búsqueda'));

  await signInAsOwner(page, '/empresas');
  await page.getByLabel('Buscar empresa').fill(prefix);
  const body = page.getByRole('table').locator('tbody');
  await expect(body.getByRole('row')).toHaveCount(3);
  // Z to A by name: the file must follow the order shown, not the server's.
  await page.getByRole('columnheader', { name: 'Nombre' }).getByRole('button', { name: 'Nombre' }).click();
  await expect(body.getByRole('row').first()).toContainText(gama.name);

  const file = await exportShown(page);
  expect(file.suggestedFilename()).toBe('empresas.xlsx');
  const sheet = await openDownload(file);
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Nombre',
    'Razón social',
    'RUT',
    'Representante legal',
    'Contactos',
    'Inicio de contrato',
    'Fin de contrato',
    'Encargado',
  ]);
  expect(sheet.rowCount).toBe(4);
  expect([2, 3, 4].map((row) => sheet.getCell(row, 1).value)).toEqual([gama.name, beta.name, alfa.name]);
  expect(sheet.getCell(3, 3).value).toBe(beta.rut);
  expect(sheet.getCell(3, 6).value).toEqual(new Date(Date.UTC(2024, 4, 10)));
  expect(sheet.getCell(3, 7).value).toEqual(new Date(Date.UTC(2030, 11, 31)));

  // A failed export says why, in Spanish, and the button is usable again.
  await page.route('**/api/business/export', (route) =>
    route.fulfill({ status: 400, json: { message: 'Se pueden exportar como máximo 10.000 empresas' } }),
  );
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'No se pudo exportar a Excel' });
  await expect(alert).toContainText('Se pueden exportar como máximo 10.000 empresas');
  await expect(page.getByRole('button', { name: 'Exportar a Excel' })).toBeEnabled();

  // Nothing shown, nothing to export.
  await page.getByLabel('Buscar empresa').fill(`${prefix} ninguna`);
  await expect(page.getByRole('button', { name: 'Exportar a Excel' })).toBeDisabled();
});

test("'Exportar a Excel' on the e-mail log saves every entry of the company filtered, not only the page shown", async ({
  page,
  request,
}) => {
  const headers = await ownerHeaders(request);
  const company = await createBusinessViaApi(request, uniqueName('Correos export'));
  for (const subject of ['Aviso uno', 'Aviso dos']) {
    const sent = await request.post('/api/utils/send-email', {
      headers,
      data: { businessId: company.id, emails: ['pagos@empresa.cl'], subject, content: subject },
    });
    expect(sent.status()).toBe(200);
  }

  await signInAsOwner(page, `/email?empresa=${company.id}`);
  const body = page.getByRole('table').locator('tbody');
  await expect(body.getByRole('row')).toHaveCount(2);

  const before = santiagoDate();
  const file = await exportShown(page);
  expect([`correos-${before}.xlsx`, `correos-${santiagoDate()}.xlsx`]).toContain(file.suggestedFilename());
  const sheet = await openDownload(file);
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Fecha y hora',
    'Empresa',
    'Para',
    'Asunto',
    'Enviado por',
    'Estado',
  ]);
  expect(sheet.rowCount).toBe(3);
  expect([2, 3].map((row) => sheet.getCell(row, 4).value)).toEqual(['Aviso dos', 'Aviso uno']);
  expect(sheet.getCell(2, 1).value).toBeInstanceOf(Date);
  expect(sheet.getCell(2, 2).value).toBe(company.name);
  expect(sheet.getCell(2, 3).value).toBe('pagos@empresa.cl');
});
