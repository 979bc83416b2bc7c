import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { privacyNoticeVersions, retentionProposals } from './data-protection.tables.ts';

// What two owners or two instances do at the same moment is decided by the database: a yearly
// proposal made once, one confirmation of a proposal, notice versions numbered without a gap or a twin.
// Run on PostgreSQL too (DATABASE_URL), where the requests truly overlap.

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance of the same firm on the same database.
  other = await createTestApp({}, { database: t.database });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

it('makes the yearly proposal once when two instances run the job at the same moment', async () => {
  const at = new Date('2027-01-04T13:00:00Z');
  const made = await Promise.all([
    t.modules.dataProtection.computeScheduled(at),
    other.modules.dataProtection.computeScheduled(at),
    t.modules.dataProtection.computeScheduled(at),
  ]);
  expect(made.filter((id) => id !== undefined)).toHaveLength(1);
  const rows = await t.database.db.select().from(retentionProposals).where(eq(retentionProposals.source, 'scheduled'));
  expect(rows.map((row) => row.scheduledYear)).toEqual([2027]);
});

it('confirms a proposal once when two owners confirm it at the same moment', async () => {
  const token = await t.ownerToken();
  const computed = await t.request({
    method: 'POST',
    url: '/api/data-protection/retention/proposals',
    token,
    payload: {},
  });
  expect(computed.statusCode, computed.body).toBe(201);
  const id = computed.json().proposal.id as number;
  const url = `/api/data-protection/retention/proposals/${id}/confirm`;
  const answers = await Promise.all([
    t.request({ method: 'POST', url, token, payload: {} }),
    other.request({ method: 'POST', url, token: await other.ownerToken(), payload: {} }),
  ]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
});

it('numbers notice versions one after another when two owners publish at the same moment', async () => {
  const answers = await Promise.all(
    ['Aviso A', 'Aviso B', 'Aviso C'].map(async (text, index) =>
      (index === 1 ? other : t).request({
        method: 'POST',
        url: '/api/data-protection/notice',
        token: await (index === 1 ? other : t).ownerToken(),
        payload: { text },
      }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
  const versions = await t.database.db.select({ version: privacyNoticeVersions.version }).from(privacyNoticeVersions);
  expect(versions.map((row) => row.version).sort()).toEqual([1, 2, 3]);
});
