import fs from 'node:fs/promises';
import { chargeAmounts, ufToPesos } from '@app/shared/billing';
import { formatMoney, moneyMsg } from '@app/shared/money';
import type { UfValue } from '@app/shared/schemas/billing';
import { expect, type Page, test } from '@playwright/test';
import {
  billingToday,
  dayOfThisMonth,
  downloadedSheetRows,
  generateChargesViaApi,
  rowWith,
  setFeeTermsViaApi,
  shownDate,
} from './support/billing-fixtures';
import {
  createBusinessViaApi,
  ownerHeaders,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { monthName as spanishMonth } from './support/months';
import { seriousViolations } from './support/page-checks';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Serious or critical axe problems of the page at 1280 and 390 px, with a screenshot of each for a look by eye. */
async function checkBothWidths(page: Page, screen: string) {
  const found: string[] = [];
  // The toasts of the last save fade out first (a toast half faded reads below AA, and covers the page).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: test.info().outputPath(`${screen}-${size.width}.png`), fullPage: true });
    for (const problem of await seriousViolations(page, { wcag21: true }))
      found.push(`${screen} @${size.width}: ${problem}`);
  }
  await page.setViewportSize(WIDTHS[0]);
  expect(found).toEqual([]);
}

/** Fills the fee terms form (open) and saves it. */
async function saveTerms(
  page: Page,
  terms: { currency: 'CLP' | 'UF'; amount: string; documentType: string; billingDay: string },
) {
  const modal = page.getByRole('dialog', { name: 'Cambiar honorarios' });
  if (terms.currency === 'UF') await modal.getByRole('radio', { name: 'UF' }).check();
  await modal.getByLabel(terms.currency === 'UF' ? 'Monto en UF' : 'Monto neto en pesos').fill(terms.amount);
  await modal.getByLabel('Documento').selectOption({ label: terms.documentType });
  await modal.getByLabel('Día de facturación').fill(terms.billingDay);
  await modal.getByRole('button', { name: 'Guardar' }).click();
}

