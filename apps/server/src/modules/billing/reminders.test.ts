import { msg } from '@app/shared/messages';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows, insertCharge, pay } from '../../test/collections-factories.ts';
import { insertBusiness } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { stepsDue } from './reminders.service.ts';

// 15 November 2026: 08:00 and noon in Santiago (summer time, UTC-3).
const EARLY = new Date('2026-11-15T11:00:00Z');
const NOON = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;

const saveSettings = (remindersEnabled: boolean) =>
  t.request({
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
      reminderOffsets: [-3, 0, 7, 15],
      remindersEnabled,
    },
  });
const claims = async (chargeId: number) => {
  const result = (await t.database.db.execute(
    sql`select step, outcome from billing_reminder_sends where charge_id = ${chargeId} order by step`,
  )) as unknown as { rows: { step: number; outcome: string | null }[] };
  return result.rows.map((row) => [row.step, row.outcome]);
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOON });
  owner = await t.ownerToken();
});

describe('which reminder steps have come', () => {
  it('answers the steps whose day has come and the latest of them', () => {
    expect(stepsDue([-3, 0, 7, 15], '2026-11-18', '2026-11-15')).toEqual({ come: [-3], latest: -3 });
    expect(stepsDue([-3, 0, 7, 15], '2026-11-18', '2026-11-14')).toEqual({ come: [], latest: undefined });
    expect(stepsDue([15, -3, 0, 7], '2026-10-20', '2026-11-15')).toEqual({ come: [-3, 0, 7, 15], latest: 15 });
  });
});

