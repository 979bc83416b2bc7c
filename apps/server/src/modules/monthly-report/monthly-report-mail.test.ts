import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { countRows } from '../../test/collections-factories.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { pdfText } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { emailLog } from '../email/email.tables.ts';
import { reportedPeriod, reportRecipients } from './monthly-report.job.ts';

// Thursday 5 November 2026, 10:00 in Santiago (UTC-3): day 5, after 09:00. October's reports go out.
const dayFive = new Date('2026-11-05T13:00:00Z');
const october = { year: 2026, month: 10 };

const now = dayFive;
let t: TestApp;
let second: TestApp;
let owner: string;
const companies: { id: number; name: string; contact: string }[] = [];
let clientOnly: { id: number; name: string };
let clientEmail: string;
let nobody: { id: number };

const setDay = async (day: number | null) => {
  const answer = await t.request({
    method: 'PUT',
    url: '/api/firm/settings',
    token: owner,
    payload: { name: 'Estudio Contable Pérez', rut: '', address: '', monthlyReportDay: day },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const sendsOf = () => t.modules.monthlyReport.sendsOf(october);
const mailsTo = (mailer: { sent: MailMessage[] }, email: string) =>
  mailer.sent.filter((message) => message.to.includes(email));

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  // A second instance of the same firm on the same database, as behind a balancer.
  second = await createTestApp({}, { now: () => now, database: t.database });
  owner = await t.ownerToken();
  const service = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  for (const n of [1, 2, 3]) {
    const company = await insertBusiness(t, {
      name: `Comercial Número ${n}`,
      startContract: '2020-01-01',
      contact: `pagos${n}@empresa${n}.cl, Gerencia${n}@empresa${n}.cl`,
    });
    await linkService(t, company.id, service.serviceId, '2020-01-01');
    companies.push(company);
  }
  const [first] = companies;
  const paid = await t.request({
    method: 'PUT',
    url: '/api/monthly-states/year/2026/month/10',
    token: owner,
    payload: {
      businessId: first?.id,
      serviceId: service.serviceId,
      stateId: service.stateIds[1],
      optionalValue: 987_654,
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  clientOnly = await insertBusiness(t, { name: 'Sin Contacto Con Cliente', startContract: '2020-01-01', contact: '' });
  const client = await t.userWithRole('client', { businessId: clientOnly.id });
  clientEmail = client.email;
  nobody = await insertBusiness(t, { name: 'Sin Nadie', startContract: '2020-01-01', contact: '' });
  // Ended before October: no report.
  await insertBusiness(t, { name: 'Contrato Terminado', startContract: '2020-01-01', endContract: '2026-08-31' });
});

afterAll(async () => {
  await second?.close();
});

describe('the monthly report e-mailed on day N', () => {
  it('reports the calendar month before the day it runs, and mails each address once', () => {
    expect(reportedPeriod(dayFive)).toEqual(october);
    expect(reportedPeriod(new Date('2027-01-10T13:00:00Z'))).toEqual({ year: 2026, month: 12 });
    expect(reportRecipients('a@x.cl, B@x.cl', ['b@x.cl', 'c@x.cl'])).toEqual(['a@x.cl', 'B@x.cl', 'c@x.cl']);
  });

  it('sends nothing while the setting is off, before day N, or before 09:00', async () => {
    await setDay(null);
    expect(await t.modules.monthlyReport.runMail(dayFive)).toBe(0);
    await setDay(6);
    expect(await t.modules.monthlyReport.runMail(dayFive)).toBe(0);
    await setDay(5);
    expect(await t.modules.monthlyReport.runMail(new Date('2026-11-05T11:30:00Z'))).toBe(0); // 08:30
    expect(await sendsOf()).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
  });

  it("e-mails each active company's report once, with the PDF attached, even with two instances running at once", async () => {
    await setDay(5);
    const [a, b] = await Promise.all([
      t.modules.monthlyReport.runMail(dayFive),
      second.modules.monthlyReport.runMail(dayFive),
    ]);
    expect(a + b).toBe(4);
    const sent = [...t.mailer.sent, ...second.mailer.sent];
    expect(sent).toHaveLength(4);
    for (const company of companies) {
      const mails = sent.filter((message) =>
        message.to.includes(`pagos${companies.indexOf(company) + 1}@empresa${companies.indexOf(company) + 1}.cl`),
      );
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe(`Informe mensual de ${company.name}: Octubre 2026`);
      expect(mail?.to).toHaveLength(2);
      const [attachment] = mail?.attachments ?? [];
      expect(attachment?.contentType).toBe('application/pdf');
      expect(attachment?.filename).toMatch(/^informe-mensual-.*-2026-10\.pdf$/);
      const text = pdfText(attachment?.content ?? Buffer.alloc(0));
      expect(text).toContain(company.name);
      expect(text).toContain('Período: Octubre 2026');
    }
    // The board's value for that month is what the first company's report says.
    const firstMail = sent.find((message) => message.to.includes('pagos1@empresa1.cl'));
    expect(pdfText(firstMail?.attachments?.[0]?.content ?? Buffer.alloc(0))).toContain('F29 — Pagado $987.654');
    // A company without contact addresses goes to its client user; one without anybody is not claimed.
    expect([...mailsTo(t.mailer, clientEmail), ...mailsTo(second.mailer, clientEmail)]).toHaveLength(1);
    const rows = await sendsOf();
    expect(rows.map((row) => row.businessId).sort((x, y) => x - y)).toEqual(
      [...companies.map((company) => company.id), clientOnly.id].sort((x, y) => x - y),
    );
    expect(rows.every((row) => row.outcome === 'sent' && row.attempts === 1 && row.emailLogId !== null)).toBe(true);
    expect(rows.some((row) => row.businessId === nobody.id)).toBe(false);
  });

  it('sends nothing again on a later run or a later day of the month', async () => {
    const before = t.mailer.sent.length + second.mailer.sent.length;
    expect(await t.modules.monthlyReport.runMail(new Date('2026-11-05T14:00:00Z'))).toBe(0);
    expect(await second.modules.monthlyReport.runMail(new Date('2026-11-12T14:00:00Z'))).toBe(0);
    expect(t.mailer.sent.length + second.mailer.sent.length).toBe(before);
  });

  it('writes each sent report in the e-mail log and the activity log as sent', async () => {
    const [company] = companies;
    const logged = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.businessId, company?.id ?? 0));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.ok).toBe(true);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'monthly_report'), eq(activity.businessId, company?.id ?? 0)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'emailed', actorId: null, recordLabel: 'Informe mensual octubre 2026' });
    expect(JSON.stringify(entries[0]?.details)).toContain('Enviado');
  });

  it('keeps a failed send as failed without the e-mail log retrying it bare, and tries it again after half an hour', async () => {
    const late = await insertBusiness(t, {
      name: 'Llegó Tarde',
      startContract: '2020-01-01',
      contact: 'tarde@empresa.cl',
    });
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('554 rechazado por el servidor');
    };
    second.mailer.send = t.mailer.send;
    const retriesBefore = await countRows(t, 'email_retries');
    try {
      expect(await t.modules.monthlyReport.runMail(new Date('2026-11-06T13:00:00Z'))).toBe(1);
    } finally {
      t.mailer.send = send;
      second.mailer.send = send;
    }
    const failed = (await sendsOf()).find((row) => row.businessId === late.id);
    expect(failed).toMatchObject({ outcome: 'failed', attempts: 1 });
    // The e-mail log would retry without the PDF: the report's own claim tries again instead.
    expect(await countRows(t, 'email_retries')).toBe(retriesBefore);
    const failedEntry = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'monthly_report'), eq(activity.businessId, late.id)));
    expect(failedEntry.map((entry) => entry.action)).toEqual(['email_failed']);

    // Not before its wait is over; then once, by one run.
    expect(await t.modules.monthlyReport.runMail(new Date('2026-11-06T13:10:00Z'))).toBe(0);
    const [x, y] = await Promise.all([
      t.modules.monthlyReport.runMail(new Date('2026-11-06T13:40:00Z')),
      second.modules.monthlyReport.runMail(new Date('2026-11-06T13:40:00Z')),
    ]);
    expect(x + y).toBe(1);
    const retried = (await sendsOf()).find((row) => row.businessId === late.id);
    expect(retried).toMatchObject({ outcome: 'sent', attempts: 2 });
    expect([...mailsTo(t.mailer, 'tarde@empresa.cl'), ...mailsTo(second.mailer, 'tarde@empresa.cl')]).toHaveLength(1);
  });
});

