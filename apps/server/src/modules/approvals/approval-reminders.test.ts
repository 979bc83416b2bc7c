import { approvalsMsg } from '@app/shared/messages-approvals';
import { currentPeriod } from '@app/shared/period';
import type { Approval } from '@app/shared/schemas/approvals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dueReminderNumber } from './approval-reminders.job.ts';

// Reminders of a pending approval: every N days from 09:00 to 21:00 in Santiago, once per due
// reminder however many instances run, the latest one only after a stop, never after the answer;
// and what the e-mail log says of each (sent, or only kept in the outbox).

const DAY = 86_400_000;
const REQUESTED = new Date('2026-10-14T13:00:00Z'); // Wednesday 14 October 2026, 10:00 in Santiago
let clock = REQUESTED;
const now = () => clock;
let t: TestApp;
let owner: string;

/** A company with a client user and a pending approval of a PDF asked at REQUESTED, every `days` days. */
async function pendingApproval(app: TestApp, days = 3) {
  clock = REQUESTED;
  const company = await insertBusiness(app);
  const client = await app.userWithRole('client', { businessId: company.id });
  const created = await app.request({
    method: 'POST',
    url: `/api/business/${company.id}/approvals/upload`,
    token: await app.ownerToken(),
    ...multipartFiles([{ name: 'balance.pdf', bytes: tinyPdf(`balance ${company.id}`) }], {
      title: `Balance ${company.id}`,
      reminderDays: String(days),
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { company, client, approval: created.json().approval as Approval };
}

const remindersTo = (app: TestApp, email: string) =>
  app.mailer.sent.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Recordatorio')).length;

const read = async (app: TestApp, id: number) =>
  (await app.request({ method: 'GET', url: `/api/approvals/${id}`, token: await app.ownerToken() })).json() as Approval;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://estudio.example.cl' }, { now });
  owner = await t.ownerToken();
});
afterAll(() => t.close());

describe('dueReminderNumber', () => {
  it('counts whole periods of N days since the request', () => {
    expect(dueReminderNumber(REQUESTED, 3, new Date(REQUESTED.getTime() + 3 * DAY - 1))).toBe(0);
    expect(dueReminderNumber(REQUESTED, 3, new Date(REQUESTED.getTime() + 3 * DAY))).toBe(1);
    expect(dueReminderNumber(REQUESTED, 3, new Date(REQUESTED.getTime() + 8 * DAY))).toBe(2);
    expect(dueReminderNumber(REQUESTED, 1, new Date(REQUESTED.getTime() - DAY))).toBe(0);
  });
});

describe('reminders until answered', () => {
  it('sends one every 3 days in the daytime, the latest only after a stop, and none once answered', async () => {
    const { client, approval } = await pendingApproval(t);
    const run = (at: Date) => {
      clock = at;
      return t.modules.approvals.runReminders(at);
    };
    const mine = () => remindersTo(t, client.email);
    expect(await run(new Date(REQUESTED.getTime() + 2 * DAY))).toBe(0);
    expect(mine()).toBe(0);
    await run(new Date(REQUESTED.getTime() + 3 * DAY));
    expect(mine()).toBe(1);
    await run(new Date(REQUESTED.getTime() + 3 * DAY + 60_000));
    await run(new Date(REQUESTED.getTime() + 4 * DAY));
    expect(mine()).toBe(1);
    const reminder = t.mailer.sent.filter((mail) => mail.to.includes(client.email)).at(-1);
    expect(reminder?.subject).toBe(approvalsMsg.reminderSubject('Estudio Contable', approval.title));
    expect(reminder?.text).toContain(`https://estudio.example.cl/aprobaciones/${approval.id}`);

    // The second, due on the 20th at 10:00, is not sent at 02:00 of the 21st in Santiago: it waits for 09:00.
    const night = new Date('2026-10-21T05:00:00Z');
    expect(await run(night)).toBe(0);
    expect(mine()).toBe(1);
    await run(new Date('2026-10-21T12:00:00Z'));
    expect(mine()).toBe(2);

    // The server stopped for two weeks: one reminder, not one per missed period.
    await run(new Date('2026-11-04T13:30:00Z'));
    expect(mine()).toBe(3);
    const seen = await read(t, approval.id);
    expect(seen.reminders).toMatchObject({ count: 3, lastDelivery: 'sent' });
    expect(seen.requestMail).toBe('sent');

    const answered = await t.request({
      method: 'POST',
      url: `/api/approvals/${approval.id}/answer`,
      token: client.token,
      payload: { answer: 'approve' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await run(new Date('2026-11-30T13:00:00Z'));
    expect(mine()).toBe(3);
  });

  it('stops reminding once the request is cancelled', async () => {
    const { client, approval } = await pendingApproval(t);
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/approvals/${approval.id}/cancel`,
      token: owner,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    await t.modules.approvals.runReminders(new Date(REQUESTED.getTime() + 10 * DAY));
    expect(remindersTo(t, client.email)).toBe(0);
  });

  it('sends each due reminder once when two instances run at the same moment', async () => {
    const other = await createTestApp({ APP_URL: 'https://estudio.example.cl' }, { database: t.database, now });
    try {
      const pending = [];
      for (let index = 0; index < 6; index++) pending.push(await pendingApproval(t));
      const at = new Date(REQUESTED.getTime() + 3 * DAY);
      clock = at;
      await Promise.all([
        t.modules.approvals.runReminders(at),
        other.modules.approvals.runReminders(at),
        t.modules.approvals.runReminders(at),
        other.modules.approvals.runReminders(at),
      ]);
      for (const { client, approval } of pending) {
        expect(remindersTo(t, client.email) + remindersTo(other, client.email)).toBe(1);
        expect((await read(t, approval.id)).reminders.count).toBe(1);
      }
    } finally {
      await other.close();
    }
  });

  it("says 'outbox' when mail is not configured: the reminder was kept, not sent", async () => {
    const outboxApp = await createTestApp({}, { database: t.database, mailer: 'configured', now });
    try {
      const { approval } = await pendingApproval(outboxApp);
      expect((await read(outboxApp, approval.id)).requestMail).toBe('outbox');
      const at = new Date(REQUESTED.getTime() + 3 * DAY);
      clock = at;
      expect(await outboxApp.modules.approvals.runReminders(at)).toBe(1);
      expect((await read(outboxApp, approval.id)).reminders).toMatchObject({ count: 1, lastDelivery: 'outbox' });
    } finally {
      await outboxApp.close();
    }
  });
});

describe('an answer and a deletion of the same file at once', () => {
  it('lets exactly one of them win: an approved file is never deleted', async () => {
    clock = REQUESTED;
    for (let round = 0; round < 4; round++) {
      const company = await insertBusiness(t);
      const client = await t.userWithRole('client', { businessId: company.id });
      const folderId = await companyFolder(company.id);
      const uploaded = await t.request({
        method: 'POST',
        url: `/api/business-folder/${folderId}/file`,
        token: owner,
        ...multipartFiles([{ name: `carrera-${round}.pdf`, bytes: tinyPdf(`carrera ${round}`) }]),
      });
      const fileId = uploaded.json().files[0].id as number;
      const created = await t.request({
        method: 'POST',
        url: `/api/business/${company.id}/approvals`,
        token: owner,
        payload: { fileId, title: `Carrera ${round}` },
      });
      const id = created.json().approval.id as number;
      const [approved, deleted] = await Promise.all([
        t.request({
          method: 'POST',
          url: `/api/approvals/${id}/answer`,
          token: client.token,
          payload: { answer: 'approve' },
        }),
        t.request({ method: 'DELETE', url: `/api/business-folder/file/${fileId}`, token: owner }),
      ]);
      const statuses = [approved.statusCode, deleted.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const state = await read(t, id);
      if (approved.statusCode === 200) expect(state.document.available).toBe(true);
      else expect(state).toMatchObject({ status: 'pending', document: { available: false } });
    }
  });
});

let raceFolder: { serviceId: number; templateId: number } | undefined;
/** A folder of the current period for a company (one service with one folder template, made once). */
async function companyFolder(businessId: number): Promise<number> {
  if (!raceFolder) {
    const service = await t.request({
      method: 'POST',
      url: '/api/service',
      token: owner,
      payload: { name: 'Servicio de carreras', startMonthDay: 1, lastMonthDay: 20, order: 9 },
    });
    const serviceId = service.json().service.id as number;
    const template = await t.request({
      method: 'POST',
      url: `/api/service/${serviceId}/folder`,
      token: owner,
      payload: { name: 'Carreras' },
    });
    raceFolder = { serviceId, templateId: template.json().folder.id as number };
  }
  await t.request({
    method: 'POST',
    url: `/api/business/${businessId}/service`,
    token: owner,
    payload: { serviceId: raceFolder.serviceId, startDate: '2020-01-01' },
  });
  const { year, month } = currentPeriod();
  const view = await t.request({
    method: 'GET',
    url: `/api/business/${businessId}/folder/${raceFolder.templateId}/year/${year}/month/${month}`,
    token: owner,
  });
  expect(view.statusCode, view.body).toBe(200);
  return view.json().folder.businessFolderId as number;
}
