import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithTerms } from '../../test/billing-factories.ts';
import { tokensForEveryRole } from '../../test/factories.ts';
import { startFakeMindicador } from '../../test/fake-mindicador.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { billingCharges, ufValues } from './billing.tables.ts';
import { mindicadorProvider, UfSourceError } from './uf-source.ts';

let fake: Awaited<ReturnType<typeof startFakeMindicador>>;

beforeAll(async () => {
  fake = await startFakeMindicador({ '2026-11-01': 39643.59, '2026-06-15': 39201.1, '2026-12-05': 39710.02 });
});
afterAll(() => fake.close());

describe('the mindicador.cl provider', () => {
  it("reads a day's value in hundredths, winter or summer time, and null when the day has none", async () => {
    const provider = mindicadorProvider(`${fake.url}/`);
    expect(await provider.valueOn('2026-11-01')).toBe(3_964_359);
    expect(await provider.valueOn('2026-06-15')).toBe(3_920_110);
    expect(await provider.valueOn('2026-11-02')).toBeNull();
    expect(fake.state.requests.slice(0, 3)).toEqual(['/api/uf/01-11-2026', '/api/uf/15-06-2026', '/api/uf/02-11-2026']);
  });

  it('fails on an error answer or a shape it does not know, never guessing a value', async () => {
    const provider = mindicadorProvider(fake.url);
    fake.state.failOn.add('2026-11-03');
    fake.state.garbageOn.add('2026-11-04');
    await expect(provider.valueOn('2026-11-03')).rejects.toThrow(UfSourceError);
    await expect(provider.valueOn('2026-11-04')).rejects.toThrow(UfSourceError);
    const elsewhere = mindicadorProvider('http://127.0.0.1:9', { timeoutMs: 2000 });
    await expect(elsewhere.valueOn('2026-11-01')).rejects.toThrow();
  });
});

describe('the UF fetch job (UF_SOURCE_URL set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UF_SOURCE_URL: fake.url }, { now: () => new Date('2026-11-15T15:00:00Z') });
  });
  afterAll(() => t.close());

  it("fetches today's value and the days charges wait for, converts them, and asks for a stored day no more", async () => {
    const owner = (await tokensForEveryRole(t)).owner;
    const business = await companyWithTerms(t, owner, { currency: 'UF', amount: '2', billingDay: 5 });
    await t.request({
      method: 'POST',
      url: '/api/billing/charges/generate',
      token: owner,
      payload: { year: 2026, month: 12 },
    });
    const [waiting] = await t.database.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.businessId, business.id));
    expect(waiting).toMatchObject({ status: 'waiting_uf', ufDate: '2026-12-05' });
    fake.state.requests.length = 0;
    // 1 December, noon in Santiago: today has no value at the source yet; 5 December has.
    await t.modules.scheduler.tick(new Date('2026-12-01T15:00:00Z'));
    expect(fake.state.requests).toEqual(['/api/uf/01-12-2026', '/api/uf/05-12-2026']);
    const [converted] = await t.database.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.businessId, business.id));
    // 2 × 39.710,02 = 79.420,04 → 79.420; IVA 15.089,8 → 15.090.
    expect(converted).toMatchObject({ status: 'draft', ufValueHundredths: 3_971_002, net: 79_420, taxAmount: 15_090 });
    const [stored] = await t.database.db.select().from(ufValues).where(eq(ufValues.date, '2026-12-05'));
    expect(stored).toMatchObject({ valueHundredths: 3_971_002, source: 'fetch' });
    // An hour later: only today, still missing, is asked again.
    fake.state.requests.length = 0;
    await t.modules.scheduler.tick(new Date('2026-12-01T16:01:00Z'));
    expect(fake.state.requests).toEqual(['/api/uf/01-12-2026']);
  });

  it('stops at a failing day and tries again at the next run', async () => {
    fake.state.failOn.add('2026-12-02');
    fake.state.requests.length = 0;
    await t.modules.scheduler.tick(new Date('2026-12-02T18:00:00Z'));
    expect(fake.state.requests).toEqual(['/api/uf/02-12-2026']);
    fake.state.failOn.delete('2026-12-02');
    fake.state.values['2026-12-02'] = 39700;
    await t.modules.scheduler.tick(new Date('2026-12-02T19:30:00Z'));
    const [stored] = await t.database.db.select().from(ufValues).where(eq(ufValues.date, '2026-12-02'));
    expect(stored?.valueHundredths).toBe(3_970_000);
  });
});

describe('without UF_SOURCE_URL', () => {
  it('asks no source', async () => {
    const t = await createTestApp();
    try {
      fake.state.requests.length = 0;
      await t.modules.scheduler.tick(new Date('2026-12-03T15:00:00Z'));
      expect(fake.state.requests).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
