import type { Period } from '@app/shared/period';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { emailLog } from '../email/email.tables.ts';
import { createRequestSends } from '../requests/request-sends.ts';
import { documentRequestItems, documentRequests, requestTemplates } from '../requests/requests.tables.ts';
import { requestAutoSendJob } from './request-auto-send.job.ts';
import { createScheduler } from './scheduler.ts';

let t: TestApp;
let serviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ serviceId } = await createServiceWithStates(t, 'Contabilidad envío automático', [
    { name: 'Pendiente', pctProgress: 0 },
  ]));
});

afterAll(() => t.close());

let templateCounter = 0;
async function template(sendDay: number | null) {
  const [row] = await t.database.db
    .insert(requestTemplates)
    .values({ serviceId, title: `Documentos del mes ${++templateCounter}`, dueDay: 10, sendDay })
    .returning();
  if (!row) throw new Error('template insert failed');
  return row.id;
}

type Send = { templateId: number; period: Period };

/** A scheduler with only this job on a database, recording the sends (or failing those `fails` says). */
function recordingScheduler(db: Db = t.database.db, fails: (templateId: number) => boolean = () => false) {
  const sends: Send[] = [];
  const errors: unknown[] = [];
  const job = requestAutoSendJob({
    ...createRequestSends(db, t.modules.documents.filesSql),
    sendRequestTemplate: async (templateId, period) => {
      if (fails(templateId)) throw new Error(`send of ${templateId} failed`);
      sends.push({ templateId, period });
      return undefined;
    },
  });
  const scheduler = createScheduler({ log: { error: (entry: unknown) => errors.push(entry) }, jobs: [job] });
  return { tick: (at: string) => scheduler.tick(new Date(at)), sends, errors };
}

const of = (sends: Send[], ...templateIds: number[]) => sends.filter((send) => templateIds.includes(send.templateId));

