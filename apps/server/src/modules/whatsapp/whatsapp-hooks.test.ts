import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCharge } from '../../test/collections-factories.ts';
import { createServiceWithStates, insertBusiness } from '../../test/factories.ts';
import { startFakeWhatsApp } from '../../test/fake-whatsapp.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { documentRequestItems, documentRequests } from '../requests/requests.tables.ts';
import { serviceFolders } from '../services/services.tables.ts';
import { whatsappOutbox } from './whatsapp.tables.ts';

// Where the other modules queue a WhatsApp notice: a staff message the client has not read, a
// document request's reminders, an approval's request and reminders, an overdue charge's reminder.
// Each queues exactly one row however often it runs, and none for a company that did not accept
// them, nor when WhatsApp is not configured.

const APP_URL = 'https://estudio.example.cl';
const fake = await startFakeWhatsApp();
let clock = new Date('2026-11-20T13:00:00Z');
let t: TestApp;
let owner: string;

const rowsOf = (businessId: number, kind?: 'message' | 'request' | 'approval' | 'charge') =>
  t.database.db
    .select()
    .from(whatsappOutbox)
    .where(
      kind
        ? and(eq(whatsappOutbox.businessId, businessId), eq(whatsappOutbox.kind, kind))
        : eq(whatsappOutbox.businessId, businessId),
    )
    .orderBy(whatsappOutbox.id);
const job = (name: string) => {
  const found = [...t.modules.messages.jobs, ...t.modules.scheduler.jobs].find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
};

async function company(accepts: boolean, app: TestApp = t) {
  const row = await insertBusiness(app, { name: `Comercial ${Math.random().toString(16).slice(2, 7)}` });
  if (accepts) {
    const saved = await app.request({
      method: 'PUT',
      url: `/api/business/${row.id}/whatsapp`,
      token: await app.ownerToken(),
      payload: { phone: '+56 9 1234 5678', optedIn: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ ...fake.env(), APP_URL }, { now: () => clock });
  owner = await t.ownerToken();
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});

describe('a staff message the client has not read', () => {
  it("queues one notice when the unread notice goes to the company's clients, with the count and no text", async () => {
    clock = new Date('2026-11-20T13:00:00Z');
    const accepting = await company(true);
    const silent = await company(false);
    const fromClient = await company(true);
    for (const target of [accepting, silent, fromClient]) await t.userWithRole('client', { businessId: target.id });
    const staff = callerFor(t, () => owner);
    await staff.post(`/api/messages/business/${accepting.id}`, { text: 'Texto privado uno' });
    const newest = await staff.post(`/api/messages/business/${accepting.id}`, { text: 'Texto privado dos' });
    await staff.post(`/api/messages/business/${silent.id}`, { text: 'Hola' });
    const clientToken = await t.userWithRole('client', { businessId: fromClient.id });
    await callerFor(t, () => clientToken.token).post(`/api/messages/business/${fromClient.id}`, { text: 'Pregunta' });

    clock = new Date(clock.getTime() + 16 * 60_000);
    await job('message-unread-notice').run(clock);
    clock = new Date(clock.getTime() + 30 * 60_000);
    await job('message-unread-notice').run(clock);

    const rows = await rowsOf(accepting.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'message',
      subjectId: newest.json().item.id,
      number: 0,
      phone: '+56912345678',
      template: 'nuevo_mensaje',
      status: 'pending',
      params: [accepting.name, '2', `${APP_URL}/mensajes`],
    });
    expect(JSON.stringify(rows[0]?.params)).not.toContain('Texto privado');
    // A company that did not accept gets its e-mail only; a client's message is told to the firm, not by WhatsApp.
    expect(await rowsOf(silent.id)).toEqual([]);
    expect(await rowsOf(fromClient.id)).toEqual([]);
  });
});

