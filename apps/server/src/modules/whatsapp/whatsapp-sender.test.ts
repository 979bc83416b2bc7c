import { whatsappMsg } from '@app/shared/messages-whatsapp';
import type { WhatsAppChannelStatus } from '@app/shared/schemas/whatsapp';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../test/fake-whatsapp.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { whatsappChannel, whatsappOutbox } from './whatsapp.tables.ts';
import { EXPIRE_DAYS, MAX_ATTEMPTS } from './whatsapp-sender.job.ts';

// The sender: each due row to WhatsApp once, what each answer leaves in the outbox (accepted, tried
// again later, failed with its reason, the whole channel waiting for a new token), and two
// instances sending at once never sending one row twice (run on PostgreSQL too).

const START = new Date('2026-11-20T13:00:00Z');
let clock = START;
let fake: FakeWhatsApp;
let t: TestApp;
let nextSubject = 1;

const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const rowsOf = (businessId: number) =>
  t.database.db
    .select()
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.businessId, businessId))
    .orderBy(whatsappOutbox.id);

/** A company that accepted WhatsApp notices, with its number. */
async function optedIn(app: TestApp = t, phone = '+56 9 1234 5678') {
  const company = await insertBusiness(app, { name: `Empresa ${Math.random().toString(16).slice(2, 7)}` });
  const saved = await app.request({
    method: 'PUT',
    url: `/api/business/${company.id}/whatsapp`,
    token: await app.ownerToken(),
    payload: { phone, optedIn: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return company;
}

/** Queues `count` approval notices for the company; answers their approval ids. */
async function queue(businessId: number, count = 1, app: TestApp = t, when: Date = clock) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const approvalId = nextSubject++;
    const outcome = await app.modules.whatsapp.notify({
      kind: 'approval',
      businessId,
      approvalId,
      reminder: 0,
      title: `Balance ${approvalId}`,
      at: when,
    });
    expect(outcome).toBe('queued');
    ids.push(approvalId);
  }
  return ids;
}

/** Marks every row of other tests as sent, so a test's run sees only its own. */
async function settleEarlierRows() {
  await t.database.db
    .update(whatsappOutbox)
    .set({ status: 'sent', waMessageId: 'wamid.anterior' })
    .where(inArray(whatsappOutbox.status, ['pending', 'retrying', 'sending']));
  await t.database.db.delete(whatsappChannel);
}

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  t = await createTestApp({ ...fake.env(), APP_URL: 'https://estudio.example.cl' }, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  clock = START;
  fake.state.failures.length = 0;
  fake.state.delayMs = 0;
  fake.state.received.length = 0;
  await settleEarlierRows();
});

