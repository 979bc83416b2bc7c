import fs from 'node:fs';
import { currentPeriod, type Period } from '@app/shared/period';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNotReloaded, markWindow } from './support/board-cells';
import { menuLink } from './support/board-fixtures';
import { createFolderViaApi, pdfBytes } from './support/documents-fixtures';
import {
  apiToken,
  businessBody,
  createServiceViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signIn,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { monthName, shiftPeriod } from './support/months';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

const period = currentPeriod();
const pad = (value: number) => String(value).padStart(2, '0');
/** A Santiago calendar day `days` from today, as the API takes it. */
function dayFromToday(days: number) {
  const today = new Date(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date()));
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}
const shown = (iso: string) => iso.split('-').reverse().join('-');
/** A template's due date: its day (28) of the month after the period. */
const next = shiftPeriod(period, 1);
const templateDue = `${next.year}-${pad(next.month)}-28`;

interface Company {
  id: number;
  name: string;
  rut: string;
}

async function post<T>(request: APIRequestContext, url: string, data: unknown, headers: Record<string, string>) {
  const response = await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function createCompany(request: APIRequestContext, name: string, responsibleUserId: number | null) {
  const headers = await ownerHeaders(request);
  return (
    await post<{ business: Company }>(request, '/api/business', { ...businessBody(name), responsibleUserId }, headers)
  ).business;
}

/** A request of the period for one company, written by hand: each item filed in `folderId`. */
async function createRequest(
  request: APIRequestContext,
  businessId: number,
  title: string,
  dueDate: string,
  folderId: number,
  itemNames: string[],
) {
  const headers = await ownerHeaders(request);
  const { request: created } = await post<{ request: { id: number; items: { id: number }[] } }>(
    request,
    '/api/requests',
    {
      businessId,
      ...period,
      title,
      dueDate,
      items: itemNames.map((name) => ({ name, serviceFolderId: folderId })),
    },
    headers,
  );
  return created;
}

async function markReceived(request: APIRequestContext, itemId: number) {
  const response = await request.put(`/api/request-item/${itemId}`, {
    headers: await ownerHeaders(request),
    data: { status: 'received' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Three companies under one unique prefix (searching it leaves only them): Aromos (the owner's) and
 * Roble on service S1, Quillay on S2, Aromos and Quillay in one group. Requests of the period:
 * Aromos 'Parcial' (1 of 2 received), Roble 'Atrasada' (due yesterday), Quillay 'Completa', and a
 * template of S1 sent to all: one 'Pendiente' each for Aromos and Roble.
 */
async function requestsOfThePeriod(request: APIRequestContext) {
  const headers = await ownerHeaders(request);
  const me = await (await request.get('/api/user/me', { headers })).json();
  const ownerId = (me.user ?? me).id as number;
  const prefix = uniqueName('Solicitud');
  const s1 = await createServiceViaApi(request, uniqueName('Contabilidad'));
  const s2 = await createServiceViaApi(request, uniqueName('Remuneraciones'));
  const f1 = await createFolderViaApi(request, s1.id, { name: uniqueName('Facturas') });
  const f2 = await createFolderViaApi(request, s2.id, { name: uniqueName('Liquidaciones') });
  const aromos = await createCompany(request, `${prefix} Aromos`, ownerId);
  const roble = await createCompany(request, `${prefix} Roble`, null);
  const quillay = await createCompany(request, `${prefix} Quillay`, null);
  await linkServiceViaApi(request, aromos.id, s1.id);
  await linkServiceViaApi(request, roble.id, s1.id);
  await linkServiceViaApi(request, quillay.id, s2.id);
  const group = (
    await post<{ group: { id: number; name: string } }>(
      request,
      '/api/business-group',
      { name: uniqueName('Grupo'), businessesIds: [aromos.id, quillay.id] },
      headers,
    )
  ).group;

  const partial = await createRequest(request, aromos.id, 'Compras del mes', dayFromToday(40), f1.id, [
    'Facturas de compra',
    'Cartola bancaria',
  ]);
  await markReceived(request, partial.items[0]?.id as number);
  await createRequest(request, roble.id, 'Ventas del mes', dayFromToday(-1), f1.id, ['Facturas de venta']);
  const complete = await createRequest(request, quillay.id, 'Remuneraciones', dayFromToday(5), f2.id, [
    'Libro de remuneraciones',
  ]);
  await markReceived(request, complete.items[0]?.id as number);
  const { template } = await post<{ template: { id: number } }>(
    request,
    `/api/service/${s1.id}/request-template`,
    { title: 'Documentos mensuales', dueDay: 28, sendDay: null, items: [{ name: 'Boletas', serviceFolderId: f1.id }] },
    headers,
  );
  const sent = await post<{ created: number }>(request, `/api/request-template/${template.id}/send`, period, headers);
  expect(sent.created).toBeGreaterThanOrEqual(2);
  return { prefix, s1, s2, f1, aromos, roble, quillay, group };
}

const table = (page: Page) => page.getByRole('table');
/** The body rows of the table (the header row left out). */
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function expectRows(page: Page, rows: { company: string; title: string; state: string }[]) {
  await expect(bodyRows(page)).toHaveCount(rows.length);
  for (const [index, row] of rows.entries()) {
    const line = bodyRows(page).nth(index);
    await expect(line).toContainText(row.company);
    await expect(line).toContainText(row.title);
    await expect(line).toContainText(row.state);
  }
}

const counts = (page: Page) => page.getByRole('group', { name: 'Solicitudes por estado' });

async function chooseOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickMonth(page: Page, from: Period, to: Period) {
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  if (from.year > to.year) await page.getByRole('button', { name: /Previous|Anterior/i }).click();
  if (from.year < to.year) await page.getByRole('button', { name: /Next|Siguiente/i }).click();
  await page.getByRole('button', { name: new RegExp(`^${monthName(to).slice(0, 3)}`, 'i') }).click();
}

test('an owner sees the requests of the month with their states; every filter survives a reload, Back via the menu and a month change; Exportar downloads the rows shown', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const data = await requestsOfThePeriod(request);
  const { prefix } = data;
  const aromos = `${prefix} Aromos`;
  const roble = `${prefix} Roble`;
  const quillay = `${prefix} Quillay`;

  await signInAsOwner(page);
  await menuLink(page, 'Solicitudes').click();
  await expect(page.getByRole('heading', { name: 'Solicitudes', level: 1 })).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(prefix);

  // By company name, then due date: the template's (day 28 of the next month) before Aromos' partial one
  // (due in 40 days), Roble's late one before its template's.
  await expectRows(page, [
    { company: aromos, title: 'Documentos mensuales', state: 'Pendiente' },
    { company: aromos, title: 'Compras del mes', state: 'Parcial' },
    { company: quillay, title: 'Remuneraciones', state: 'Completa' },
    { company: roble, title: 'Ventas del mes', state: 'Atrasada' },
    { company: roble, title: 'Documentos mensuales', state: 'Pendiente' },
  ]);
  await expect(bodyRows(page).nth(1)).toContainText('1 de 2 recibidos');
  await expect(bodyRows(page).nth(1)).toContainText(data.aromos.rut);
  await expect(bodyRows(page).nth(0)).toContainText(shown(templateDue));
  await expect(bodyRows(page).nth(3)).toContainText(shown(dayFromToday(-1)));
  await expect(counts(page).getByRole('button', { name: 'Pendiente: 2' })).toBeVisible();
  await expect(counts(page).getByRole('button', { name: 'Parcial: 1' })).toBeVisible();
  await expect(counts(page).getByRole('button', { name: 'Completa: 1' })).toBeVisible();
  await expect(counts(page).getByRole('button', { name: 'Atrasada: 1' })).toBeVisible();
  // The company links to its documents of the month.
  await expect(bodyRows(page).nth(2).getByRole('link', { name: quillay })).toHaveAttribute(
    'href',
    `/documentos/empresa/${data.quillay.id}?anio=${period.year}&mes=${period.month}`,
  );

  // Estado: only the late one; kept through a reload.
  await chooseOption(page, page.getByRole('combobox', { name: 'Estado' }), 'Atrasada');
  await expectRows(page, [{ company: roble, title: 'Ventas del mes', state: 'Atrasada' }]);
  await expect(page).toHaveURL(/estado=atrasada/);
  await page.reload();
  await expectRows(page, [{ company: roble, title: 'Ventas del mes', state: 'Atrasada' }]);
  await expect(page.getByLabel('Buscar empresa')).toHaveValue(prefix);
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('Atrasada');
  // The count buttons set it too: pressing the chosen state again shows them all.
  await counts(page).getByRole('button', { name: 'Atrasada: 1' }).click();
  await expect(bodyRows(page)).toHaveCount(5);

  // Servicio: S2's only; away by the menu and back with the browser's Back.
  await chooseOption(page, page.getByRole('combobox', { name: 'Servicio' }), data.s2.name);
  await expectRows(page, [{ company: quillay, title: 'Remuneraciones', state: 'Completa' }]);
  await menuLink(page, 'Empresas').click();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await page.goBack();
  await expectRows(page, [{ company: quillay, title: 'Remuneraciones', state: 'Completa' }]);
  await expect(page.getByRole('combobox', { name: 'Servicio' })).toHaveValue(data.s2.name);

  // Grupo (Aromos and Quillay) with S1: Aromos' two.
  await chooseOption(page, page.getByRole('combobox', { name: 'Servicio' }), data.s1.name);
  await chooseOption(page, page.getByRole('combobox', { name: 'Grupo' }), data.group.name);
  await expectRows(page, [
    { company: aromos, title: 'Documentos mensuales', state: 'Pendiente' },
    { company: aromos, title: 'Compras del mes', state: 'Parcial' },
  ]);
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Grupo' })).toHaveValue(data.group.name);

  // Encargado: 'Sin encargado' leaves nothing of the group's S1 (Aromos is the owner's).
  await page.getByRole('button', { name: 'Quitar grupo' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Encargado' }), 'Sin encargado');
  await expectRows(page, [
    { company: roble, title: 'Ventas del mes', state: 'Atrasada' },
    { company: roble, title: 'Documentos mensuales', state: 'Pendiente' },
  ]);
  await chooseOption(page, page.getByRole('combobox', { name: 'Encargado' }), 'Mis empresas');
  await expectRows(page, [
    { company: aromos, title: 'Documentos mensuales', state: 'Pendiente' },
    { company: aromos, title: 'Compras del mes', state: 'Parcial' },
  ]);
  await expect(page).toHaveURL(/encargado=\d+/);

  // Another month: no requests there, the filters stay; back to this month, the same rows.
  const previous = shiftPeriod(period, -1);
  await pickMonth(page, period, previous);
  await expect(page).toHaveURL(new RegExp(`anio=${previous.year}&mes=${previous.month}|mes=${previous.month}`));
  // The month has no requests (or, beside other tests' data, none of these companies').
  await expect(bodyRows(page).filter({ hasText: prefix })).toHaveCount(0);
  await expect(
    page.getByText(
      new RegExp(`^(No hay solicitudes de documentos en este período\\.|Sin resultados para “${prefix}”)$`),
    ),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Servicio' })).toHaveValue(data.s1.name);
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveValue('Mis empresas');
  await pickMonth(page, previous, period);
  await expect(bodyRows(page)).toHaveCount(2);

  // Exportar: exactly the two rows shown, as the firm's spreadsheet reads them.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`solicitudes-${period.year}-${pad(period.month)}.csv`);
  const text = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe('Empresa;RUT;Título;Servicio;Vence;Estado;Recibidos;Documentos;Por revisar');
  expect(lines.slice(1)).toEqual([
    `${aromos};${data.aromos.rut};Documentos mensuales;${data.s1.name};${shown(templateDue)};Pendiente;0;1;0`,
    `${aromos};${data.aromos.rut};Compras del mes;${data.s1.name};${shown(dayFromToday(40))};Parcial;1;2;0`,
  ]);

  // An owner the select does not offer (an old link, a deleted user) filters nothing, as on the boards.
  await page.goto(
    `/solicitudes?anio=${period.year}&mes=${period.month}&buscar=${encodeURIComponent(prefix)}&encargado=999999`,
  );
  await expect(bodyRows(page)).toHaveCount(5);
});

test("a client's upload makes the Documentos badge and the company's board badge appear without a reload", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = await ownerHeaders(request);
  const service = await createServiceViaApi(request, uniqueName('Contabilidad'));
  const folder = await createFolderViaApi(request, service.id, { name: uniqueName('Facturas') });
  const company = await createCompany(request, uniqueName('Solicitud en vivo'), null);
  await linkServiceViaApi(request, company.id, service.id);
  const created = await createRequest(request, company.id, 'Compras del mes', dayFromToday(10), folder.id, [
    'Facturas de compra',
  ]);
  const client = { email: uniqueEmail('cliente'), password: 'clave-cliente-1' };
  await post(
    request,
    '/api/user',
    { name: 'Camila', lastName: 'Rojas', role: 'client', businessId: company.id, ...client },
    headers,
  );

  await signInAsOwner(page);
  await page.getByLabel('Buscar empresa').fill(company.name);
  const board = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await expect(board.getByRole('link', { name: company.name })).toBeVisible();
  await expect(board.getByRole('link', { name: /documentos? por revisar/ })).toHaveCount(0);
  await markWindow(page);

  const clientToken = await apiToken(request, client.email, client.password);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdfBytes('factura'))], { type: 'application/pdf' }), 'factura.pdf');
  const upload = await request.post(`/api/request-item/${created.items[0]?.id}/file`, {
    headers: { authorization: `Bearer ${clientToken}` },
    multipart: form,
  });
  expect(upload.status(), await upload.text()).toBe(201);

  const mark = board.getByRole('link', { name: '1 por revisar' });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText('1 por revisar');
  await expect(mark).toHaveAttribute(
    'href',
    `/documentos/empresa/${company.id}?anio=${period.year}&mes=${period.month}`,
  );
  // The menu shows the firm's count as the API gives it now (other specs on the shared server may
  // review or send files meanwhile, so not a count taken before the upload): updated without a reload.
  const toReview = async () =>
    (await (await request.get('/api/requests/to-review', { headers })).json()).total as number;
  const described = (total: number) => `${total} ${total === 1 ? 'documento' : 'documentos'} por revisar`;
  await expect
    .poll(async () => {
      const total = await toReview();
      const shown = await menuLink(page, 'Documentos').getAttribute('aria-describedby');
      const text = shown ? await page.locator(`#${shown}`).textContent() : null;
      return text === described(total) && total >= 1 ? 'matches' : `${text} vs ${described(total)}`;
    })
    .toBe('matches');
  await expectNotReloaded(page);
  await expectNoSeriousViolations(page);

  // /solicitudes marks the request too.
  await menuLink(page, 'Solicitudes').click();
  // The board had a 'Buscar empresa' too: the search is typed once /solicitudes shows.
  await expect(page.getByRole('heading', { name: 'Solicitudes', level: 1 })).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(company.name);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('1 por revisar');
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page);
  // The same screen on a phone: nothing scrolls sideways, and its accessibility holds.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bodyRows(page).first()).toContainText('1 por revisar');
  // The phone's layout comes a render after the resize (a media query): wait for it, do not race it.
  await expect.poll(() => pageOverflowsSideways(page)).toBe(false);
  await expectNoSeriousViolations(page);
});

test('a collaborator has Solicitudes in the menu; a client has neither the entry nor the page', async ({
  page,
  request,
}) => {
  await signInAsNewCollaborator(page, request, 'Renata');
  await menuLink(page, 'Solicitudes').click();
  await expect(page.getByRole('heading', { name: 'Solicitudes', level: 1 })).toBeVisible();

  const headers = await ownerHeaders(request);
  const company = await createCompany(request, uniqueName('Solicitud cliente'), null);
  const client = { email: uniqueEmail('cliente'), password: 'clave-cliente-1' };
  await post(
    request,
    '/api/user',
    { name: 'Camila', lastName: 'Rojas', role: 'client', businessId: company.id, ...client },
    headers,
  );
  await page.getByRole('button', { name: /menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, client.email, client.password);
  await expect(menuLink(page, 'Solicitudes')).toHaveCount(0);
  await page.goto('/solicitudes');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Solicitudes', level: 1 })).toHaveCount(0);
});

test('the state counts show a loading placeholder, never zeros, until the month’s requests arrive', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/requests\?/, async (route) => {
    await held;
    await route.continue();
  });
  await signInAsOwner(page, '/solicitudes');
  await expect(page.getByRole('heading', { name: 'Solicitudes', level: 1 })).toBeVisible();
  await expect(counts(page)).toHaveAttribute('aria-busy', 'true');
  for (const state of ['Pendiente', 'Parcial', 'Completa', 'Atrasada']) {
    await expect(counts(page).getByRole('button', { name: `${state}: cargando` })).toBeDisabled();
  }
  await expect(counts(page)).not.toContainText(/\d/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('solicitudes-cargando-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('solicitudes-cargando-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  release();
  await expect(counts(page)).toHaveAttribute('aria-busy', 'false');
  for (const state of ['Pendiente', 'Parcial', 'Completa', 'Atrasada']) {
    await expect(counts(page).getByRole('button', { name: new RegExp(`^${state}: \\d+$`) })).toBeEnabled();
  }
  await page.screenshot({ path: test.info().outputPath('solicitudes-cargado-1280.png') });
});
