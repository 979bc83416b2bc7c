import { calendarMsg } from '@app/shared/messages-calendar';
import type { MyCalendars } from '@app/shared/schemas/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GOOGLE_CODE, type FakeGoogle, startFakeGoogle } from '../../test/fake-google.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { googleAccounts } from './calendar.tables.ts';

// The OAuth `state` is single-use: within its 15 minutes a second use is refused.
let google: FakeGoogle;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp(google.env);
});
afterAll(async () => {
  await t.close();
  await google.close();
});

async function newState(token: string): Promise<string> {
  const response = await t.request({ method: 'GET', url: '/api/auth/google-cloud-auth-url', token });
  expect(response.statusCode).toBe(200);
  return new URL(response.json().authUrl).searchParams.get('state') ?? '';
}

const link = (token: string, state: string, code = FAKE_GOOGLE_CODE) =>
  t.request({ method: 'POST', url: '/api/auth/google-cloud', token, payload: { code, state } });

const accountOf = async (userId: number) =>
  (await t.database.db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId)))[0];

describe('the Google OAuth state', () => {
  it('links once; the same state again is refused in Spanish and changes nothing', async () => {
    const owner = await t.userWithRole('owner');
    const state = await newState(owner.token);
    const first = await link(owner.token, state);
    expect(first.statusCode, first.body).toBe(200);
    const linked = await accountOf(owner.id);
    expect(linked).toBeDefined();

    const again = await link(owner.token, state);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: calendarMsg.stateUsed,
      errors: [{ field: 'state', message: calendarMsg.stateUsed }],
    });
    // Not linked again: the stored tokens (re-encrypted on every link) are the ones of the first use.
    expect(await accountOf(owner.id)).toEqual(linked);
  });

  it('is spent by a use that failed, so it cannot link afterwards', async () => {
    const owner = await t.userWithRole('owner');
    const state = await newState(owner.token);
    expect((await link(owner.token, state, 'codigo-falso')).json().message).toBe(calendarMsg.invalidCode);
    const retried = await link(owner.token, state);
    expect(retried.statusCode).toBe(400);
    expect(retried.json().message).toBe(calendarMsg.stateUsed);
    const mine = (await t.request({ method: 'GET', url: '/api/user/me/calendar', token: owner.token })).json();
    expect((mine as MyCalendars).account).toBeNull();
  });

  it('lets exactly one of two simultaneous uses link', async () => {
    const owner = await t.userWithRole('owner');
    const state = await newState(owner.token);
    const answers = await Promise.all([link(owner.token, state), link(owner.token, state)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('still accepts a new state for the same owner', async () => {
    const owner = await t.userWithRole('owner');
    expect((await link(owner.token, await newState(owner.token))).statusCode).toBe(200);
    expect((await link(owner.token, await newState(owner.token))).statusCode).toBe(200);
  });
});
