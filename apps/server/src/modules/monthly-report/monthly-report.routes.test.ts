import { msg } from '@app/shared/messages';
import { formatMoney } from '@app/shared/money';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { pngLogo } from '../../demo/demo-logo.ts';
import { companyWithTerms } from '../../test/billing-factories.ts';
import { insertCharge } from '../../test/collections-factories.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles, pdfText, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { monthlyStateHistory } from '../monthly-states/monthly-states.tables.ts';
import { services } from '../services/services.tables.ts';

// Tuesday 20 October 2026 in Santiago. September's F29 (due day 12: Monday 12 October is a holiday)
// fell due on Tuesday 13; its 'Libro' (due day 23) falls due on Friday 23; 'Previred' (due day 10,
// Saturday: Monday 12 a holiday, so Tuesday 13) is past its due date.
const clock = new Date('2026-10-20T15:00:00Z');
const period = { year: 2026, month: 9 };

let t: TestApp;
let owner: string;
let collaborator: string;
let client: string;
let otherClient: string;
let company: { id: number; name: string; rut: string };
let f29: { serviceId: number; stateIds: number[] };
let libro: { serviceId: number; stateIds: number[] };
let previred: { serviceId: number; stateIds: number[] };
let notApplying: { serviceId: number; stateIds: number[] };

const reportUrl = (businessId: number, year = period.year, month = period.month) =>
  `/api/business/${businessId}/monthly-report?anio=${year}&mes=${month}`;