describe("a document request's reminders", () => {
  it('queue one notice 3 days before the due date and one on it', async () => {
    const { serviceId } = await createServiceWithStates(t, 'Contabilidad WhatsApp', [
      { name: 'Pendiente', pctProgress: 0 },
    ]);
    const [folder] = await t.database.db.insert(serviceFolders).values({ serviceId, name: 'Compras' }).returning();
    const accepting = await company(true);
    const silent = await company(false);
    const requestIds: number[] = [];
    for (const target of [accepting, silent]) {
      const [request] = await t.database.db
        .insert(documentRequests)
        .values({
          businessId: target.id,
          year: 2026,
          month: 11,
          title: 'Documentos de noviembre',
          dueDate: '2026-12-15',
          serviceId,
          createdAt: new Date('2026-11-20T12:00:00Z'),
        })
        .returning();
      if (!request || !folder) throw new Error('request not inserted');
      await t.database.db
        .insert(documentRequestItems)
        .values({ requestId: request.id, name: 'Facturas de compra', serviceFolderId: folder.id, position: 0 });
      requestIds.push(request.id);
    }
    const reminders = job('request-reminders');
    await reminders.run(new Date('2026-12-12T12:00:00Z')); // 09:00 in Santiago, 3 days before
    await reminders.run(new Date('2026-12-13T12:00:00Z'));
    expect(await rowsOf(accepting.id, 'request')).toMatchObject([
      {
        subjectId: requestIds[0],
        number: 1,
        template: 'solicitud_por_vencer',
        params: [accepting.name, 'Documentos de noviembre', '15-12-2026', `${APP_URL}/`],
      },
    ]);
    await reminders.run(new Date('2026-12-15T12:30:00Z'));
    await reminders.run(new Date('2026-12-15T18:00:00Z'));
    expect((await rowsOf(accepting.id, 'request')).map((row) => row.number)).toEqual([1, 2]);
    expect(await rowsOf(silent.id)).toEqual([]);
  });
});

describe("an approval's request and reminders", () => {
  it('queue one notice at the request and one per reminder', async () => {
    const requested = new Date('2026-10-14T13:00:00Z'); // Wednesday, 10:00 in Santiago
    clock = requested;
    const accepting = await company(true);
    await t.userWithRole('client', { businessId: accepting.id });
    const created = await t.request({
      method: 'POST',
      url: `/api/business/${accepting.id}/approvals/upload`,
      token: owner,
      ...multipartFiles([{ name: 'balance.pdf', bytes: tinyPdf('balance') }], {
        title: 'Balance 2025',
        reminderDays: '3',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const approvalId = created.json().approval.id as number;
    expect(await rowsOf(accepting.id, 'approval')).toMatchObject([
      {
        subjectId: approvalId,
        number: 0,
        template: 'aprobacion_pendiente',
        params: [accepting.name, 'Balance 2025', `${APP_URL}/aprobaciones/${approvalId}`],
      },
    ]);
    const day = 86_400_000;
    for (const after of [3 * day, 3 * day + 60_000, 4 * day]) {
      clock = new Date(requested.getTime() + after);
      await t.modules.approvals.runReminders(clock);
    }
    expect((await rowsOf(accepting.id, 'approval')).map((row) => row.number)).toEqual([0, 1]);
  });
});

describe("an overdue charge's reminder", () => {
  it('queues one notice for a step after the due date, none before it', async () => {
    const noon = new Date('2026-11-15T15:00:00Z');
    clock = noon;
    const settings = await t.request({
      method: 'PUT',
      url: '/api/billing/settings',
      token: owner,
      payload: {
        bank: 'Banco Estado',
        accountType: 'Cuenta vista',
        accountNumber: '123456789',
        holder: 'Estudio Contable SpA',
        rut: '76.543.210-3',
        receiptEmail: '',
        reminderOffsets: [-3, 0, 7],
        remindersEnabled: true,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const accepting = await company(true);
    const silent = await company(false);
    const overdue = await insertCharge(t, {
      businessId: accepting.id,
      total: 119_000,
      dueDate: '2026-11-05',
      description: 'Honorarios octubre 2026',
    });
    await insertCharge(t, { businessId: accepting.id, total: 50_000, dueDate: '2026-11-17' }); // 3 days before: e-mail only
    await insertCharge(t, { businessId: silent.id, total: 80_000, dueDate: '2026-11-05' });
    await t.modules.billing.runReminders(noon);
    await t.modules.billing.runReminders(new Date(noon.getTime() + 3_600_000));
    expect(await rowsOf(accepting.id)).toMatchObject([
      {
        kind: 'charge',
        subjectId: overdue.id,
        number: 7,
        template: 'cobro_vencido',
        params: [accepting.name, 'Honorarios octubre 2026', '$119.000', '05-11-2026', `${APP_URL}/`],
      },
    ]);
    expect(await rowsOf(silent.id)).toEqual([]);
  });
});

describe('without WhatsApp configured', () => {
  it('queues nothing, even for a company that accepted', async () => {
    const off = await createTestApp({ APP_URL }, { now: () => clock });
    try {
      clock = new Date('2026-10-14T13:00:00Z');
      const accepting = await company(true, off);
      await off.userWithRole('client', { businessId: accepting.id });
      const created = await off.request({
        method: 'POST',
        url: `/api/business/${accepting.id}/approvals/upload`,
        token: await off.ownerToken(),
        ...multipartFiles([{ name: 'carta.pdf', bytes: tinyPdf('carta') }], { title: 'Carta de compromiso' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      await off.modules.approvals.runReminders(new Date(clock.getTime() + 3 * 86_400_000));
      expect(await off.database.db.select().from(whatsappOutbox)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
