import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { companyWithTerms } from '../../test/billing-factories.ts';
import { tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { billingCharges } from './billing.tables.ts';

let t: TestApp;
let owner: string;

const chargesOf = (businessId: number) =>
  t.database.db.select().from(billingCharges).where(eq(billingCharges.businessId, businessId));
const countCharges = async (year: number, month: number) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingCharges)
    .where(and(eq(billingCharges.periodYear, year), eq(billingCharges.periodMonth, month)));
  return row?.n ?? 0;
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-11-15T15:00:00Z') });
  owner = (await tokensForEveryRole(t)).owner;
});
afterAll(() => t.close());

describe('the scheduled generation', () => {
  it("generates each company's charge on its billing day (Santiago), catching up a day missed, once", async () => {
    const early = await companyWithTerms(t, owner, { billingDay: 5, effectiveFrom: { year: 2026, month: 12 } });
    const late = await companyWithTerms(t, owner, { billingDay: 20, effectiveFrom: { year: 2026, month: 12 } });
    // 4 December, 23:30 in Santiago (summer time, UTC-3): still the 4th there.
    await t.modules.scheduler.tick(new Date('2026-12-05T02:30:00Z'));
    expect(await chargesOf(early.id)).toHaveLength(0);
    // 5 December 00:30 in Santiago.
    await t.modules.scheduler.tick(new Date('2026-12-05T03:30:00Z'));
    expect((await chargesOf(early.id)).map((row) => [row.issueDate, row.createdBy])).toEqual([['2026-12-05', null]]);
    expect(await chargesOf(late.id)).toHaveLength(0);
    // The server was down on the 20th: the next run, on the 22nd, catches up.
    await t.modules.scheduler.tick(new Date('2026-12-22T12:00:00Z'));
    await t.modules.scheduler.tick(new Date('2026-12-22T13:00:00Z'));
    expect((await chargesOf(late.id)).map((row) => row.issueDate)).toEqual(['2026-12-20']);
    expect(await chargesOf(early.id)).toHaveLength(1);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'charge'), eq(activity.action, 'generated'), isNull(activity.actorId)));
    expect(entries.map((entry) => entry.businessId).sort()).toEqual([early.id, late.id].sort());
  });
});

describe("a charge's due date on the firm's calendar", () => {
  it("is moved past the firm's extra holiday like a national one", async () => {
    const company = await companyWithTerms(t, owner, {
      billingDay: 3,
      paymentTermDays: 10,
      effectiveFrom: { year: 2027, month: 2 },
    });
    // Issued Wednesday 3 February 2027, due Saturday 13: Monday 15, a firm holiday, so Tuesday 16.
    const holiday = await t.request({
      method: 'POST',
      url: '/api/holidays',
      token: owner,
      payload: { date: '2027-02-15', name: 'Feriado del estudio' },
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    await t.modules.scheduler.tick(new Date('2027-02-03T15:00:00Z'));
    expect((await chargesOf(company.id)).map((row) => [row.issueDate, row.dueDate])).toEqual([
      ['2027-02-03', '2027-02-16'],
    ]);
  });
});

describe('generating the same month at the same moment', () => {
  it('creates each charge once from two runs of one instance and a run of another instance', async () => {
    const companies = await Promise.all(
      Array.from({ length: 12 }, (_, index) => companyWithTerms(t, owner, { billingDay: (index % 28) + 1 })),
    );
    const other = await createTestApp({}, { database: t.database, now: () => new Date('2026-11-15T15:00:00Z') });
    try {
      const otherOwner = await other.ownerToken();
      const month = { year: 2026, month: 10 };
      const before = await countCharges(2026, 10);
      const answers = await Promise.all([
        t.request({ method: 'POST', url: '/api/billing/charges/generate', token: owner, payload: month }),
        t.request({ method: 'POST', url: '/api/billing/charges/generate', token: owner, payload: month }),
        other.request({ method: 'POST', url: '/api/billing/charges/generate', token: otherOwner, payload: month }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const created = answers.reduce((sum, answer) => sum + answer.json().created, 0);
      const after = await countCharges(2026, 10);
      expect(after - before).toBe(created);
      expect(created).toBeGreaterThanOrEqual(companies.length);
      for (const company of companies) expect(await chargesOf(company.id)).toHaveLength(1);
      for (const answer of answers) expect(answer.json().created + answer.json().existing).toBe(after);
      const [logged] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(activity)
        .where(
          and(
            eq(activity.kind, 'charge'),
            eq(activity.action, 'generated'),
            sql`${activity.details}->'after'->>'status' is not null`,
            sql`${activity.recordId} in (select id::text from billing_charges where period_year = 2026 and period_month = 10)`,
          ),
        );
      expect(logged?.n).toBe(after);
    } finally {
      await other.close();
    }
  });
});