describe("document request templates' automatic send", () => {
  it("goes on the template's day from 09:00 in Santiago, for the previous month, once", async () => {
    const onFifth = await template(5);
    const byHand = await template(null);
    const { tick, sends } = recordingScheduler();

    await tick('2027-01-04T15:00:00Z');
    await tick('2027-01-05T11:59:00Z'); // 08:59 in Santiago (summer time, UTC-3)
    expect(of(sends, onFifth, byHand)).toEqual([]);

    await tick('2027-01-05T12:00:00Z');
    await tick('2027-01-05T12:01:00Z');
    await tick('2027-01-05T23:00:00Z');
    await tick('2027-01-06T12:00:00Z');
    expect(of(sends, onFifth, byHand)).toEqual([{ templateId: onFifth, period: { year: 2026, month: 12 } }]);

    await tick('2027-02-05T12:00:00Z');
    expect(of(sends, onFifth, byHand)).toEqual([
      { templateId: onFifth, period: { year: 2026, month: 12 } },
      { templateId: onFifth, period: { year: 2027, month: 1 } },
    ]);
  });

  it('a day past the end of a shorter month goes on its last day, and on that day in a month that has it', async () => {
    const on31 = await template(31);
    const on29 = await template(29);
    const on28 = await template(28);
    const { tick, sends } = recordingScheduler();

    await tick('2027-02-27T13:00:00Z');
    expect(of(sends, on31, on29, on28)).toEqual([]);
    await tick('2027-02-28T13:00:00Z');
    expect(of(sends, on31, on29, on28)).toEqual([
      { templateId: on31, period: { year: 2027, month: 1 } },
      { templateId: on29, period: { year: 2027, month: 1 } },
      { templateId: on28, period: { year: 2027, month: 1 } },
    ]);
    await tick('2027-03-30T13:00:00Z');
    expect(of(sends, on31)).toHaveLength(1);
    await tick('2027-03-31T13:00:00Z');
    expect(of(sends, on31)).toEqual([
      { templateId: on31, period: { year: 2027, month: 1 } },
      { templateId: on31, period: { year: 2027, month: 2 } },
    ]);
  });

  it('a send that fails is logged and tried again at the next tick; the other templates go out all the same', async () => {
    const failing = await template(7);
    const fine = await template(7);
    let failNext = true;
    const { tick, sends, errors } = recordingScheduler(t.database.db, (id) => id === failing && failNext);

    await tick('2027-04-07T13:00:00Z');
    expect(of(sends, failing, fine)).toEqual([{ templateId: fine, period: { year: 2027, month: 3 } }]);
    expect(errors).toHaveLength(1);

    failNext = false;
    await tick('2027-04-07T13:01:00Z');
    await tick('2027-04-07T13:02:00Z');
    expect(of(sends, failing, fine)).toEqual([
      { templateId: fine, period: { year: 2027, month: 3 } },
      { templateId: failing, period: { year: 2027, month: 3 } },
    ]);
  });

  it('a server down at 09:00 sends the day’s templates when it is back that day, not a missed day’s', async () => {
    const yesterday = await template(14);
    const today = await template(15);
    const { tick, sends } = recordingScheduler();
    await tick('2027-05-15T19:00:00Z'); // 15:00 in Santiago (winter time, UTC-4)
    expect(of(sends, yesterday, today)).toEqual([{ templateId: today, period: { year: 2027, month: 4 } }]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'two instances ticking at the same moment send each template once per period',
    async () => {
      const templates = await Promise.all(Array.from({ length: 5 }, () => template(3)));
      const other = await createTestApp({}, { database: t.database });
      try {
        const here = recordingScheduler();
        const there = recordingScheduler(other.database.db);
        await Promise.all([here.tick('2027-06-03T13:00:00Z'), there.tick('2027-06-03T13:00:00Z')]);
        await Promise.all([here.tick('2027-06-03T13:01:00Z'), there.tick('2027-06-03T13:01:00Z')]);
        const sends = [...of(here.sends, ...templates), ...of(there.sends, ...templates)];
        expect(sends.map((send) => send.templateId).sort((a, b) => a - b)).toEqual(
          [...templates].sort((a, b) => a - b),
        );
        expect(sends.every((send) => send.period.year === 2027 && send.period.month === 5)).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});

describe("a template's automatic send, through the requests module", () => {
  /** A service with a folder, a template sent by itself on `sendDay`, and companies it applies to. */
  async function templateWithCompanies(sendDay: number, companies: number) {
    const token = await t.ownerToken();
    const service = await createServiceWithStates(t, `Remuneraciones ${++templateCounter}`, [
      { name: 'Pendiente', pctProgress: 0 },
    ]);
    const folder = await t.request({
      method: 'POST',
      url: `/api/service/${service.serviceId}/folder`,
      token,
      payload: { name: 'Libros' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    const title = `Libro de remuneraciones ${templateCounter}`;
    const created = await t.request({
      method: 'POST',
      url: `/api/service/${service.serviceId}/request-template`,
      token,
      payload: {
        title,
        dueDay: 12,
        sendDay,
        items: [{ name: 'Libro de remuneraciones', serviceFolderId: folder.json().folder.id }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const businesses = [];
    for (let index = 0; index < companies; index++) {
      const business = await insertBusiness(t);
      await linkService(t, business.id, service.serviceId, '2021-01-01');
      businesses.push(business);
    }
    const notLinked = await insertBusiness(t);
    return { title, businesses, notLinked };
  }

  const requestsOf = (businessIds: number[]) =>
    t.database.db.select().from(documentRequests).where(inArray(documentRequests.businessId, businessIds));

  it('creates the previous month’s requests for the companies the service applies to and e-mails their contacts, once', async () => {
    const { title, businesses, notLinked } = await templateWithCompanies(8, 2);
    const ids = businesses.map((business) => business.id);

    await t.modules.scheduler.tick(new Date('2026-10-08T11:59:00Z')); // 08:59 (summer time, UTC-3)
    expect(await requestsOf(ids)).toEqual([]);
    await t.modules.scheduler.tick(new Date('2026-10-08T12:00:00Z'));
    await t.modules.scheduler.tick(new Date('2026-10-08T12:01:00Z'));

    const created = await requestsOf([...ids, notLinked.id]);
    expect(created.map((request) => request.businessId).sort((a, b) => a - b)).toEqual(ids);
    expect(created).toMatchObject(
      ids.map(() => ({ title, year: 2026, month: 9, dueDate: '2026-10-12', createdBy: null })),
    );
    const items = await t.database.db
      .select()
      .from(documentRequestItems)
      .where(
        inArray(
          documentRequestItems.requestId,
          created.map((request) => request.id),
        ),
      );
    expect(items.map((item) => item.name)).toEqual(['Libro de remuneraciones', 'Libro de remuneraciones']);
    for (const business of businesses) {
      const mails = t.mailer.sent.filter((mail) => mail.to.includes(business.contact));
      expect(mails.map((mail) => mail.subject)).toEqual([`${title} - ${business.name}`]);
      expect(
        await t.database.db
          .select()
          .from(emailLog)
          .where(and(eq(emailLog.businessId, business.id), eq(emailLog.subject, `${title} - ${business.name}`))),
      ).toMatchObject([{ ok: true, sentBy: null }]);
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'two instances ticking at the same moment create each request and send each mail once',
    async () => {
      const { title, businesses } = await templateWithCompanies(9, 4);
      const other = await createTestApp({}, { database: t.database });
      try {
        const at = new Date('2026-10-09T12:00:00Z');
        await Promise.all([t.modules.scheduler.tick(at), other.modules.scheduler.tick(at)]);
        expect(await requestsOf(businesses.map((business) => business.id))).toHaveLength(4);
        for (const business of businesses) {
          const subject = `${title} - ${business.name}`;
          const sends = [...t.mailer.sent, ...other.mailer.sent].filter((mail) => mail.subject === subject);
          expect(sends).toHaveLength(1);
        }
      } finally {
        await other.close();
      }
    },
  );
});