describe('sending the outbox', () => {
  it("sends a due row once: 'sent' only with the message id WhatsApp answered", async () => {
    const company = await optedIn();
    const [approvalId] = await queue(company.id);
    expect(await t.modules.whatsapp.runSender(at(0))).toBe(1);
    expect(await t.modules.whatsapp.runSender(at(1))).toBe(0);
    const accepted = fake.accepted();
    expect(accepted).toHaveLength(1);
    expect(accepted[0]?.body).toMatchObject({
      to: '+56912345678',
      template: {
        name: 'aprobacion_pendiente',
        components: [
          {
            parameters: [
              { text: company.name },
              { text: `Balance ${approvalId}` },
              { text: `https://estudio.example.cl/aprobaciones/${approvalId}` },
            ],
          },
        ],
      },
    });
    const [row] = await rowsOf(company.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, waMessageId: accepted[0]?.messageId, reason: null });
    expect(row?.sentAt?.toISOString()).toBe(at(0).toISOString());
  });

  it('waits after a rate limit (130429) for the Retry-After asked for, stops that run, then sends', async () => {
    const company = await optedIn();
    await queue(company.id, 2);
    fake.fail('rate');
    expect(await t.modules.whatsapp.runSender(at(0))).toBe(0);
    const [first, second] = await rowsOf(company.id);
    expect(first).toMatchObject({
      status: 'retrying',
      attempts: 1,
      errorCode: 130429,
      reason: whatsappMsg.reasonRateLimited(130429),
    });
    // 120 s asked for, longer than the first try's minute.
    expect(first?.nextAttemptAt.toISOString()).toBe(at(2).toISOString());
    // The run stopped there: the second row was not tried.
    expect(second).toMatchObject({ status: 'pending', attempts: 0 });
    expect(fake.state.received).toHaveLength(1);

    expect(await t.modules.whatsapp.runSender(at(1))).toBe(1); // the second, due; the first is not yet
    expect(await t.modules.whatsapp.runSender(at(2))).toBe(1);
    expect((await rowsOf(company.id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
    ]);
  });

  it(`tries a server error again after 1, 5, 15 and 60 minutes, and gives up after ${MAX_ATTEMPTS} tries`, async () => {
    const company = await optedIn();
    await queue(company.id);
    fake.fail('server', MAX_ATTEMPTS);
    const tries = [0, 1, 6, 21, 81];
    for (const [index, minute] of tries.entries()) {
      expect(await t.modules.whatsapp.runSender(at(minute - 0.5))).toBe(0);
      expect(fake.state.received).toHaveLength(index);
      await t.modules.whatsapp.runSender(at(minute));
      expect(fake.state.received).toHaveLength(index + 1);
    }
    const [row] = await rowsOf(company.id);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.reason).toBe(
      whatsappMsg.reasonGaveUp(MAX_ATTEMPTS, whatsappMsg.reasonServer('código 1: An unknown error occurred')),
    );
    await t.modules.whatsapp.runSender(at(500));
    expect(fake.state.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('fails a row whose template WhatsApp does not have (132001) with the reason, and does not try it again', async () => {
    const company = await optedIn();
    await queue(company.id);
    fake.fail('template');
    await t.modules.whatsapp.runSender(at(0));
    await t.modules.whatsapp.runSender(at(90));
    expect(fake.state.received).toHaveLength(1);
    const [row] = await rowsOf(company.id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: 132001,
      reason: whatsappMsg.reasonTemplate('aprobacion_pendiente', 132001),
      waMessageId: null,
    });
  });

  it('stops the whole channel when WhatsApp refuses the token (190) until another token is configured', async () => {
    const company = await optedIn();
    await queue(company.id, 2);
    fake.fail('token');
    expect(await t.modules.whatsapp.runSender(at(0))).toBe(0);
    const waiting = await rowsOf(company.id);
    // Not the rows' fault: they wait as they were, the try not counted.
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(waiting[0]?.reason).toBe(whatsappMsg.reasonTokenInvalid(190));
    // Nothing is tried while the same token is configured, on this instance or another.
    await t.modules.whatsapp.runSender(at(5));
    expect(fake.state.received).toHaveLength(1);
    const status = (
      await t.request({ method: 'GET', url: '/api/whatsapp/status', token: await t.ownerToken() })
    ).json() as WhatsAppChannelStatus;
    expect(status.attention).toEqual({ since: at(0).toISOString(), reason: whatsappMsg.reasonTokenInvalid(190) });

    // The owner configures a new token: the instance started with it sends what waited.
    const newToken = 'EAAG-token-nuevo-de-whatsapp-9876543210';
    fake.state.tokens.add(newToken);
    const restarted = await createTestApp(
      { ...fake.env(), WHATSAPP_TOKEN: newToken, APP_URL: 'https://estudio.example.cl' },
      { database: t.database, now: () => clock },
    );
    try {
      expect(await restarted.modules.whatsapp.runSender(at(6))).toBe(2);
      const status = (
        await restarted.request({ method: 'GET', url: '/api/whatsapp/status', token: await restarted.ownerToken() })
      ).json() as WhatsAppChannelStatus;
      expect(status.attention).toBeNull();
    } finally {
      await restarted.close();
      fake.state.tokens.delete(newToken);
    }
    expect((await rowsOf(company.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it(`drops a notice not sent within ${EXPIRE_DAYS} days, and fails a send cut off midway instead of sending it twice`, async () => {
    const company = await optedIn();
    await queue(company.id, 1, t, new Date(START.getTime() - (EXPIRE_DAYS * 24 + 1) * 3_600_000));
    await queue(company.id, 1);
    const [stale, cut] = await rowsOf(company.id);
    await t.database.db
      .update(whatsappOutbox)
      .set({ status: 'sending', attempts: 1, claimedAt: at(-11) })
      .where(eq(whatsappOutbox.id, cut?.id ?? 0));
    expect(await t.modules.whatsapp.runSender(at(0))).toBe(0);
    expect(fake.state.received).toHaveLength(0);
    const rows = await rowsOf(company.id);
    expect(rows.find((row) => row.id === stale?.id)).toMatchObject({
      status: 'failed',
      reason: whatsappMsg.reasonExpired(EXPIRE_DAYS),
    });
    expect(rows.find((row) => row.id === cut?.id)).toMatchObject({
      status: 'failed',
      reason: whatsappMsg.reasonInterrupted,
    });
  });
});

describe('the send-once claim', () => {
  it('hands each row to one of two instances sending at once: every notice reaches WhatsApp exactly once', async () => {
    const second = await createTestApp(
      { ...fake.env(), APP_URL: 'https://estudio.example.cl' },
      { database: t.database, now: () => clock },
    );
    try {
      const companies = [await optedIn(), await optedIn(t, '+56 9 8765 4321')];
      const ids = [...(await queue(companies[0]?.id ?? 0, 25)), ...(await queue(companies[1]?.id ?? 0, 25))];
      fake.state.delayMs = 5;
      const sentBy = { first: 0, second: 0 };
      for (let round = 0; round < 10; round += 1) {
        const [a, b] = await Promise.all([
          t.modules.whatsapp.runSender(at(0)),
          second.modules.whatsapp.runSender(at(0)),
        ]);
        sentBy.first += a;
        sentBy.second += b;
        if (a + b === 0) break;
      }
      expect(sentBy.first + sentBy.second).toBe(ids.length);
      expect(sentBy.first).toBeGreaterThan(0);
      expect(sentBy.second).toBeGreaterThan(0);
      const links = fake
        .accepted()
        .map(
          (request) =>
            (request.body as { template: { components: [{ parameters: { text: string }[] }] } }).template.components[0]
              .parameters[2]?.text,
        );
      expect(links.sort()).toEqual(ids.map((id) => `https://estudio.example.cl/aprobaciones/${id}`).sort());
      const rows = [...(await rowsOf(companies[0]?.id ?? 0)), ...(await rowsOf(companies[1]?.id ?? 0))];
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      expect(new Set(rows.map((row) => row.waMessageId)).size).toBe(ids.length);
    } finally {
      await second.close();
    }
  });

  it('queues a notice once however often or from however many instances it is queued', async () => {
    const company = await optedIn();
    const notice = {
      kind: 'charge' as const,
      businessId: company.id,
      chargeId: 77,
      step: 7,
      description: 'Honorarios octubre 2026',
      open: 119_000,
      dueDate: '2026-10-20',
    };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => t.modules.whatsapp.notify(notice)));
    expect(outcomes.filter((outcome) => outcome === 'queued')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already_queued')).toHaveLength(4);
    const rows = await rowsOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.params).toEqual([
      company.name,
      'Honorarios octubre 2026',
      '$119.000',
      '20-10-2026',
      'https://estudio.example.cl/',
    ]);
  });
});
