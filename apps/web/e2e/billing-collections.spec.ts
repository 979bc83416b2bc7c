import { agingBucket } from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import { expect, type Page, test } from '@playwright/test';
import { billingToday, generateChargesViaApi, rowWith, setFeeTermsViaApi, shownDate } from './support/billing-fixtures';
import {
  businessBody,
  createBusinessViaApi,
  createCollaboratorViaApi,
  createUserViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { seriousViolations } from './support/page-checks';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const BUCKET_TEXT = {
  current: 'Al día',
  d1_30: '1–30 días',
  d31_60: '31–60 días',
  d61_90: '61–90 días',
  d90_plus: 'Más de 90 días',
};

/** Serious or critical axe problems at the given widths, with a screenshot of each to look at. */
async function checkWidths(page: Page, screen: string, widths: readonly { width: number; height: number }[] = WIDTHS) {
  const found: string[] = [];
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  for (const size of widths) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: test.info().outputPath(`${screen}-${size.width}.png`), fullPage: true });
    for (const problem of await seriousViolations(page, { wcag21: true }))
      found.push(`${screen} @${size.width}: ${problem}`);
  }
  expect(found).toEqual([]);
}

test('the owner records a partial payment and one from a bank statement, sees the aging on /cobranza and the statement; the client sees theirs at 390 px and sends a receipt', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const headers = await ownerHeaders(request);
  const prefix = uniqueName('Saldo');
  // The partial payer has an Encargado, so that the owners' board can be filtered down to it.
  const encargado = await createCollaboratorViaApi(request, 'Encarga', 'Cobros');
  const created = await request.post('/api/business', {
    headers,
    data: { ...businessBody(`${prefix} Parcial`), responsibleUserId: encargado.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const partial = (await created.json()).business as { id: number; name: string; rut: string };
  const banked = await createBusinessViaApi(request, `${prefix} Cartola`);
  for (const company of [partial, banked]) {
    await setFeeTermsViaApi(request, company.id, {
      currency: 'CLP',
      amount: '100.000',
      documentType: 'factura_afecta',
      billingDay: 1,
      paymentTermDays: 0,
    });
  }
  const group = (await (await request.post('/api/business-group', { headers, data: { name: prefix } })).json())
    .group as {
    id: number;
  };
  await request.put(`/api/business-group/${group.id}`, {
    headers,
    data: { name: prefix, businessesIds: [partial.id, banked.id] },
  });
  await generateChargesViaApi(request);
  const { year, month, today } = billingToday();
  const list = await (await request.get(`/api/billing/charges?year=${year}&month=${month}`, { headers })).json();
  const charge = (list.charges as { id: number; businessId: number; dueDate: string; total: number }[]).find(
    (entry) => entry.businessId === partial.id,
  );
  expect(charge?.total).toBe(119_000);
  const bucket = BUCKET_TEXT[agingBucket(charge?.dueDate ?? today, today)];

  await signInAsOwner(page, '/cobranza?vista=saldos');
  await page.getByLabel('Buscar empresa').fill(prefix);
  const table = page.getByRole('table', { name: 'Saldos por empresa' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(rowWith(page, `${prefix} Parcial`)).toContainText(`$119.000${shownDate(charge?.dueDate ?? today)}`);
  await expect(rowWith(page, `${prefix} Parcial`)).toContainText(bucket);

  // A partial payment of 50.000 pays the oldest charge: 69.000 are left.
  await page.getByRole('button', { name: `Acciones de cobranza de ${prefix} Parcial` }).click();
  await page.getByRole('menuitem', { name: 'Registrar pago' }).click();
  const paymentModal = page.getByRole('dialog', { name: 'Registrar pago' });
  await paymentModal.getByLabel('Monto pagado').fill('50.000');
  await paymentModal.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(paymentModal).toBeHidden();
  await expect(page.getByText('Pago registrado: $50.000 aplicados a cobros').first()).toBeVisible();
  await expect(rowWith(page, `${prefix} Parcial`)).toContainText('$69.000');

  // A bank statement: one deposit naming the other company's RUT, one nobody's (kept to match later).
  const stray = `Depósito sin glosa ${Date.now()}`;
  const cartola = [
    'Fecha;Descripción;Monto',
    `${shownDate(today).replaceAll('-', '/')};Transferencia de ${prefix} RUT ${banked.rut};119.000`,
    `${shownDate(today).replaceAll('-', '/')};${stray};12.345`,
  ].join('\r\n');
  await page.getByRole('tab', { name: 'Cartola' }).click();
  await page.getByRole('button', { name: 'Importar cartola' }).click();
  const cartolaModal = page.getByRole('dialog', { name: 'Importar cartola' });
  await cartolaModal
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cartola.csv', mimeType: 'text/csv', buffer: Buffer.from(cartola) });
  await expect(cartolaModal.getByRole('status')).toHaveText(
    '2 abonos nuevos (1 con empresa propuesta), 0 ya importados, 0 cargos, 0 con error',
  );
  const previewRows = cartolaModal.getByRole('table', { name: 'Vista previa de la cartola' }).locator('tbody tr');
  await expect(previewRows.first()).toContainText(`$119.000${prefix} Cartola (RUT ${banked.rut}`);
  await expect(cartolaModal.getByLabel('Qué hacer con la línea 2')).toHaveValue('match');
  await expect(cartolaModal.getByLabel('Qué hacer con la línea 3')).toHaveValue('keep');
  await cartolaModal.getByRole('button', { name: 'Importar 2 líneas (1 como pago)' }).click();
  await expect(cartolaModal).toBeHidden();
  const kept = page.getByRole('table', { name: 'Líneas de cartola por asociar' });
  await expect(kept.locator('tbody tr').filter({ hasText: stray })).toContainText('$12.345');
  await checkWidths(page, 'cobranza-cartola');

  // The aging of the group: the partial payment's balance, the bank's company paid.
  await page.getByRole('tab', { name: 'Saldos' }).click();
  await page.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option', { name: prefix }).click();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(rowWith(page, `${prefix} Cartola`)).toContainText('$0');
  await expect(rowWith(page, `${prefix} Parcial`)).toContainText('$69.000');
  await expect(page.getByTestId('totales-tramos')).toContainText('Saldo total$69.000');
  await page.getByRole('switch', { name: 'Solo vencidos' }).press('Space');
  const overdueExpected = bucket === 'Al día' ? 0 : 1;
  await expect(table.locator('tbody tr').filter({ hasText: prefix })).toHaveCount(overdueExpected);
  await page.getByRole('switch', { name: 'Solo vencidos' }).press('Space');
  // Sorting by balance, highest first.
  await table.getByRole('button', { name: 'Saldo', exact: true }).click();
  await table.getByRole('button', { name: 'Saldo', exact: true }).click();
  await expect(table.locator('tbody tr').first()).toContainText(`${prefix} Parcial`);
  await checkWidths(page, 'cobranza-saldos');

  // The company's statement: the charge, the payment and the running balance.
  await rowWith(page, `${prefix} Parcial`)
    .getByRole('link', { name: `${prefix} Parcial` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Estado de cuenta: ${prefix} Parcial` })).toBeVisible();
  await expect(page.getByTestId('totales-estado-de-cuenta')).toContainText('Saldo pendiente$69.000');
  const movements = page.getByRole('table', { name: 'Movimientos de la cuenta' }).locator('tbody tr');
  await expect(movements).toHaveCount(2);
  await expect(movements.first()).toContainText('$119.000$119.000');
  await expect(movements.last()).toContainText('−$50.000$69.000');
  await checkWidths(page, 'estado-de-cuenta');

  // A client sees only the charges issued to them: the firm marks this one issued first.
  const issued = await request.post('/api/billing/charges/issue', {
    headers,
    data: { items: [{ chargeId: charge?.id, dteType: '33', folio: 900_000 + (Date.now() % 90_000) }] },
  });
  expect(issued.status(), await issued.text()).toBe(200);

  // The client of that company, on a phone: balance, open charge, and a receipt sent.
  const client = { email: uniqueEmail('cliente.saldo'), password: 'clave-cliente-1' };
  await createUserViaApi(request, {
    name: 'Camila',
    lastName: 'Rojas',
    role: 'client',
    businessId: partial.id,
    ...client,
  } as never);
  // A context of its own (axe needs one), as the project's pages are set up: a phone's window.
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const phoneContext = await browser.newContext({ baseURL, locale, timezoneId, viewport: WIDTHS[1] });
  const phone = await phoneContext.newPage();
  await signIn(phone, client.email, client.password);
  const statement = phone.getByRole('region', { name: 'Estado de cuenta' });
  await expect(statement.getByTestId('totales-estado-de-cuenta')).toContainText('Saldo pendiente$69.000');
  await expect(statement.getByTestId('cobro-pendiente')).toHaveCount(1);
  await expect(statement.getByTestId('cobro-pendiente')).toContainText(`Pagado $50.000 de ${formatMoney(119_000)}`);
  await statement.getByLabel('Monto pagado').fill('69.000');
  await statement.getByLabel('Nota para el estudio').fill('Pago desde la cuenta de la gerente');
  await statement
    .locator('input[type="file"]')
    .setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(statement.getByText('Comprobante: comprobante.png')).toBeVisible();
  await statement.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(phone.getByText(/Comprobante recibido/).first()).toBeVisible();
  const receipts = statement.getByRole('region', { name: 'Comprobantes enviados' });
  await expect(receipts).toContainText(`${shownDate(today)} · $69.000Por confirmar`);
  await checkWidths(phone, 'cliente-estado-de-cuenta', [WIDTHS[1]]);
  await phoneContext.close();

  // The owner sees it waiting to confirm.
  await page.goto('/cobranza?vista=pagos');
  await expect(
    page
      .getByRole('table', { name: 'Comprobantes por confirmar' })
      .locator('tbody tr')
      .filter({ hasText: `${prefix} Parcial` }),
  ).toContainText(/\$69\.000.*Nota: Pago desde la cuenta de la gerente/);
  await checkWidths(page, 'cobranza-pagos');
  // The owners' monthly board marks the company while its charge is past due.
  await page.goto(`/?encargado=${encargado.id}`);
  await expect(page.getByRole('link', { name: `${prefix} Parcial` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cobro vencido' })).toHaveCount(overdueExpected);
  if (overdueExpected) {
    await expect(page.getByRole('link', { name: 'Cobro vencido' })).toHaveAttribute(
      'href',
      `/cobranza/empresa/${partial.id}`,
    );
  }

  await page.goto('/cobranza?vista=config');
  await expect(page.getByLabel('Banco')).toBeVisible();
  await checkWidths(page, 'cobranza-configuracion');
});

/** A 1×1 PNG. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