describe('the monthly report e-mailed without mail configured', () => {
  let outbox: TestApp;
  afterAll(async () => {
    await outbox?.close();
  });

  it("says it only reached the local outbox: never 'sent'", async () => {
    outbox = await createTestApp({}, { now: () => dayFive, mailer: 'configured' });
    const token = await outbox.ownerToken();
    const company = await insertBusiness(outbox, {
      name: 'Bandeja Local',
      startContract: '2020-01-01',
      contact: 'a@bandeja.cl',
    });
    const saved = await outbox.request({
      method: 'PUT',
      url: '/api/firm/settings',
      token,
      payload: { name: '', rut: '', address: '', monthlyReportDay: 1 },
    });
    expect(saved.json().settings.mailConfigured).toBe(false);
    expect(await outbox.modules.monthlyReport.runMail(dayFive)).toBe(1);
    const [row] = (await outbox.modules.monthlyReport.sendsOf(october)).filter((r) => r.businessId === company.id);
    expect(row?.outcome).toBe('outbox');
    const entries = await outbox.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'monthly_report'), eq(activity.businessId, company.id)));
    expect(entries.map((entry) => entry.action)).toEqual(['kept_in_outbox']);
    expect(JSON.stringify(entries[0]?.details)).toContain('En bandeja local');
    const log = await outbox.request({ method: 'GET', url: '/api/email', token });
    const logged = (log.json().rows as { business: { id: number } | null; delivery: string }[]).find(
      (entry) => entry.business?.id === company.id,
    );
    expect(logged?.delivery).toBe('outbox');
  });
});