const get = (token: string | undefined, url: string) => t.request({ method: 'GET', url, token });
async function reportText(token: string, businessId = company.id) {
  const answer = await get(token, reportUrl(businessId));
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload);
}
const setCell = async (serviceId: number, stateId: number, optionalValue?: number) => {
  const answer = await t.request({
    method: 'PUT',
    url: `/api/monthly-states/year/${period.year}/month/${period.month}`,
    token: owner,
    payload: { businessId: company.id, serviceId, stateId, ...(optionalValue === undefined ? {} : { optionalValue }) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = await t.ownerToken();
  collaborator = (await t.userWithRole('collaborator')).token;
  company = await companyWithTerms(
    t,
    owner,
    { amount: '100.000' },
    { name: 'Ferretería El Roble', startContract: '2020-01-01' },
  );
  client = (await t.userWithRole('client', { businessId: company.id })).token;
  otherClient = (await t.userWithRole('client', { businessId: (await insertBusiness(t)).id })).token;
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  libro = await createServiceWithStates(
    t,
    'Libro de remuneraciones electrónico con un nombre largo que no cabe en una línea del informe',
    [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'En proceso', pctProgress: 50 },
      { name: 'Listo', pctProgress: 100 },
    ],
    2,
  );
  previred = await createServiceWithStates(
    t,
    'Previred',
    [
      { name: 'Por pagar', pctProgress: 0 },
      { name: 'Pagada', pctProgress: 100 },
    ],
    3,
  );
  notApplying = await createServiceWithStates(t, 'Servicio que no aplica', [{ name: 'Nada', pctProgress: 0 }], 4);
  await t.database.db.update(services).set({ dueDay: 12 }).where(eq(services.id, f29.serviceId));
  await t.database.db.update(services).set({ dueDay: 23 }).where(eq(services.id, libro.serviceId));
  await t.database.db.update(services).set({ dueDay: 10 }).where(eq(services.id, previred.serviceId));
  for (const service of [f29, libro, previred]) await linkService(t, company.id, service.serviceId, '2020-01-01');

  // F29 paid with its value on 9 October (before its due date); Libro in progress; Previred untouched.
  await setCell(f29.serviceId, f29.stateIds[1] as number, 1_234_567);
  await t.database.db
    .update(monthlyStateHistory)
    .set({ createdAt: new Date('2026-10-09T14:00:00Z') })
    .where(and(eq(monthlyStateHistory.businessId, company.id), eq(monthlyStateHistory.serviceId, f29.serviceId)));
  await setCell(libro.serviceId, libro.stateIds[1] as number);
});

describe('GET /api/business/{id}/monthly-report', () => {
  it('answers 401 without a session, 403 to a client of another company, and the PDF to staff and the own client', async () => {
    const anonymous = await get(undefined, reportUrl(company.id));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: msg.unauthorized });
    const other = await get(otherClient, reportUrl(company.id));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: msg.forbidden });
    for (const token of [owner, collaborator, client]) {
      const answer = await get(token, reportUrl(company.id));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(answer.headers['content-disposition']).toContain('informe-mensual-');
      expect(answer.headers['cache-control']).toContain('no-store');
    }
  });

  it('refuses in Spanish a month after the current period, a month that is not one and an unknown company', async () => {
    const future = await get(owner, reportUrl(company.id, 2099, 1));
    expect(future.statusCode).toBe(400);
    const wrongMonth = await get(owner, reportUrl(company.id, 2026, 13));
    expect(wrongMonth.statusCode).toBe(400);
    expect(wrongMonth.json().message).toMatch(/mes/i);
    const unknown = await get(owner, reportUrl(999_999));
    expect(unknown.statusCode).toBe(404);
  });

  it("lists each service's state and value exactly as the board shows that month, leaving out 'N/A'", async () => {
    const board = (
      await get(owner, `/api/monthly-states/year/${period.year}/month/${period.month}`)
    ).json() as MonthlyBoard;
    const row = board.rows.find((candidate) => candidate.business.id === company.id);
    expect(row).toBeDefined();
    const expected = (row?.cells ?? [])
      .filter((cell) => cell.applies)
      .map((cell) => {
        const service = board.services.find((candidate) => candidate.id === cell.serviceId);
        const state = service?.states.find((candidate) => candidate.id === cell.stateId);
        return `${service?.name} — ${[state?.name, cell.value === null ? '' : formatMoney(cell.value)].filter(Boolean).join(' ')}`;
      });
    const text = await reportText(owner);
    // The board's values for that month: F29 paid with its value, Libro in progress, Previred at its first state.
    expect(expected).toEqual([
      'F29 — Pagado $1.234.567',
      `${'Libro de remuneraciones electrónico con un nombre largo que no cabe en una línea del informe'} — En proceso`,
      'Previred — Por pagar',
    ]);
    // A long name wraps inside its column: its lines read as one.
    const flat = text.replace(/\s*\n\s*/g, ' ');
    for (const line of expected) expect(flat).toContain(line);
    expect(text).toContain('F29 — Pagado $1.234.567');
    expect(text).not.toContain('Servicio que no aplica');
    expect(notApplying.serviceId).toBeGreaterThan(0);
  });

  it('says for each due date whether it was met or is late, as the panel counts punctuality', async () => {
    const text = await reportText(owner);
    // F29 done on 9 October, due 13 October: on time. Libro due 23 October: not yet. Previred due 13: overdue.
    expect(text).toContain('Cumplido a tiempo (09-10-2026)');
    expect(text).toContain('Por vencer');
    expect(text).toContain('Vencido sin terminar');
    expect(text).toContain('13-10-2026');
    expect(text).toContain('23-10-2026');
    expect(text).toContain('A tiempo: 1 · Con atraso: 0 · Vencidos sin terminar: 1 · Por vencer: 1');
    const punctuality = (await get(owner, '/api/panel/punctuality')).json() as {
      months: { year: number; month: number; onTime: number; late: number; overdue: number; pending: number }[];
    };
    const september = punctuality.months.find((month) => month.year === 2026 && month.month === 9);
    expect(september).toMatchObject({ onTime: 1, late: 0, overdue: 1, pending: 1 });
  });

  it("lists the period's documents and the requests still waiting with what is missing", async () => {
    const folder = await t.request({
      method: 'POST',
      url: `/api/service/${f29.serviceId}/folder`,
      token: owner,
      payload: { name: 'Declaraciones' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    const folderId = folder.json().folder.id as number;
    const view = await get(owner, `/api/business/${company.id}/folder/${folderId}/year/2026/month/9`);
    const businessFolderId = view.json().folder.businessFolderId as number;
    const uploaded = await t.request({
      method: 'POST',
      url: `/api/business-folder/${businessFolderId}/file`,
      token: owner,
      ...multipartFiles([{ name: 'F29 septiembre.pdf', bytes: tinyPdf('f29') }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const created = await t.request({
      method: 'POST',
      url: '/api/requests',
      token: owner,
      payload: {
        businessId: company.id,
        ...period,
        title: 'Documentos de septiembre',
        dueDate: '2026-10-05',
        items: [
          { name: 'Cartola bancaria', serviceFolderId: folderId },
          { name: 'Facturas de compra', serviceFolderId: folderId },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [first] = created.json().request.items as { id: number }[];
    const received = await t.request({
      method: 'PUT',
      url: `/api/request-item/${first?.id}`,
      token: owner,
      payload: { status: 'received' },
    });
    expect(received.statusCode, received.body).toBe(200);

    const text = await reportText(client);
    expect(text).toContain('F29 septiembre.pdf');
    expect(text).toContain('Declaraciones');
    expect(text).toContain('Documentos de septiembre');
    expect(text).toContain('Atrasada');
    expect(text).toContain('Facturas de compra');
    expect(text).not.toContain('Cartola bancaria');
  });

  it('shows the balance of the statement to the owner and the client, never to a collaborator', async () => {
    await insertCharge(t, { businessId: company.id, total: 119_000, dueDate: '2026-10-10', folio: 77 });
    await insertCharge(t, { businessId: company.id, total: 50_000, dueDate: '2026-10-10', status: 'draft' });
    const statement = (await get(client, `/api/billing/business/${company.id}/statement`)).json() as {
      totals: { open: number; balance: number };
    };
    expect(statement.totals.balance).toBe(119_000);
    for (const token of [owner, client]) {
      const text = await reportText(token);
      expect(text).toContain('Estado de cuenta');
      expect(text).toContain(formatMoney(statement.totals.balance));
      // The draft is the firm's work in progress: the report counts what the client's statement counts.
      expect(text).not.toContain(formatMoney(169_000));
    }
    const staffText = await reportText(collaborator);
    expect(staffText).not.toContain('Estado de cuenta');
    expect(staffText).not.toContain(formatMoney(119_000));
  });

  it('writes each generated report in the activity log with who asked for it', async () => {
    await reportText(client);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'monthly_report'), eq(activity.businessId, company.id)));
    expect(entries.length).toBeGreaterThanOrEqual(1);
    const last = entries.at(-1);
    expect(last).toMatchObject({
      action: 'generated',
      recordLabel: 'Informe mensual septiembre 2026',
      recordId: `${company.id}:2026-09`,
    });
    expect(last?.actorName).toBeTruthy();
  });

  it("counts the firm's messages no client user has read yet under 'Mensajes esperando respuesta'", async () => {
    expect(await reportText(owner)).toContain('No hay mensajes esperando respuesta.');
    const post = (token: string, text: string) =>
      t.request({ method: 'POST', url: `/api/messages/business/${company.id}`, token, payload: { text } });
    for (const text of ['¿Nos envían las facturas?', 'Recordatorio: faltan las facturas']) {
      const sent = await post(owner, text);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect(await reportText(owner)).toContain('Hay 2 mensajes esperando respuesta.');
    // The client opens the thread (its marker reaches the newest message): nothing waits for them any more.
    const thread = await get(client, `/api/messages/business/${company.id}`);
    const newest = Math.max(...(thread.json().messages as { id: number }[]).map((message) => message.id));
    const read = await t.request({
      method: 'POST',
      url: `/api/messages/business/${company.id}/read`,
      token: client,
      payload: { lastReadId: newest },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await reportText(owner)).toContain('No hay mensajes esperando respuesta.');
  });
});

describe("the firm's identity ('Datos del estudio')", () => {
  it('is edited by owners only: 401 anonymous, 403 collaborator and client', async () => {
    expect((await get(undefined, '/api/firm/settings')).statusCode).toBe(401);
    for (const token of [collaborator, client]) {
      const read = await get(token, '/api/firm/settings');
      expect(read.statusCode).toBe(403);
      const write = await t.request({
        method: 'PUT',
        url: '/api/firm/settings',
        token,
        payload: { name: 'X', rut: '', address: '', monthlyReportDay: null },
      });
      expect(write.statusCode).toBe(403);
    }
  });

  it('puts its name, RUT, address and logo at the top of the report and of the account statement', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/firm/settings',
      token: owner,
      payload: {
        name: 'Estudio Contable Pérez y Asociados',
        rut: '76.086.428-5',
        address: 'Av. Apoquindo 3000, of. 501, Las Condes',
        monthlyReportDay: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ rut: '76.086.428-5', monthlyReportDay: null, logo: null });
    const logo = await t.request({
      method: 'PUT',
      url: '/api/firm/logo',
      token: owner,
      ...multipartFiles([{ name: 'logo.png', bytes: pngLogo() }]),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json().settings.logo).toEqual({ contentType: 'image/png', size: pngLogo().length });

    const answer = await get(owner, reportUrl(company.id));
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('Estudio Contable Pérez y Asociados');
    expect(text).toContain('RUT 76.086.428-5');
    expect(text).toContain('Av. Apoquindo 3000, of. 501, Las Condes');
    expect(answer.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // One identity: the account statement carries the same letterhead.
    const statement = await get(owner, `/api/billing/business/${company.id}/statement/pdf`);
    const statementText = pdfText(statement.rawPayload);
    expect(statementText).toContain('Estudio Contable Pérez y Asociados');
    expect(statementText).toContain('RUT 76.086.428-5');
    expect(statementText).toContain('Av. Apoquindo 3000, of. 501, Las Condes');
    expect(statement.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('refuses a logo that is not a PNG or JPEG by its content, one too large, and a RUT with a wrong check digit', async () => {
    const notImage = await t.request({
      method: 'PUT',
      url: '/api/firm/logo',
      token: owner,
      ...multipartFiles([{ name: 'logo.png', bytes: tinyPdf('no soy imagen') }]),
    });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toMatch(/PNG o JPG/);
    const truncated = pngLogo().subarray(0, 60);
    const broken = await t.request({
      method: 'PUT',
      url: '/api/firm/logo',
      token: owner,
      ...multipartFiles([{ name: 'logo.png', bytes: truncated }]),
    });
    expect(broken.statusCode).toBe(415);
    const large = await t.request({
      method: 'PUT',
      url: '/api/firm/logo',
      token: owner,
      ...multipartFiles([{ name: 'logo.png', bytes: Buffer.alloc(600 * 1024, 1) }]),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toMatch(/512 KB/);
    const rut = await t.request({
      method: 'PUT',
      url: '/api/firm/settings',
      token: owner,
      payload: { name: 'Estudio', rut: '76.086.428-1', address: '', monthlyReportDay: null },
    });
    expect(rut.statusCode).toBe(400);
    const day = await t.request({
      method: 'PUT',
      url: '/api/firm/settings',
      token: owner,
      payload: { name: 'Estudio', rut: '', address: '', monthlyReportDay: 31 },
    });
    expect(day.statusCode).toBe(400);
    // The logo saved before is still there.
    expect((await get(owner, '/api/firm/settings')).json().logo).toMatchObject({ contentType: 'image/png' });
  });

  it('logs each change of the identity and of the logo', async () => {
    const entries = await t.database.db.select().from(activity).where(eq(activity.kind, 'firm_settings'));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['updated', 'uploaded']));
  });
});
