import { msg } from '@app/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { insertBusiness } from '../../test/factories.ts';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { passwordResetRepository } from './password-reset.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

function recoveryTokenFrom(text: string): string {
  const match = text.match(/\/recuperar-contrase(?:ñ|%C3%B1)a\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('no recovery link in mail');
  return match[1];
}

/** Sets a new password with a recovery token (or none). */
function changePassword(token: string | undefined, password: string) {
  return t.request({ method: 'PUT', url: '/api/auth/change_password', token, payload: { password } });
}

async function requestRecovery(email: string) {
  const before = t.mailer.sent.length;
  const response = await t.request({ method: 'POST', url: '/api/auth/recover_password_email', payload: { email } });
  return { response, before };
}

describe('POST /api/login', () => {
  it('answers the user (without any secret) and a token for the right password', async () => {
    const response = await t.request({ method: 'POST', url: '/api/login', payload: OWNER });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ email: OWNER.email, role: 'owner' });
    expect(body.token).toEqual(expect.any(String));
    expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt/);
  });

  it('accepts the e-mail in any case', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: OWNER.email.toUpperCase(), password: OWNER.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 with 'Correo o contraseña inválido' for a wrong password or an unknown e-mail", async () => {
    for (const payload of [
      { email: OWNER.email, password: 'incorrecta' },
      { email: 'nadie@estudio.cl', password: 'incorrecta' },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: msg.loginFailed });
    }
  });

  it('logs a failed sign-in with the address typed, but never text that is not an address (a password typed in the wrong field)', async () => {
    const typedPassword = 'MiClaveSecreta-77';
    for (const email of ['nadie@estudio.cl', typedPassword]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'otra' },
        remoteAddress: '127.0.0.61',
      });
      expect(response.statusCode).toBe(401);
    }
    const entries = await t.database.db
      .select({ label: activity.recordLabel, ip: activity.ip })
      .from(activity)
      .where(and(eq(activity.action, 'sign_in_failed'), eq(activity.ip, '127.0.0.61')));
    expect(entries.map((entry) => entry.label).sort()).toEqual(['Correo no válido', 'nadie@estudio.cl']);
    const everything = JSON.stringify(await t.database.db.select().from(activity));
    expect(everything).not.toContain(typedPassword);
  });

  it('answers 400 in Spanish for missing fields and malformed JSON, never a 500', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/login', payload: { email: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(msg.requiredField);

    const malformed = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: msg.invalidJson });
  });

  it('answers 429 to an (e-mail, address) pair past LOGIN_MAX_FAILURES, even for the right password', async () => {
    const { email } = await t.userWithRole('collaborator');
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.request({ method: 'POST', url: '/api/login', payload: { email, password: 'mala' } });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'clave-segura' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(msg.tooManyAttemptsWait(15));
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with a forged token, and after logout', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: 'abc.def.ghi' })).statusCode).toBe(401);

    const token = await t.login(OWNER.email, OWNER.password);
    expect((await t.request({ method: 'GET', url: '/api/user/me', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/api/user/me', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(msg.unauthorized);
  });

  it('ends the sessions of a deleted user', async () => {
    const user = await t.userWithRole('collaborator');
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: user.token })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/user/${user.id}`, token: await t.ownerToken() });
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: user.token })).statusCode).toBe(401);
  });

  it('expires tokens after SESSION_TTL_HOURS', async () => {
    const short = await createTestApp({ SESSION_TTL_HOURS: '0.0003' }); // about one second
    // Both ends of a session are read from the JS clock (the token's exp, checked by fast-jwt, and the
    // session row's expiresAt, compared with new Date()): fake only Date, timers and the database stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const token = await short.ownerToken();
      expect((await short.request({ method: 'GET', url: '/api/user/me', token })).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2100);
      expect((await short.request({ method: 'GET', url: '/api/user/me', token })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('password recovery', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const unknown = await requestRecovery('nadie@estudio.cl');
    const known = await requestRecovery(OWNER.email);
    expect(unknown.response.statusCode).toBe(200);
    expect(known.response.statusCode).toBe(200);
    expect(unknown.response.json()).toEqual(known.response.json());
    expect(known.response.json()).toEqual({ message: msg.recoverRequested });
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(known.before + 1));
    expect(t.mailer.sent.at(-1)?.to).toEqual([OWNER.email]);
  });

  it('stops mailing one address after three requests in an hour, with the same answer', async () => {
    const user = await t.userWithRole('collaborator');
    const before = t.mailer.sent.length;
    for (let request = 0; request < 5; request++) {
      const { response } = await requestRecovery(user.email);
      expect(response.json()).toEqual({ message: msg.recoverRequested });
    }
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 3));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mailer.sent.filter((mail) => mail.to.includes(user.email))).toHaveLength(3);
  });

  it('answers before looking the user up, storing the token or mailing, which follow in the background', async () => {
    const user = await t.userWithRole('collaborator');
    let releaseInsert = () => {};
    const inserted = new Promise<void>((resolve) => {
      releaseInsert = resolve;
    });
    const original = passwordResetRepository.insert;
    const insert = vi.spyOn(passwordResetRepository, 'insert').mockImplementation(async (...args) => {
      await inserted;
      return original(...args);
    });
    try {
      const before = t.mailer.sent.length;
      const answer = await Promise.race([
        t.request({ method: 'POST', url: '/api/auth/recover_password_email', payload: { email: user.email } }),
        new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000)),
      ]);
      expect(answer).not.toBe('no answer');
      expect(answer !== 'no answer' && answer.json()).toEqual({ message: msg.recoverRequested });
      expect(t.mailer.sent.length).toBe(before);
      await vi.waitFor(() => expect(insert).toHaveBeenCalled());
      releaseInsert();
      await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1));
      expect(t.mailer.sent.at(-1)?.to).toEqual([user.email]);
    } finally {
      releaseInsert();
      insert.mockRestore();
    }
  });

  it('validates the address with the recovery form messages', async () => {
    const empty = await requestRecovery('');
    expect(empty.response.statusCode).toBe(400);
    expect(empty.response.json().message).toBe(msg.requiredField);
    const invalid = await requestRecovery('no-es-email');
    expect(invalid.response.json().message).toBe(msg.recoverInvalidEmail);
  });

  it('sets a new password once with the mailed token, ending old sessions', async () => {
    const user = await t.userWithRole('collaborator');
    const { before } = await requestRecovery(user.email);
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1));
    const token = recoveryTokenFrom(t.mailer.sent.at(-1)?.text ?? '');

    const short = await changePassword(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(msg.passwordMinRecover);

    const changed = await changePassword(token, 'nueva-clave');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: msg.passwordChanged });

    expect((await t.request({ method: 'GET', url: '/api/user/me', token: user.token })).statusCode).toBe(401);
    await expect(t.login(user.email, 'nueva-clave')).resolves.toEqual(expect.any(String));
    await expect(t.login(user.email, 'clave-segura')).rejects.toThrow();

    const reused = await changePassword(token, 'otra-clave');
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: msg.tokenInvalid });
  });

  it('lets exactly one of two simultaneous uses of a token change the password', async () => {
    const user = await t.userWithRole('collaborator');
    const { before } = await requestRecovery(user.email);
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1));
    const token = recoveryTokenFrom(t.mailer.sent.at(-1)?.text ?? '');
    const answers = await Promise.all(
      ['primera-clave', 'segunda-clave'].map((password) => changePassword(token, password)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a missing or made-up token', async () => {
    for (const token of [undefined, 'inventado']) {
      const response = await changePassword(token, 'nueva-clave');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(msg.tokenInvalid);
    }
  });
});

describe('GET /api/push/public-key', () => {
  it('gives signed-in users the VAPID public key (an uncompressed P-256 point), and keeps it across calls', async () => {
    const token = await t.ownerToken();
    const first = await t.request({ method: 'GET', url: '/api/push/public-key', token });
    expect(first.statusCode).toBe(200);
    const key = Buffer.from(first.json().publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const again = await t.request({ method: 'GET', url: '/api/push/public-key', token });
    expect(again.json()).toEqual(first.json());
    expect((await t.request({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/me/notification-token', () => {
  it('stores the push subscription of any signed-in user and never returns it', async () => {
    const business = await insertBusiness(t);
    const client = await t.userWithRole('client', { businessId: business.id });
    const payload = {
      token: { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'key', auth: 'secret' } },
    };
    const response = await t.request({
      method: 'POST',
      url: '/api/user/me/notification-token',
      token: client.token,
      payload,
    });
    expect(response.statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/user/me', token: client.token });
    expect(me.body).not.toContain('push.example.com');
    expect((await t.request({ method: 'POST', url: '/api/user/me/notification-token', payload })).statusCode).toBe(401);
  });
});
