import fs from 'node:fs/promises';
import { formatMoney } from '@app/shared/money';
import { currentPeriod } from '@app/shared/period';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../server/src/test/pdf-text';
import {
  createBusinessViaApi,
  createServiceWithStatesViaApi,
  createUserViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { monthTitle } from './support/months';
import { pageOverflowsSideways } from './support/page-checks';

test.describe.configure({ timeout: 90_000 });

/** The board's cells of one company for the month, as 'Servicio — Estado $valor' ('N/A' left out), read through the API. */
async function boardLines(request: APIRequestContext, businessId: number) {
  const { year, month } = currentPeriod();
  const answer = await request.get(`/api/monthly-states/year/${year}/month/${month}`, {
    headers: await ownerHeaders(request),
  });
  expect(answer.status()).toBe(200);
  const board = (await answer.json()) as MonthlyBoard;
  const row = board.rows.find((candidate) => candidate.business.id === businessId);
  return (row?.cells ?? [])
    .filter((cell) => cell.applies)
    .map((cell) => {
      const service = board.services.find((candidate) => candidate.id === cell.serviceId);
      const state = service?.states.find((candidate) => candidate.id === cell.stateId);
      return `${service?.name} — ${[state?.name, cell.value === null ? '' : formatMoney(cell.value)].filter(Boolean).join(' ')}`;
    });
}

/** A company with two services, one paid with its value this month, and a third service it does not have. */
async function companyWithMonth(request: APIRequestContext) {
  const f29 = await createServiceWithStatesViaApi(request, uniqueName('F29'), [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  const libro = await createServiceWithStatesViaApi(request, uniqueName('Libro de compras'), [
    { name: 'Por revisar', pctProgress: 0 },
    { name: 'Revisado', pctProgress: 100 },
  ]);
  const other = await createServiceWithStatesViaApi(request, uniqueName('No aplica'), [
    { name: 'Nada', pctProgress: 0 },
  ]);
  const company = await createBusinessViaApi(request, uniqueName('Informe Mensual'));
  await linkServiceViaApi(request, company.id, f29.id);
  await linkServiceViaApi(request, company.id, libro.id);
  const { year, month } = currentPeriod();
  const paid = await request.put(`/api/monthly-states/year/${year}/month/${month}`, {
    headers: await ownerHeaders(request),
    data: { businessId: company.id, serviceId: f29.id, stateId: f29.states[1]?.id, optionalValue: 2_345_678 },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { company, f29, libro, other };
}

/** Opens 'Informe mensual', keeps the current month and downloads the PDF: answers its text. */
async function downloadReport(page: Page, businessId: number) {
  await page.getByRole('button', { name: 'Informe mensual', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Informe mensual/ });
  await expect(dialog.getByRole('button', { name: 'Mes del informe' })).toHaveText(
    monthTitle(currentPeriod()).toLowerCase(),
  );
  const answered = page.waitForResponse((response) =>
    response.url().includes(`/business/${businessId}/monthly-report?`),
  );
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await answered).headers()['content-type']).toBe('application/pdf');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^informe-mensual-.*\.pdf$/);
  const file = await fs.readFile(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(dialog).toBeHidden();
  return pdfText(file).replace(/\s*\n\s*/g, ' ');
}

test("staff download a company's monthly report from its page, holding the board's values for that month", async ({
  page,
  request,
}) => {
  const { company, f29, libro, other } = await companyWithMonth(request);
  await signInAsOwner(page, `/empresas/${company.id}`);
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible({ timeout: 20_000 });

  const text = await downloadReport(page, company.id);
  const lines = await boardLines(request, company.id);
  expect(lines).toEqual([`${f29.name} — Pagado ${formatMoney(2_345_678)}`, `${libro.name} — Por revisar`]);
  for (const line of lines) expect(text).toContain(line);
  expect(text).not.toContain(other.name);
  expect(text).toContain(company.name);
  expect(text).toContain(`Período: ${monthTitle(currentPeriod())}`);
  await page.screenshot({ path: test.info().outputPath('informe-empresa-1280.png') });
});

test('a client downloads their own monthly report from the portal on a phone', async ({ page, request }) => {
  const { company, f29 } = await companyWithMonth(request);
  const client = { email: uniqueEmail('cliente-informe'), password: 'clave-cliente-1' };
  await createUserViaApi(request, { name: 'Clara', role: 'client', businessId: company.id, ...client } as never);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, client.email, client.password);
  const section = page.getByRole('region', { name: 'Informe mensual' });
  await expect(section).toBeVisible();
  expect(await pageOverflowsSideways(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('informe-cliente-390.png'), fullPage: true });

  const text = await downloadReport(page, company.id);
  expect(text).toContain(company.name);
  expect(text).toContain(`${f29.name} — Pagado ${formatMoney(2_345_678)}`);
  for (const line of await boardLines(request, company.id)) expect(text).toContain(line);

  // Another company's report is not theirs to read.
  const own = await request.post('/api/login', { data: client });
  const token = (await own.json()).token as string;
  const other = await createBusinessViaApi(request, uniqueName('Ajena'));
  const { year, month } = currentPeriod();
  const refused = await request.get(`/api/business/${other.id}/monthly-report?anio=${year}&mes=${month}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
});

/** A 1×1 PNG: the firm's logo. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test("the owner types the firm's identity and logo in Cobranza's settings, and the report carries them", async ({
  page,
  request,
}) => {
  const { company } = await companyWithMonth(request);
  const firm = { name: uniqueName('Estudio Contable Andes'), address: 'Av. Providencia 1208, of. 402, Providencia' };
  await signInAsOwner(page, '/cobranza?vista=config');
  const card = page.getByRole('region', { name: 'Datos del estudio' });
  await card.getByLabel('Nombre del estudio').fill(firm.name);
  await card.getByLabel('RUT del estudio').fill('76.086.428-5');
  await card.getByLabel('Dirección').fill(firm.address);
  await expect(card.getByLabel('Enviar el informe mensual el día')).toHaveValue('No enviar');
  await card.getByRole('button', { name: 'Guardar datos del estudio' }).click();
  await expect(page.getByText('Datos del estudio guardados').first()).toBeVisible();
  await card.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(card.getByRole('img', { name: 'Logo del estudio' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cambiar logo' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('datos-del-estudio-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('button', { name: 'Guardar datos del estudio' })).toBeVisible();
  expect(await pageOverflowsSideways(page)).toBe(false);
  await card.screenshot({ path: test.info().outputPath('datos-del-estudio-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/empresas/${company.id}`);
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible({ timeout: 20_000 });
  const text = await downloadReport(page, company.id);
  expect(text).toContain(firm.name);
  expect(text).toContain('RUT 76.086.428-5');
  expect(text).toContain(firm.address);
});
