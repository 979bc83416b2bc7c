import { msg } from '@app/shared/messages';
import { secondFactorMsg } from '@app/shared/messages-trust';
import { describe, expect, it } from 'vitest';
import type { AttemptStore } from './attempt-store.ts';
import { addressKey, createAttemptThrottle, failureDelayMs } from './attempt-throttle.ts';

/** A store for policy tests only (windows never end: every test runs well within one). */
function memoryStore(): AttemptStore & { keys(): string[] } {
  const counts = new Map<string, number>();
  const ends = new Map<string, number>();
  return {
    async hit(key, windowMs) {
      if (!ends.has(key)) ends.set(key, Date.now() + windowMs);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key) ?? 0;
    },
    async count(key) {
      return counts.get(key) ?? 0;
    },
    async msLeft(key) {
      return Math.max(0, (ends.get(key) ?? 0) - Date.now());
    },
    async release(key) {
      counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1));
    },
    async clear(key) {
      counts.delete(key);
      ends.delete(key);
    },
    async close() {},
    keys: () => [...counts.keys()],
  };
}

function setup(maxFailures = 3, windowMs = 60_000) {
  const store = memoryStore();
  const waits: number[] = [];
  const throttle = createAttemptThrottle({
    store,
    maxFailures,
    windowMs,
    wait: async (ms) => waits.push(ms),
  });
  const fail = async (email: string, ip: string) => (await throttle.startLogin(email, ip)).failed();
  return { store, throttle, waits, fail };
}

describe('sign-in throttling policy', () => {
  it('refuses an (e-mail, address) pair past the limit, in any letter case, but not the same e-mail elsewhere', async () => {
    const { throttle, fail } = setup();
    for (let attempt = 0; attempt < 3; attempt++) await fail('Ana@Empresa.cl', '10.0.0.1');
    await expect(throttle.startLogin('ana@empresa.cl', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      message: msg.tooManyAttemptsWait(1),
    });
    await expect(throttle.startLogin('ana@empresa.cl', '10.0.0.2')).resolves.toBeDefined();
  });

  it('says in the 429 how many minutes are left of the window, rounded up, and the seconds for Retry-After', async () => {
    const { throttle, fail } = setup(1, 125_000);
    await fail('ana@empresa.cl', '10.0.0.1');
    await expect(throttle.startLogin('ana@empresa.cl', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Demasiados intentos. Espera 3 minutos e inténtalo de nuevo.',
      retryAfterSeconds: 125,
    });
  });

  it('clears the pair on a successful sign-in and does not count it against the address', async () => {
    const { store, throttle, fail } = setup();
    await fail('ana@empresa.cl', '10.0.0.1');
    await fail('ana@empresa.cl', '10.0.0.1');
    await (await throttle.startLogin('ana@empresa.cl', '10.0.0.1')).succeeded();
    expect(await store.count(throttle.keys.pair('ana@empresa.cl', '10.0.0.1'))).toBe(0);
    expect(await store.count(throttle.keys.address('10.0.0.1'))).toBe(2);
  });

  it('refuses an address at twenty times the pair limit, whatever e-mails it tries', async () => {
    const { throttle, fail } = setup(2);
    for (let attempt = 0; attempt < 40; attempt++) await fail(`u${attempt}@empresa.cl`, '10.0.0.9');
    await expect(throttle.startLogin('nuevo@empresa.cl', '10.0.0.9')).rejects.toMatchObject({ statusCode: 429 });
    await expect(throttle.startLogin('nuevo@empresa.cl', '10.0.0.10')).resolves.toBeDefined();
  });

  it('counts an attempt before its outcome, so a parallel burst from one pair gets only the limit through', async () => {
    const { throttle } = setup(3);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => throttle.startLogin('ana@empresa.cl', '10.0.0.1')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  });

  it('never refuses an e-mail guessed from many addresses, but answers each failure past the limit later', async () => {
    const { throttle, waits, fail } = setup(3);
    for (let address = 1; address <= 8; address++) await fail('ana@empresa.cl', `10.0.1.${address}`);
    expect(waits).toEqual([250, 500, 1000, 2000, 3000]);
    await expect(throttle.startLogin('ana@empresa.cl', '10.0.2.1')).resolves.toBeDefined();
  });

  it('keeps keys short and free of e-mails in plain text', async () => {
    const { store, fail } = setup();
    await fail(`${'a'.repeat(300)}@empresa.cl`, '2001:db8:1:2:3:4:5:6');
    for (const key of store.keys()) {
      expect(key.length).toBeLessThan(120);
      expect(key).not.toContain('empresa.cl');
    }
  });
});

describe('second-factor code throttling policy', () => {
  it('checks at most 4 × L codes of one account from any number of addresses, waiting longer past L', async () => {
    const { throttle, waits } = setup(3);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, async (_, address) => {
        const attempt = await throttle.startSecondFactor(7, `10.0.3.${address}`, { offerRecoveryCode: true });
        await attempt.failed();
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(12);
    expect(waits).toEqual([250, 500, 1000, 2000, 3000, 3000, 3000, 3000, 3000]);
    await expect(throttle.startSecondFactor(7, '10.0.4.1', { offerRecoveryCode: true })).rejects.toMatchObject({
      statusCode: 429,
      message: secondFactorMsg.accountCodesLocked(1),
    });
    // Signed in ('Mi perfil'), where recovery codes are not taken, the 429 does not offer one.
    await expect(throttle.startSecondFactor(7, '10.0.4.1')).rejects.toMatchObject({
      message: msg.tooManyAttemptsWait(1),
    });
    // Another account is not held back.
    await expect(throttle.startSecondFactor(8, '10.0.4.1')).resolves.toBeDefined();
  });

  it('still checks a recovery code once the six-digit codes are held back, and keeps the count on success', async () => {
    const { store, throttle } = setup(1);
    for (let address = 0; address < 4; address++)
      await (await throttle.startSecondFactor(7, `10.0.5.${address}`)).failed();
    await expect(throttle.startSecondFactor(7, '10.0.6.1')).rejects.toMatchObject({ statusCode: 429 });
    await (await throttle.startSecondFactor(7, '10.0.6.1', { recoveryCode: true })).succeeded();
    expect(await store.count(throttle.keys.secondFactorAccount(7))).toBe(4);
    await expect(throttle.startSecondFactor(7, '10.0.6.2')).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('failureDelayMs', () => {
  it('waits nothing up to the limit, then doubles from 250 ms up to 3 s', () => {
    expect([1, 5, 6, 7, 8, 9, 10, 1000].map((failures) => failureDelayMs(failures, 5))).toEqual([
      0, 0, 250, 500, 1000, 2000, 3000, 3000,
    ]);
  });
});

describe('addressKey', () => {
  it('counts IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64 network', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:db8:1:2::ffff')).toBe(addressKey('2001:db8:1:2:aaaa::1'));
    expect(addressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressKey('not-an-address')).toMatch(/^other:[0-9a-f]{32}$/);
  });
});