test("the owner sets fees in pesos and UF, loads UF values typed and imported, generates the month's charges, exports them for invoicing, edits, voids and marks them issued", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { year, month, day } = billingToday();
  const monthName = `${spanishMonth({ year, month }).toLowerCase()} ${year}`;
  // The generated fee's detail: 'Honorarios Noviembre 2026'.
  const detail = `Honorarios ${monthName.charAt(0).toUpperCase()}${monthName.slice(1)}`;
  const prefix = uniqueName('Cobro');
  const pesos = await createBusinessViaApi(request, `${prefix} Pesos`);
  const uf = await createBusinessViaApi(request, `${prefix} UF`);
  const boleta = await createBusinessViaApi(request, `${prefix} Boleta`);
  await setFeeTermsViaApi(request, boleta.id, {
    currency: 'CLP',
    amount: '100.000',
    documentType: 'boleta_honorarios',
    billingDay: 1,
  });

  await signInAsOwner(page);

  // Fees in pesos: a typed amount the money parser refuses is said on its field, in Spanish.
  await page.goto(`/empresas/${pesos.id}`);
  const fees = page.getByRole('region', { name: 'Honorarios' });
  await expect(fees).toContainText('La empresa no tiene honorarios vigentes este mes');
  await fees.getByRole('button', { name: 'Definir honorarios' }).click();
  await saveTerms(page, { currency: 'CLP', amount: '1,234', documentType: 'Factura afecta', billingDay: '1' });
  const termsModal = page.getByRole('dialog', { name: 'Cambiar honorarios' });
  await expect(termsModal.getByText(moneyMsg.ambiguous)).toBeVisible();
  await termsModal.getByLabel('Monto neto en pesos').fill('150.000');
  await termsModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(termsModal).toBeHidden();
  const inForce = fees.getByTestId('honorarios-vigentes');
  await expect(inForce).toContainText('$150.000');
  await expect(inForce).toContainText('Factura afecta');
  await expect(inForce).toContainText('Día 1');
  await expect(inForce).toContainText(`Vigentes desde${monthName}`);
  await expect(fees.getByRole('table', { name: 'Historial de honorarios' }).locator('tbody tr')).toHaveCount(1);

  // An extra charge once this month ('Término de giro'), to be voided later.
  await fees.getByRole('button', { name: 'Agregar cobro adicional' }).click();
  const extraModal = page.getByRole('dialog', { name: 'Agregar cobro adicional' });
  await extraModal.getByLabel('Descripción').fill('Término de giro');
  await extraModal.getByRole('radio', { name: 'Una vez' }).check();
  await extraModal.getByLabel('Monto neto en pesos').fill('80.000');
  await extraModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(extraModal).toBeHidden();
  const extras = fees.getByRole('table', { name: 'Cobros adicionales' });
  await expect(extras.locator('tbody tr')).toHaveCount(1);
  await expect(extras.locator('tbody tr')).toContainText(
    `Término de giro$80.000Factura afectaUna vez: ${monthName}Activo`,
  );

  // Fees in UF: three decimals are refused by the shared decimal reader; '3' is 3 UF.
  await page.goto(`/empresas/${uf.id}`);
  await fees.getByRole('button', { name: 'Definir honorarios' }).click();
  await saveTerms(page, { currency: 'UF', amount: '2,555', documentType: 'Factura exenta', billingDay: '5' });
  await expect(termsModal.getByText('Use como máximo dos decimales (por ejemplo 2,25)')).toBeVisible();
  await termsModal.getByLabel('Monto en UF').fill('3');
  await termsModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(termsModal).toBeHidden();
  await expect(inForce).toContainText('3 UF');
  await expect(inForce).toContainText('Factura exenta');
  await expect(inForce).toContainText('Día 5');
  await checkBothWidths(page, 'empresa-honorarios');

  // UF values: the issue day of the UF company typed by hand, the other days of the month imported.
  const ufDay = dayOfThisMonth(5);
  await page.goto('/cobranza?vista=uf');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranza' })).toBeVisible();
  const ufForm = page.getByRole('form', { name: 'Ingresar valor de la UF' });
  await ufForm.getByRole('textbox', { name: 'Fecha' }).fill(shownDate(ufDay));
  await ufForm.getByRole('textbox', { name: 'Fecha' }).press('Tab');
  await ufForm.getByLabel('Valor de la UF').fill('39643.59');
  await ufForm.getByRole('button', { name: 'Guardar valor' }).click();
  await expect(ufForm.getByText(/Número ambiguo/)).toBeVisible();
  await ufForm.getByLabel('Valor de la UF').fill('39.643,59');
  await ufForm.getByRole('button', { name: 'Guardar valor' }).click();
  const ufTable = page.getByRole('table', { name: 'Valores UF del mes' });
  await expect(rowWith(page, shownDate(ufDay))).toContainText('$39.643,59');
  await expect(rowWith(page, shownDate(ufDay))).toContainText('Ingresado');

  const importDays = [1, 2, Math.min(day, 28)].filter(
    (value, index, all) => value !== 5 && all.indexOf(value) === index,
  );
  // A retry meets the values the first attempt stored: the preview is expected from what the server holds.
  const known = await request.get(`/api/billing/uf?year=${year}&month=${month}`, {
    headers: await ownerHeaders(request),
  });
  const stored = new Map(((await known.json()) as UfValue[]).map((value) => [value.date, value.value]));
  const importValue = (value: number) => 3960000 + value;
  const importStatus = (value: number) => {
    const before = stored.get(dayOfThisMonth(value));
    return before === undefined ? 'Nuevo' : before === importValue(value) ? 'Sin cambio' : 'Cambia';
  };
  const counted = (status: string) => importDays.filter((value) => importStatus(value) === status).length;
  const csv = [
    'Fecha;Valor',
    ...importDays.map((value) => `${shownDate(dayOfThisMonth(value))};39.600,${String(value).padStart(2, '0')}`),
    `${shownDate(ufDay)};39.643,59`,
  ].join('\r\n');
  await page.getByRole('button', { name: 'Importar valores UF' }).click();
  const importModal = page.getByRole('dialog', { name: 'Importar valores UF' });
  await importModal
    .locator('input[type="file"]')
    .setInputFiles({ name: 'uf.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(importModal.getByRole('status')).toHaveText(
    `${counted('Nuevo')} nuevos, ${counted('Cambia')} cambian, ${counted('Sin cambio') + 1} sin cambio, 0 con error`,
  );
  const preview = importModal.getByRole('table', { name: 'Vista previa de valores UF' });
  await expect(preview.locator('tbody tr')).toHaveCount(importDays.length + 1);
  await expect(preview.locator('tbody tr').first()).toContainText(
    `2${shownDate(dayOfThisMonth(importDays[0] ?? 1))}$39.600,${String(importDays[0]).padStart(2, '0')}${importStatus(importDays[0] ?? 1)}`,
  );
  await expect(preview.locator('tbody tr').last()).toContainText(`${shownDate(ufDay)}$39.643,59Sin cambio`);
  const writes = counted('Nuevo') + counted('Cambia');
  await importModal
    .getByRole(
      'button',
      writes > 0 ? { name: `Guardar ${writes} ${writes === 1 ? 'valor' : 'valores'}` } : { name: 'Cancelar' },
    )
    .click();
  await expect(importModal).toBeHidden();
  await expect(ufTable.locator('tbody tr')).toHaveCount(importDays.length + 1);
  await expect(rowWith(page, shownDate(dayOfThisMonth(importDays[0] ?? 1)))).toContainText('Importado');

  // With a UF value known up to today, the company page shows the UF fee in pesos.
  const latestKnown =
    day >= 5
      ? Math.max(5, ...importDays.filter((value) => value <= day))
      : Math.max(...importDays.filter((value) => value <= day));
  const latestValue = latestKnown === 5 ? 3964359 : importValue(latestKnown);
  await page.goto(`/empresas/${uf.id}`);
  await expect(inForce).toContainText(`3 UF = ${formatMoney(ufToPesos(300, latestValue))}`);

  // Generating the month: each company's fee and the extra charge, once.
  await page.goto('/cobranza');
  await page.getByRole('button', { name: `Generar cobros de ${monthName}` }).click();
  const generated = page.getByRole('status').filter({ hasText: 'Cobros generados' });
  await expect(generated).toContainText(/Nuevos: \d+/);
  await page.getByLabel('Buscar cobro').fill(prefix);
  const table = page.getByRole('table', { name: 'Cobros del mes' });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  const ufNet = ufToPesos(300, 3964359);
  const boletaAmounts = chargeAmounts(100_000, 'boleta_honorarios', year);
  await expect(rowWith(page, `${prefix} Pesos`).filter({ hasText: `Honorarios` })).toContainText(
    '$150.000$28.500IVA 19 %$178.500',
  );
  await expect(rowWith(page, `${prefix} Pesos`).filter({ hasText: 'Término de giro' })).toContainText(
    '$80.000$15.200IVA 19 %$95.200',
  );
  await expect(rowWith(page, `${prefix} UF`)).toContainText(`3 UF × $39.643,59 (UF del ${shownDate(ufDay)})`);
  await expect(rowWith(page, `${prefix} UF`)).toContainText(`${formatMoney(ufNet)}—Exenta${formatMoney(ufNet)}`);
  await expect(rowWith(page, `${prefix} Boleta`)).toContainText(
    `${formatMoney(100_000)}${formatMoney(boletaAmounts.tax)}Retención`,
  );
  for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText('Por emitir');

  // A second run creates nothing more for these companies.
  await page.getByRole('button', { name: `Generar cobros de ${monthName}` }).click();
  await expect(generated).toContainText(/Ya existían: [1-9]/);
  await expect(table.locator('tbody tr')).toHaveCount(4);

  // Sorting by total, highest first.
  await table.getByRole('button', { name: 'Total' }).click();
  await table.getByRole('button', { name: 'Total' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('$178.500');

  // Editing a draft: the boleta becomes 120.000 gross.
  await page.getByRole('button', { name: new RegExp(`Acciones de ${prefix} Boleta`) }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const editModal = page.getByRole('dialog', { name: 'Editar cobro' });
  await editModal.getByLabel('Monto neto en pesos').fill('120.000');
  await editModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(editModal).toBeHidden();
  const edited = chargeAmounts(120_000, 'boleta_honorarios', year);
  await expect(rowWith(page, `${prefix} Boleta`)).toContainText(formatMoney(edited.total));

  // Voiding the extra charge needs a reason, which stays on the row.
  await page.getByRole('button', { name: new RegExp(`Acciones de ${prefix} Pesos: Término de giro`) }).click();
  await page.getByRole('menuitem', { name: 'Anular' }).click();
  const voidModal = page.getByRole('dialog', { name: 'Anular cobro' });
  await voidModal.getByRole('button', { name: 'Anular cobro' }).click();
  await expect(voidModal.getByText('Indique el motivo de la anulación')).toBeVisible();
  await voidModal.getByLabel('Motivo de la anulación').fill('El cliente no cerró la empresa');
  await voidModal.getByRole('button', { name: 'Anular cobro' }).click();
  await expect(voidModal).toBeHidden();
  await expect(rowWith(page, 'Término de giro')).toContainText('Anulado: El cliente no cerró la empresa');
  await expect(rowWith(page, 'Término de giro')).toContainText('Anulado');

  // 'Exportar para facturar': the rows to invoice, with the amounts shown.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar para facturar' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const xlsx = await xlsxDownload;
  const periodText = `${year}-${String(month).padStart(2, '0')}`;
  expect(xlsx.suggestedFilename()).toBe(`facturar-${periodText}.xlsx`);
  const rows = await downloadedSheetRows(xlsx);
  expect(rows[0]).toEqual(['RUT', 'Razón social', 'Detalle', 'Neto', 'IVA', 'Retención', 'Total', 'Email']);
  const mine = rows.filter((row) => [pesos.rut, uf.rut, boleta.rut].includes(String(row[0])));
  expect(mine).toEqual(
    expect.arrayContaining([
      [pesos.rut, `${prefix} Pesos SpA`, detail, 150_000, 28_500, 0, 178_500, 'contacto@empresa.cl'],
      [uf.rut, `${prefix} UF SpA`, detail, ufNet, 0, 0, ufNet, 'contacto@empresa.cl'],
      [boleta.rut, `${prefix} Boleta SpA`, detail, 120_000, 0, edited.tax, edited.total, 'contacto@empresa.cl'],
    ]),
  );
  expect(mine).toHaveLength(3);
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar para facturar' }).click();
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe(`facturar-${periodText}.csv`);
  const csvLines = (await fs.readFile(await csvFile.path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r\n/);
  expect(csvLines[0]).toBe('RUT;Razón social;Detalle;Neto;IVA;Retención;Total;Email');
  expect(csvLines.filter((line) => line.startsWith(pesos.rut))).toEqual([
    `${pesos.rut};${prefix} Pesos SpA;${detail};150000;28500;0;178500;contacto@empresa.cl`,
  ]);

  // 'Marcar emitido' in bulk: the pesos and UF charges, folios numbered from one.
  const folio = 100_000 + (Date.now() % 800_000);
  await table.getByRole('checkbox', { name: `Seleccionar ${prefix} Pesos: ${detail}` }).check();
  await table.getByRole('checkbox', { name: `Seleccionar ${prefix} UF: ${detail}` }).check();
  await page.getByRole('button', { name: 'Marcar emitidos (2)' }).click();
  const issueModal = page.getByRole('dialog', { name: 'Marcar emitidos (2)' });
  await expect(issueModal.locator('tbody tr').first()).toContainText('Factura electrónica (33)');
  await issueModal.getByLabel('Numerar desde el folio').fill(String(folio));
  await issueModal.getByRole('button', { name: 'Completar folios' }).click();
  await issueModal.getByRole('button', { name: 'Marcar 2 emitidos' }).click();
  await expect(issueModal).toBeHidden();
  await expect(rowWith(page, `${prefix} Pesos`).filter({ hasText: 'Honorarios' })).toContainText(`Emitido`);
  const issuedFolios = [
    await rowWith(page, `${prefix} Pesos`).filter({ hasText: 'Honorarios' }).textContent(),
    await rowWith(page, `${prefix} UF`).textContent(),
  ].join(' ');
  expect(issuedFolios).toMatch(new RegExp(`Factura 33 N° (${folio}|${folio + 1})`));
  expect(issuedFolios).toMatch(new RegExp(`Exenta 34 N° (${folio}|${folio + 1})`));

  // The boleta marked issued from the invoicing tool's export, after a preview of its match.
  await page.getByRole('button', { name: 'Importar emitidos' }).click();
  const issuedModal = page.getByRole('dialog', { name: `Importar documentos emitidos de ${monthName}` });
  await issuedModal.locator('input[type="file"]').setInputFiles({
    name: 'emitidos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`RUT;Folio;Total\r\n${boleta.rut};${folio};${edited.total}\r\n`),
  });
  await expect(issuedModal.getByRole('status')).toHaveText('1 línea coincide con un cobro; 0 con problemas');
  await expect(issuedModal.locator('tbody tr')).toContainText(
    `2${boleta.rut}${folio}${formatMoney(edited.total)}Coincide${prefix} Boleta`,
  );
  await issuedModal.getByRole('button', { name: 'Marcar 1 emitidos' }).click();
  await expect(issuedModal).toBeHidden();
  await expect(rowWith(page, `${prefix} Boleta`)).toContainText(`Emitido`);
  await expect(rowWith(page, `${prefix} Boleta`)).toContainText(`BHE N° ${folio}`);

  await checkBothWidths(page, 'cobranza-cobros');
  await page.getByRole('tab', { name: 'Valores UF' }).click();
  await checkBothWidths(page, 'cobranza-uf');
});

test("the owner edits an extra charge that produced no charge, and applies a company's credit from its statement, told what it did", async ({
  page,
  request,
}) => {
  const headers = await ownerHeaders(request);
  const company = await createBusinessViaApi(request, uniqueName('Saldo a favor'));
  // Once in a month two years ahead: no generation of this run produces a charge from it.
  const later = billingToday().year + 2;
  const extra = await request.post(`/api/billing/business/${company.id}/extras`, {
    headers,
    data: {
      description: 'Operación Renta',
      currency: 'CLP',
      amount: '80.000',
      documentType: 'factura_afecta',
      recurrence: 'once',
      month: { year: later, month: 6 },
    },
  });
  expect(extra.status(), await extra.text()).toBe(201);
  await setFeeTermsViaApi(request, company.id, {
    currency: 'CLP',
    amount: '100.000',
    documentType: 'factura_afecta',
    billingDay: 1,
  });
  await generateChargesViaApi(request);

  await signInAsOwner(page);
  await page.goto(`/empresas/${company.id}`);
  const fees = page.getByRole('region', { name: 'Honorarios' });
  await fees.getByRole('button', { name: 'Editar Operación Renta' }).click();
  const modal = page.getByRole('dialog', { name: 'Editar cobro adicional' });
  await expect(modal.getByLabel('Monto neto en pesos')).toHaveValue('80.000');
  await modal.getByLabel('Monto neto en pesos').fill('95.000');
  await modal.getByLabel('Documento').selectOption({ label: 'Factura exenta' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(fees.getByRole('table', { name: 'Cobros adicionales' }).locator('tbody tr')).toContainText(
    `Operación Renta$95.000Factura exentaUna vez: junio ${later}Activo`,
  );

  // Every write that opens a charge pays it from the credit at once, so credit beside open charges
  // is left only by a race: the statement is shown that state as the server would answer it.
  const statementUrl = `**/api/billing/business/${company.id}/statement`;
  await page.route(statementUrl, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.totals = { ...body.totals, credit: 50_000, balance: body.totals.open - 50_000 };
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/cobranza/empresa/${company.id}`);
  const apply = page.getByRole('button', { name: 'Aplicar saldo a favor' });
  await expect(apply).toBeVisible();
  await page.unroute(statementUrl);
  await apply.click();
  // The server found nothing to apply and says so; the statement read again hides the button.
  await expect(
    page.getByText('No había saldo a favor que aplicar a cobros pendientes: quedan $119.000 por pagar'),
  ).toBeVisible();
  await expect(apply).toHaveCount(0);
  await expect(page.getByTestId('totales-estado-de-cuenta')).toContainText('Saldo a favor$0');
});

test("a collaborator has no 'Cobranza' in the menu and is sent home from /cobranza; a client too", async ({
  page,
  request,
}) => {
  await signInAsNewCollaborator(page, request, 'Cobranza', 'Ajena');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Notas' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cobranza' }),
  ).toHaveCount(0);
  await page.goto('/cobranza');
  await expect(page).toHaveURL(/\/$/);
  const business = await createBusinessViaApi(request, uniqueName('Sin honorarios visibles'));
  await page.goto(`/empresas/${business.id}`);
  await expect(page.getByRole('heading', { name: 'Datos de la empresa' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Honorarios' })).toHaveCount(0);
});