describe('payment reminders', () => {
  it('sends nothing while reminders are off, nor before 09:00', async () => {
    const company = await insertBusiness(t);
    await insertCharge(t, { businessId: company.id, total: 10_000, dueDate: '2026-11-15' });
    expect((await saveSettings(false)).statusCode).toBe(200);
    expect(await t.modules.billing.runReminders(NOON)).toBe(0);
    expect((await saveSettings(true)).statusCode).toBe(200);
    expect(await t.modules.billing.runReminders(EARLY)).toBe(0);
    expect(await countRows(t, 'billing_reminder_sends')).toBe(0);
  });

  it('reminds each issued open charge once per step, the latest step only after a pause, with the transfer details', async () => {
    await t.database.db.execute(sql`delete from billing_reminder_sends`);
    const company = await insertBusiness(t, { name: 'Cliente Puntual', contact: 'pagos@puntual.cl' });
    const stopped = await insertBusiness(t, { name: 'Detenida' });
    const silent = await insertBusiness(t, { name: 'Sin Contactos', contact: '' });
    const soon = await insertCharge(t, {
      businessId: company.id,
      total: 119_000,
      dueDate: '2026-11-18',
      folio: 77,
      description: 'Honorarios octubre 2026',
    });
    const late = await insertCharge(t, {
      businessId: company.id,
      total: 50_000,
      dueDate: '2026-10-20',
      contacts: 'cobros@puntual.cl',
    });
    const draft = await insertCharge(t, {
      businessId: company.id,
      total: 1_000,
      dueDate: '2026-11-01',
      status: 'draft',
    });
    const stoppedCharge = await insertCharge(t, { businessId: stopped.id, total: 1_000, dueDate: '2026-11-15' });
    const noContacts = await insertCharge(t, { businessId: silent.id, total: 1_000, dueDate: '2026-11-15' });
    const paidOther = await insertBusiness(t);
    const paid = await insertCharge(t, { businessId: paidOther.id, total: 5_000, dueDate: '2026-11-10' });
    await pay(t, owner, { businessId: paidOther.id, amount: 5_000 });
    const stop = await t.request({
      method: 'PUT',
      url: `/api/billing/business/${stopped.id}/reminders`,
      token: owner,
      payload: { stopped: true },
    });
    expect(stop.json()).toEqual({ message: collectionsMsg.remindersStopped, stopped: true });

    const before = t.mailer.sent.length;
    expect(await t.modules.billing.runReminders(NOON)).toBeGreaterThanOrEqual(3);
    const mails = t.mailer.sent.slice(before);
    const toCompany = mails.filter(
      (mail) => mail.to.includes('pagos@puntual.cl') || mail.to.includes('cobros@puntual.cl'),
    );
    expect(toCompany.map((mail) => [mail.to, mail.subject])).toEqual([
      [['cobros@puntual.cl'], collectionsMsg.reminderSubject('Cliente Puntual', '2026-10-20', false)],
      [['pagos@puntual.cl'], collectionsMsg.reminderSubject('Cliente Puntual', '2026-11-18', true)],
    ]);
    expect(toCompany[0]?.text).toContain('venció el 20-10-2026 (hace 26 días) y tiene un saldo pendiente de $50.000');
    expect(toCompany[1]?.text).toContain('«Honorarios octubre 2026» (folio 77) por $119.000 vence el 18-11-2026');
    expect(toCompany[1]?.text).toContain(
      'Banco: Banco Estado\nTipo de cuenta: Cuenta vista\nNúmero de cuenta: 123456789',
    );
    expect(await claims(soon.id)).toEqual([[-3, 'sent']]);
    expect(await claims(late.id)).toEqual([
      [-3, 'superseded'],
      [0, 'superseded'],
      [7, 'superseded'],
      [15, 'sent'],
    ]);
    expect(await claims(noContacts.id)).toEqual([
      [-3, 'superseded'],
      [0, 'no_contacts'],
    ]);
    for (const charge of [draft, stoppedCharge, paid]) expect(await claims(charge.id)).toEqual([]);
    expect(mails.some((mail) => mail.subject.includes('Detenida'))).toBe(false);

    // Later runs send nothing again; the step of the due date goes out on it.
    const sentSoFar = t.mailer.sent.length;
    expect(await t.modules.billing.runReminders(new Date('2026-11-15T20:00:00Z'))).toBe(0);
    expect(t.mailer.sent.length).toBe(sentSoFar);
    await t.modules.billing.runReminders(new Date('2026-11-18T13:00:00Z'));
    expect(await claims(soon.id)).toEqual([
      [-3, 'sent'],
      [0, 'sent'],
    ]);

    const listed = await t.request({
      method: 'GET',
      url: `/api/billing/business/${company.id}/reminders`,
      token: owner,
    });
    expect(listed.statusCode).toBe(200);
    expect(
      (listed.json() as { chargeId: number; step: number; outcomeText: string }[])
        .filter((row) => row.chargeId === soon.id)
        .map((row) => [row.step, row.outcomeText]),
    ).toEqual([
      [0, 'Enviado'],
      [-3, 'Enviado'],
    ]);
  });

  it("says 'En bandeja local' when mail is not configured: never 'Enviado'", async () => {
    const outboxApp = await createTestApp({}, { database: t.database, mailer: 'configured', now: () => NOON });
    try {
      const company = await insertBusiness(t, { contact: 'alguien@empresa.cl' });
      const charge = await insertCharge(t, { businessId: company.id, total: 3_000, dueDate: '2026-11-15' });
      await outboxApp.modules.billing.runReminders(NOON);
      expect(await claims(charge.id)).toEqual([
        [-3, 'superseded'],
        [0, 'outbox'],
      ]);
      const listed = await t.request({
        method: 'GET',
        url: `/api/billing/business/${company.id}/reminders`,
        token: owner,
      });
      expect(listed.json()[0]).toMatchObject({
        outcome: 'outbox',
        outcomeText: collectionsMsg.reminderOutcomes.outbox,
      });
      const settings = await outboxApp.request({
        method: 'GET',
        url: '/api/billing/settings',
        token: await outboxApp.ownerToken(),
      });
      expect(settings.json().mailConfigured).toBe(false);
    } finally {
      await outboxApp.close();
    }
  });

  it('sends each (charge, step) once when two instances run at the same moment', async () => {
    const other = await createTestApp({}, { database: t.database, now: () => NOON });
    try {
      const companies = await Promise.all(Array.from({ length: 8 }, () => insertBusiness(t)));
      const charges = await Promise.all(
        companies.map((company) => insertCharge(t, { businessId: company.id, total: 2_000, dueDate: '2026-11-12' })),
      );
      const contacts = new Set(companies.map((company) => company.contact));
      const mailsTo = (app: TestApp) => app.mailer.sent.filter((mail) => mail.to.some((to) => contacts.has(to))).length;
      const [a, b, c] = await Promise.all([
        t.modules.billing.runReminders(NOON),
        other.modules.billing.runReminders(NOON),
        t.modules.billing.runReminders(NOON),
      ]);
      expect((a ?? 0) + (b ?? 0) + (c ?? 0)).toBe(8);
      expect(mailsTo(t) + mailsTo(other)).toBe(8);
      for (const charge of charges) {
        expect(await claims(charge.id)).toEqual([
          [-3, 'superseded'],
          [0, 'sent'],
        ]);
      }
    } finally {
      await other.close();
    }
  });

  it('refuses settings with a RUT whose check digit fails, a RUT without it, or steps out of range', async () => {
    for (const [change, text] of [
      [{ rut: '76.543.210-4' }, collectionsMsg.invalidRut],
      [{ rut: '76.543.210' }, collectionsMsg.invalidRut],
      [{ reminderOffsets: [-31] }, 'entre -30 y 90'],
      [{ reminderOffsets: [3, 3] }, 'sin repetir'],
      [{ reminderOffsets: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'entre -30 y 90'],
      [{ receiptEmail: 'no-es-correo' }, msg.invalidEmail],
    ] as const) {
      const answer = await t.request({
        method: 'PUT',
        url: '/api/billing/settings',
        token: owner,
        payload: { reminderOffsets: [0], remindersEnabled: true, ...change },
      });
      expect([JSON.stringify(change), answer.statusCode]).toEqual([JSON.stringify(change), 400]);
      expect(answer.body.toLowerCase()).toContain(text.toLowerCase());
    }
  });
});
