import fs from 'node:fs/promises';
import type { CartolaPreview } from '@app/shared/schemas/billing-collections';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../server/src/test/pdf-text';
import { billingToday, generateChargesViaApi, rowWith, setFeeTermsViaApi, shownDate } from './support/billing-fixtures';
import {
  apiToken,
  createBusinessViaApi,
  createUserViaApi,
  ownerHeaders,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
  uniqueRut,
} from './support/fixtures';

/** A client's payment receipt sent through the client's own API, as the client's statement sends it. */
async function sendReceiptViaApi(request: APIRequestContext, token: string, amount: string, date: string) {
  // The typed fields travel in the form before the file, never in the address.
  const sent = await request.post('/api/billing/my/receipts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { amount, date, file: { name: 'comprobante.png', mimeType: 'image/png', buffer: PNG_BYTES } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** A bank statement imported through the API with every line kept to match later. */
async function keepCartolaLinesViaApi(request: APIRequestContext, csv: string) {
  const headers = await ownerHeaders(request);
  const preview = await request.post('/api/billing/cartola/preview', {
    headers,
    multipart: { file: { name: 'cartola.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const lines = ((await preview.json()) as CartolaPreview).lines.map((line) => ({
    date: line.date,
    description: line.description,
    amount: line.amount,
    rut: line.rut,
    occurrence: line.occurrence,
    key: line.key,
    action: 'keep',
  }));
  const confirmed = await request.post('/api/billing/cartola/confirm', { headers, data: { lines } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect((await confirmed.json()).pending).toBe(lines.length);
}

/**
 * The page fits the window's width: only a table's own box may scroll sideways. Read until the layout
 * settles after a resize (the menu's transition overflows by a few pixels for a moment); an overflow
 * that stays fails.
 */
async function expectNoPageSideways(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
}

test("the owner reverses a payment, confirms and rejects receipts, saves the transfer details, matches a kept bank line, stops a company's reminders and downloads its statement", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const headers = await ownerHeaders(request);
  const { today } = billingToday();
  const prefix = uniqueName('Dueña');
  const reversed = await createBusinessViaApi(request, `${prefix} Reversa`);
  const receipts = await createBusinessViaApi(request, `${prefix} Comprobantes`);
  for (const company of [reversed, receipts]) {
    await setFeeTermsViaApi(request, company.id, {
      currency: 'CLP',
      amount: '100.000',
      documentType: 'factura_afecta',
      billingDay: 1,
    });
  }
  await generateChargesViaApi(request);
  const paid = await request.post('/api/billing/payments', {
    headers,
    data: { businessId: reversed.id, date: today, amount: '119.000', method: 'transferencia' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const client = { email: uniqueEmail('cliente.comprobantes'), password: 'clave-cliente-1' };
  await createUserViaApi(request, {
    name: 'Tomás',
    lastName: 'Pérez',
    role: 'client',
    businessId: receipts.id,
    ...client,
  } as never);
  const clientToken = await apiToken(request, client.email, client.password);
  await sendReceiptViaApi(request, clientToken, '10.000', today);
  await sendReceiptViaApi(request, clientToken, '20.000', today);
  const stray = `Depósito sin glosa ${prefix}`;
  await keepCartolaLinesViaApi(
    request,
    `Fecha;Descripción;Monto\r\n${shownDate(today).replaceAll('-', '/')};${stray};19.000`,
  );

  await signInAsOwner(page);

  // The firm's transfer details, saved once for every statement.
  const bank = { name: `Banco ${prefix}`, account: String(Date.now()).slice(-10), rut: uniqueRut().formatted };
  // The form takes the saved settings when they arrive: typed only after that.
  const settingsRead = page.waitForResponse((response) => response.url().endsWith('/api/billing/settings'));
  await page.goto('/cobranza?vista=config');
  await settingsRead;
  await page.getByLabel('Banco', { exact: true }).fill(bank.name);
  await page.getByLabel('Tipo de cuenta', { exact: true }).fill('Cuenta corriente');
  await page.getByLabel('Número de cuenta', { exact: true }).fill(bank.account);
  await page.getByLabel('Titular', { exact: true }).fill('Estudio Contable SpA');
  await page.getByLabel('RUT del titular', { exact: true }).fill(bank.rut);
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('La configuración de cobranza se guardó correctamente').first()).toBeVisible();

  // 'Pagos': the payment reversed with its reason, one receipt confirmed and the other rejected with its reason.
  await page.getByRole('tab', { name: 'Pagos' }).click();
  await page.getByRole('button', { name: `Reversar pago de ${reversed.name} del ${shownDate(today)}` }).click();
  const reverseModal = page.getByRole('dialog', { name: 'Reversar pago' });
  await reverseModal.getByRole('button', { name: 'Reversar pago' }).click();
  await expect(reverseModal.getByText('Indique el motivo de la reversa')).toBeVisible();
  await reverseModal.getByLabel('Motivo de la reversa').fill('Transferencia devuelta por el banco');
  await reverseModal.getByRole('button', { name: 'Reversar pago' }).click();
  await expect(reverseModal).toBeHidden();
  const payments = page.getByRole('table', { name: 'Pagos', exact: true });
  await expect(payments.locator('tbody tr').filter({ hasText: reversed.name })).toContainText(
    'Motivo: Transferencia devuelta por el bancoReversado',
  );

  const toConfirm = page.getByRole('table', { name: 'Comprobantes por confirmar' }).locator('tbody tr');
  await expect(toConfirm.filter({ hasText: receipts.name })).toHaveCount(2);
  await toConfirm
    .filter({ hasText: receipts.name })
    .filter({ hasText: '$10.000' })
    .getByRole('button', { name: `Confirmar comprobante de ${receipts.name}` })
    .click();
  await expect(toConfirm.filter({ hasText: receipts.name })).toHaveCount(1);
  await toConfirm.filter({ hasText: receipts.name }).getByRole('button', { name: 'Rechazar' }).click();
  const rejectModal = page.getByRole('dialog', { name: 'Rechazar comprobante' });
  await rejectModal.getByLabel('Motivo del rechazo').fill('El comprobante no muestra la cuenta de destino');
  await rejectModal.getByRole('button', { name: 'Rechazar' }).click();
  await expect(rejectModal).toBeHidden();
  await expect(toConfirm.filter({ hasText: receipts.name })).toHaveCount(0);
  const receiptRows = payments.locator('tbody tr').filter({ hasText: receipts.name });
  await expect(receiptRows.filter({ hasText: '$10.000' })).toContainText('Confirmado');
  await expect(receiptRows.filter({ hasText: '$20.000' })).toContainText(
    'Motivo: El comprobante no muestra la cuenta de destinoRechazado',
  );

  // 'Cartola': the line kept at import matched now to the company whose payment was reversed.
  await page.getByRole('tab', { name: 'Cartola' }).click();
  await page.getByRole('button', { name: `Asociar línea ${stray}` }).click();
  const matchModal = page.getByRole('dialog', { name: 'Asociar línea de la cartola' });
  await matchModal.getByRole('combobox', { name: 'Empresa que pagó' }).fill(reversed.name);
  await page.getByRole('option', { name: reversed.name }).click();
  await matchModal.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(matchModal).toBeHidden();
  await expect(page.getByRole('button', { name: `Asociar línea ${stray}` })).toHaveCount(0);

  // 'Saldos', searched and sorted by balance (kept in the address): reminders stopped for one company.
  await page.getByRole('tab', { name: 'Saldos' }).click();
  await page.getByLabel('Buscar empresa').fill(prefix);
  const balances = page.getByRole('table', { name: 'Saldos por empresa' });
  await expect(balances.locator('tbody tr')).toHaveCount(2);
  await balances.getByRole('button', { name: 'Saldo', exact: true }).click();
  await balances.getByRole('button', { name: 'Saldo', exact: true }).click();
  await page.getByRole('button', { name: `Acciones de cobranza de ${receipts.name}` }).click();
  await page.getByRole('menuitem', { name: 'Detener recordatorios' }).click();
  await expect(rowWith(page, receipts.name)).toContainText('Recordatorios detenidos');
  await page.reload();
  await expect(page.getByLabel('Buscar empresa')).toHaveValue(prefix);
  // 119.000 less the confirmed 10.000, above 119.000 less the matched 19.000.
  await expect(balances.locator('tbody tr')).toHaveCount(2);
  await expect(balances.locator('tbody tr').first()).toContainText(`${receipts.name}`);
  await expect(balances.locator('tbody tr').first()).toContainText('$109.000');
  await expect(balances.locator('tbody tr').first()).toContainText('Recordatorios detenidos');
  await expect(balances.locator('tbody tr').last()).toContainText('$100.000');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageSideways(page);
  await page.screenshot({ path: test.info().outputPath('cobranza-saldos-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The statement: the charge open again after the reversal, which it lists with its reason, and the transfer details.
  await rowWith(page, reversed.name).getByRole('link', { name: reversed.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Estado de cuenta: ${reversed.name}` })).toBeVisible();
  await expect(page.getByTestId('totales-estado-de-cuenta')).toContainText('Saldo pendiente$100.000');
  await expect(page.getByTestId('cobro-pendiente')).toHaveCount(1);
  await expect(page.getByTestId('cobro-pendiente')).toContainText('Pagado $19.000 de $119.000');
  const movements = page.getByRole('table', { name: 'Movimientos de la cuenta' }).locator('tbody tr');
  await expect(movements.filter({ hasText: 'Reversa de pago' })).toContainText(
    'Reversa de pago: Transferencia devuelta por el banco$119.000',
  );
  const transfer = page.getByRole('region', { name: 'Datos para transferir' });
  await expect(transfer).toContainText(`Banco${bank.name}`);
  await expect(transfer).toContainText(`Número de cuenta${bank.account}`);

  // Its PDF: a PDF that names the company, its balance and where to transfer.
  const answered = page.waitForResponse((response) =>
    response.url().endsWith(`/business/${reversed.id}/statement/pdf`),
  );
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await answered).headers()['content-type']).toBe('application/pdf');
  const file = await fs.readFile(await (await downloaded).path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file);
  expect(text).toContain(reversed.name);
  expect(text).toMatch(/Saldo[\s\S]*\$100\.000/);
  expect(text).toContain('Reversa de pago: Transferencia devuelta por el banco');
  expect(text).toContain(bank.name);
});

/** A 1×1 PNG. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
