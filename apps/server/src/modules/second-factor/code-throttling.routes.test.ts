import { randomInt } from 'node:crypto';
import { secondFactorMsg } from '@app/shared/messages-trust';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { requestFrom } from '../../test/request-from.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { codeAtStep, stepAt } from './totp.ts';

// Someone who knows a password may ask for its code from many addresses: the code step is counted
// per account too. Proven over real HTTP from distinct loopback source addresses (Linux routes all
// of 127.0.0.0/8 to lo). LOGIN_MAX_FAILURES = 5: 5 codes per (user, address), 20 per account.

let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
const now = () => new Date(clock);
const PASSWORD = 'clave-segura';
const redisUrl = process.env.TEST_REDIS_URL;

async function listening(options: Parameters<typeof createTestApp>[1] = {}, env: Record<string, string> = {}) {
  const t = await createTestApp({ LOGIN_MAX_FAILURES: '5', ...env }, { now, ...options });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

/** A collaborator with a second factor turned on in 'Mi perfil': its secret and recovery codes. */
async function userWithSecondFactor(t: TestApp, beforeSetup?: (userId: number) => Promise<unknown>) {
  const user = await t.userWithRole('collaborator');
  await beforeSetup?.(user.id);
  const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload, token: user.token });
  const { secret } = (await post('/api/profile/second-factor/setup', { currentPassword: PASSWORD })).json();
  const confirm = await post('/api/profile/second-factor/confirm', {
    code: await codeAtStep(secret, stepAt(clock)),
  });
  expect(confirm.statusCode).toBe(200);
  clock += 30_000;
  return { ...user, secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

/** Six-digit codes none of which the app would take now (the current step and its neighbours). */
async function wrongCodes(secret: string, count: number): Promise<string[]> {
  const right = new Set(await Promise.all([-1, 0, 1].map((offset) => codeAtStep(secret, stepAt(clock) + offset))));
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n++) {
    const code = String(100_000 + ((n * 7919) % 900_000));
    if (!right.has(code)) codes.push(code);
  }
  return codes;
}

/**
 * The stranger: one challenge from the password, then `perAddress` wrong codes from each of 60
 * addresses, each round in parallel across them (spread over `apps`, instances of one firm).
 */
async function guessFromSixtyAddresses(apps: TestApp[], user: { email: string; secret: string }, prefix: string) {
  const [first] = apps;
  if (!first) throw new Error('no app');
  const signIn = await requestFrom(first.app, {
    from: `${prefix}.200`,
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const { challenge } = signIn.body as { challenge: string };
  const codes = await wrongCodes(user.secret, 300);
  const statuses: number[] = [];
  for (let round = 0; round < 5; round++) {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, address) => {
        const app = apps[address % apps.length] ?? first;
        return requestFrom(app.app, {
          from: `${prefix}.${address + 1}`,
          method: 'POST',
          url: '/api/login/second-factor',
          payload: { challenge, code: codes[round * 60 + address] },
        });
      }),
    );
    statuses.push(...answers.map((answer) => answer.status));
  }
  return { challenge, statuses };
}

const countOf = (statuses: number[], status: number) => statuses.filter((value) => value === status).length;

describe('wrong codes for one account from many addresses', { timeout: 90_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await listening();
  });
  afterAll(() => t.close());

  it('checks at most 20 codes in the window from 60 addresses, then refuses even the right code', async () => {
    const user = await userWithSecondFactor(t);
    const { challenge, statuses } = await guessFromSixtyAddresses([t], user, '127.0.2');
    expect(statuses).toHaveLength(300);
    expect(countOf(statuses, 401)).toBe(20);
    expect(countOf(statuses, 429)).toBe(280);
    const checked = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'second_factor_failed'), eq(activity.actorId, user.id)));
    expect(checked).toHaveLength(20);

    // The right code, from an address that never failed, is refused: the account's codes are held back.
    const right = await requestFrom(t.app, {
      from: '127.0.3.1',
      method: 'POST',
      url: '/api/login/second-factor',
      payload: { challenge, code: await codeAtStep(user.secret, stepAt(clock)) },
    });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ message: secondFactorMsg.accountCodesLocked(15) });
  });

  it('still lets the real user in with a recovery code, from any address, while the codes are held back', async () => {
    const user = await userWithSecondFactor(t);
    await guessFromSixtyAddresses([t], user, '127.0.4');
    const real = await requestFrom(t.app, {
      from: '127.0.5.1',
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const { challenge } = real.body as { challenge: string };
    const byCode = await requestFrom(t.app, {
      from: '127.0.5.1',
      method: 'POST',
      url: '/api/login/second-factor',
      payload: { challenge, code: await codeAtStep(user.secret, stepAt(clock)) },
    });
    expect(byCode.status).toBe(429);
    const byRecoveryCode = await requestFrom(t.app, {
      from: '127.0.5.1',
      method: 'POST',
      url: '/api/login/second-factor',
      payload: { challenge, code: user.recoveryCodes[0] },
    });
    expect(byRecoveryCode.status).toBe(200);
    expect(byRecoveryCode.body.token).toEqual(expect.any(String));
  });

  it("does not hold back another account's codes", async () => {
    const stranger = await userWithSecondFactor(t);
    await guessFromSixtyAddresses([t], stranger, '127.0.6');
    const other = await userWithSecondFactor(t);
    const signIn = await requestFrom(t.app, {
      from: '127.0.6.1',
      method: 'POST',
      url: '/api/login',
      payload: { email: other.email, password: PASSWORD },
    });
    const answer = await requestFrom(t.app, {
      from: '127.0.6.2',
      method: 'POST',
      url: '/api/login/second-factor',
      payload: {
        challenge: (signIn.body as { challenge: string }).challenge,
        code: await codeAtStep(other.secret, stepAt(clock)),
      },
    });
    expect(answer.status).toBe(200);
  });

  it.runIf(redisUrl)('counts the account across two instances sharing Redis', async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    const a = await listening({}, env);
    const b = await listening({ database: a.database }, env);
    const redis = new Redis(redisUrl ?? '');
    try {
      // Redis outlives test runs, and a new database numbers its users alike: this account starts from
      // zero before its set-up's code is checked.
      const user = await userWithSecondFactor(a, (userId) => redis.del(`auth-window:second-factor:user:${userId}`));
      const prefix = `127.${randomInt(10, 255)}.${randomInt(0, 256)}`;
      const { challenge, statuses } = await guessFromSixtyAddresses([a, b], user, prefix);
      expect(countOf(statuses, 401)).toBe(20);
      expect(countOf(statuses, 429)).toBe(280);
      const right = await requestFrom(b.app, {
        from: `${prefix}.201`,
        method: 'POST',
        url: '/api/login/second-factor',
        payload: { challenge, code: await codeAtStep(user.secret, stepAt(clock)) },
      });
      expect(right.status).toBe(429);
      expect(Number(await redis.hget(`auth-window:second-factor:user:${user.id}`, 'count'))).toBe(20);
    } finally {
      redis.disconnect();
      await b.close();
      await a.close();
    }
  });
});
