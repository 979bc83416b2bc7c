import { msg } from '@app/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { authAttempts } from './auth.tables.ts';

// Past the limit from one computer even the right password gets 429 until the window ends; the
// answer says how long that is.

const login = (t: TestApp, from: string, password: string, email = OWNER.email) =>
  t.request({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: from });

describe('the 429 of sign-in throttling says how long to wait', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_MINUTES: '15' });
  });
  afterAll(() => t.close());

  it('refuses the right password after five wrong ones from that computer, saying to wait 15 minutes', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(t, '10.9.0.1', `mala-${attempt}`)).statusCode).toBe(401);
    }
    const refused = await login(t, '10.9.0.1', OWNER.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // From another computer the right password signs in.
    expect((await login(t, '10.9.0.2', OWNER.password)).statusCode).toBe(200);
  });

  it('says how long to a signed-in user guessing their own current password', async () => {
    const user = await t.userWithRole('collaborator');
    const guess = () =>
      t.request({
        method: 'PUT',
        url: '/api/user/me/password',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { currentPassword: 'no-es-la-clave', password: 'clave-nueva-1' },
      });
    for (let attempt = 0; attempt < 5; attempt++) expect((await guess()).statusCode).toBe(400);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(msg.tooManyAttemptsWait(15));
  });
});

// LOGIN_MAX_FAILURES = 1: an address is refused past 20 failures.
describe('the 429 of the address limits says how long to wait', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '1', LOGIN_WINDOW_MINUTES: '15' });
  });
  afterAll(() => t.close());

  it('says how long to an address refused for spraying many e-mails', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      await login(t, '10.9.0.3', 'mala', `nadie-${attempt}@estudio.cl`);
    }
    const refused = await login(t, '10.9.0.3', 'mala', 'otra-persona@estudio.cl');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(msg.tooManyAttemptsWait(15));
  });

  it('says how long to an address refused for guessing recovery tokens', async () => {
    const guess = () =>
      t.request({
        method: 'PUT',
        url: '/api/auth/change_password',
        headers: { authorization: 'Bearer token-inventado' },
        payload: { password: 'clave-nueva-1' },
        remoteAddress: '10.9.0.4',
      });
    for (let attempt = 0; attempt < 20; attempt++) expect((await guess()).statusCode).toBe(401);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(msg.tooManyAttemptsWait(15));
  });
});

describe('after the window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '1', LOGIN_WINDOW_MINUTES: '0.05' }); // 3 s
  });
  afterAll(() => t.close());

  it('says 1 minuto for less than a minute, and the right password signs in once the window has ended', async () => {
    expect((await login(t, '10.9.1.1', 'mala')).statusCode).toBe(401);
    const refused = await login(t, '10.9.1.1', OWNER.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Demasiados intentos. Espera 1 minuto e inténtalo de nuevo.');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3);
    // The windows end as if their time had passed (the store's own clock is tested in attempt-store.test.ts).
    await t.database.db.update(authAttempts).set({ expiresAt: sql`now()` });
    expect((await login(t, '10.9.1.1', OWNER.password)).statusCode).toBe(200);
  });
});
