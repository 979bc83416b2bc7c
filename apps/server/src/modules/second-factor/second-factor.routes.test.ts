import { msg } from '@app/shared/messages';
import { profileMsg } from '@app/shared/messages-profile';
import { secondFactorMsg } from '@app/shared/messages-trust';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { activity } from '../../db/schema/activity.ts';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { userSecondFactors } from './second-factor.tables.ts';
import { codeAtStep, stepAt } from './totp.ts';

// The clock the app reads (TOTP steps, challenge expiry) is this file's: tests move it.
let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
const tick = (seconds = 30) => {
  clock += seconds * 1000;
};
const logs: string[] = [];
let t: TestApp;
let roles: Awaited<ReturnType<typeof tokensForEveryRole>>;
/** Every secret, code and recovery code this file saw: none may appear in the activity log or a log line. */
const secretsSeen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_MAX_FAILURES: '3', LOG_LEVEL: 'info' },
    { now: () => new Date(clock), logStream: { write: (line: string) => logs.push(line) } },
  );
  roles = await tokensForEveryRole(t);
});
afterAll(() => t?.close());

const standingAlone = (secret: string) => new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`);
const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url, payload, token });
const codeNow = (secret: string, stepsBack = 0) => {
  const code = codeAtStep(secret, stepAt(clock) - stepsBack);
  return code.then((value) => {
    secretsSeen.add(value);
    return value;
  });
};

/** A fresh staff member (or client) with a second factor turned on in 'Mi perfil'. */
async function userWithSecondFactor(role: 'owner' | 'collaborator' | 'client' = 'collaborator') {
  const extra = role === 'client' ? { businessId: (await insertBusiness(t)).id } : {};
  const user = await t.userWithRole(role, { ...extra });
  const setup = await post('/api/profile/second-factor/setup', { currentPassword: 'clave-segura' }, user.token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrDataUrl } = setup.json();
  secretsSeen.add(secret);
  expect(otpauthUrl).toContain('issuer=Estudio');
  expect(otpauthUrl).toContain(encodeURIComponent(user.email));
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  const confirm = await post('/api/profile/second-factor/confirm', { code: await codeNow(secret) }, user.token);
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes, message } = confirm.json();
  expect(message).toBe(secondFactorMsg.enabled);
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) secretsSeen.add(code);
  tick();
  return { ...user, secret, recoveryCodes: recoveryCodes as string[] };
}

async function passwordStep(email: string, password = 'clave-segura') {
  const response = await post('/api/login', { email, password });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, and no session exists before it', async () => {
    const user = await userWithSecondFactor();
    const answer = await passwordStep(user.email);
    expect(answer).toEqual({ secondFactor: 'code', challenge: expect.any(String) });
    expect(answer.token).toBeUndefined();

    const signedIn = await post('/api/login/second-factor', {
      challenge: answer.challenge,
      code: await codeNow(user.secret),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    const me = await t.request({ method: 'GET', url: '/api/profile/second-factor', token: signedIn.json().token });
    expect(me.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  it('takes the previous step (a phone a little late), refuses two steps back and the same code twice', async () => {
    const user = await userWithSecondFactor();
    tick(); // The set-up took the step before the previous one.
    const previous = await codeNow(user.secret, 1);
    const twoBack = await codeNow(user.secret, 2);
    const refusedOld = await post('/api/login/second-factor', {
      challenge: (await passwordStep(user.email)).challenge,
      code: twoBack,
    });
    expect(refusedOld.statusCode).toBe(401);
    expect(refusedOld.json()).toEqual({ message: secondFactorMsg.codeWrong });

    const challenge = (await passwordStep(user.email)).challenge;
    expect((await post('/api/login/second-factor', { challenge, code: previous })).statusCode).toBe(200);
    const replay = await post('/api/login/second-factor', { challenge, code: previous });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: secondFactorMsg.codeWrong });
    // The current step's code is later than the one used: it still works.
    const current = await post('/api/login/second-factor', { challenge, code: await codeNow(user.secret) });
    expect(current.statusCode).toBe(200);
    tick();
  });

  it('lets exactly one of two parallel uses of one code through', async () => {
    const user = await userWithSecondFactor();
    const code = await codeNow(user.secret);
    const [a, b] = [(await passwordStep(user.email)).challenge, (await passwordStep(user.email)).challenge];
    const answers = await Promise.all([
      post('/api/login/second-factor', { challenge: a, code }),
      post('/api/login/second-factor', { challenge: b, code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    tick();
  });

  it('takes a recovery code once (any case, with or without the dash)', async () => {
    const user = await userWithSecondFactor();
    const [first = ''] = user.recoveryCodes;
    const typed = first.replace('-', '').toLowerCase();
    const challenge = (await passwordStep(user.email)).challenge;
    const used = await post('/api/login/second-factor', { challenge, code: typed });
    expect(used.statusCode).toBe(200);
    const again = await post('/api/login/second-factor', { challenge, code: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: secondFactorMsg.codeWrong });
    const status = await t.request({ method: 'GET', url: '/api/profile/second-factor', token: used.json().token });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('refuses a tampered, expired or other-step challenge, and one from before a password change', async () => {
    const user = await userWithSecondFactor();
    const { challenge } = await passwordStep(user.email);
    const code = await codeNow(user.secret);
    const [body = '', signature = ''] = challenge.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: 1 }));
    for (const bad of [`${forged.toString('base64url')}.${signature}`, `${challenge}x`, 'nada']) {
      const refused = await post('/api/login/second-factor', { challenge: bad, code });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: secondFactorMsg.challengeExpired });
    }
    const otherStep = await post('/api/login/second-factor/setup', { challenge });
    expect(otherStep.json()).toEqual({ message: secondFactorMsg.challengeExpired });

    tick(5 * 60 + 1);
    const expired = await post('/api/login/second-factor', { challenge, code: await codeNow(user.secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: secondFactorMsg.challengeExpired });

    const fresh = (await passwordStep(user.email)).challenge;
    const changed = await t.request({
      method: 'PUT',
      url: '/api/user/me/password',
      token: user.token,
      payload: {
        currentPassword: 'clave-segura',
        password: 'clave-segura-nueva',
        repeatPassword: 'clave-segura-nueva',
      },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await post('/api/login/second-factor', { challenge: fresh, code: await codeNow(user.secret) });
    expect(stale.json()).toEqual({ message: secondFactorMsg.challengeExpired });
  });

  it('throttles wrong codes like passwords: 429 past LOGIN_MAX_FAILURES', async () => {
    const user = await userWithSecondFactor();
    const { challenge } = await passwordStep(user.email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await post('/api/login/second-factor', { challenge, code: '000000' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await post('/api/login/second-factor', { challenge, code: await codeNow(user.secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: msg.tooManyAttemptsWait(15) });
  });

  it('ends the other sessions when it is turned on, keeping the one that turned it on', async () => {
    const user = await t.userWithRole('collaborator', {});
    const other = await t.login(user.email, 'clave-segura');
    const setup = (
      await post('/api/profile/second-factor/setup', { currentPassword: 'clave-segura' }, user.token)
    ).json();
    secretsSeen.add(setup.secret);
    const confirm = await post('/api/profile/second-factor/confirm', { code: await codeNow(setup.secret) }, user.token);
    expect(confirm.statusCode).toBe(200);
    for (const code of confirm.json().recoveryCodes) secretsSeen.add(code);
    tick();
    expect((await t.request({ method: 'GET', url: '/api/profile/second-factor', token: user.token })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: 'GET', url: '/api/profile/second-factor', token: other })).statusCode).toBe(401);
  });

  it('turns it on and off in Mi perfil with a code; new recovery codes void the old ones', async () => {
    const user = await userWithSecondFactor('client');
    // Signed in, a wrong code is 400 on the field (a 401 would sign the browser out).
    const wrong = await post('/api/profile/second-factor/recovery-codes', { code: '000000' }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: secondFactorMsg.codeWrong,
      errors: [{ field: 'code', message: secondFactorMsg.codeWrong }],
    });
    expect((await t.request({ method: 'GET', url: '/api/profile/second-factor', token: user.token })).statusCode).toBe(
      200,
    );
    const renewed = await post(
      '/api/profile/second-factor/recovery-codes',
      { code: await codeNow(user.secret) },
      user.token,
    );
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe(secondFactorMsg.recoveryCodesRenewed);
    for (const code of renewed.json().recoveryCodes) secretsSeen.add(code);
    tick();
    const old = await post('/api/login/second-factor', {
      challenge: (await passwordStep(user.email)).challenge,
      code: user.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(401);

    const off = await t.request({
      method: 'DELETE',
      url: '/api/profile/second-factor',
      token: user.token,
      payload: { code: await codeNow(user.secret) },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: secondFactorMsg.disabled });
    expect((await passwordStep(user.email)).token).toEqual(expect.any(String));
  });

  it('asks the current password to start a set-up: a session alone cannot put a second factor on the account', async () => {
    const user = await t.userWithRole('collaborator');
    const start = (payload: object) => post('/api/profile/second-factor/setup', payload, user.token);
    const missing = await start({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'currentPassword', message: profileMsg.requiredField }]);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await start({ currentPassword: 'no-es' })).statusCode);
    // LOGIN_MAX_FAILURES = 3 here: the fourth wrong password waits for the window.
    expect(statuses).toEqual([400, 400, 400, 429]);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/profile/second-factor/setup',
      token: (await t.userWithRole('client', { businessId: roles.clientBusinessId })).token,
      payload: { currentPassword: 'no-es' },
    });
    expect(wrong.json()).toEqual({
      message: profileMsg.wrongCurrentPassword,
      errors: [{ field: 'currentPassword', message: profileMsg.wrongCurrentPassword }],
    });
    const rows = await t.database.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
    expect(rows).toEqual([]);
  });

  it("refuses an owner's reset of their own second factor, pointing to 'Desactivar' in Mi perfil", async () => {
    const owner = await userWithSecondFactor('owner');
    const own = await t.request({ method: 'DELETE', url: `/api/users/${owner.id}/second-factor`, token: owner.token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: secondFactorMsg.resetOwnRefused });
    const status = await t.request({ method: 'GET', url: '/api/profile/second-factor', token: owner.token });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // Another owner may reset it (the user then signs in with the password alone).
    const byOther = await t.request({
      method: 'DELETE',
      url: `/api/users/${owner.id}/second-factor`,
      token: roles.owner,
    });
    expect(byOther.statusCode).toBe(200);
  });

  it("lets the owner reset a user's second factor, ending their sessions; 404 for an unknown user", async () => {
    const user = await userWithSecondFactor();
    const reset = await t.request({ method: 'DELETE', url: `/api/users/${user.id}/second-factor`, token: roles.owner });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: secondFactorMsg.resetDone });
    expect((await t.request({ method: 'GET', url: '/api/profile/second-factor', token: user.token })).statusCode).toBe(
      401,
    );
    expect((await passwordStep(user.email)).token).toEqual(expect.any(String));
    const unknown = await t.request({ method: 'DELETE', url: '/api/users/999999/second-factor', token: roles.owner });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: msg.notFound });
  });

  it('keeps the change and its activity entry together: no entry, no second factor', async () => {
    const user = await t.userWithRole('collaborator');
    const setup = (
      await post('/api/profile/second-factor/setup', { currentPassword: 'clave-segura' }, user.token)
    ).json();
    secretsSeen.add(setup.secret);
    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const failed = await post(
        '/api/profile/second-factor/confirm',
        { code: await codeNow(setup.secret) },
        user.token,
      );
      expect(failed.statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [row] = await t.database.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
    expect(row?.enabledAt).toBeNull();
  });
});

describe('the firm requires a second factor', () => {
  it('sends staff without one to the set-up at sign-in, not clients; they cannot turn it off', async () => {
    const collaborator = await t.userWithRole('collaborator', {});
    const client = await t.userWithRole('client', { businessId: roles.clientBusinessId });
    const on = await t.request({
      method: 'PUT',
      url: '/api/settings/security',
      token: roles.owner,
      payload: { requireSecondFactor: true },
    });
    expect(on.json()).toEqual({ requireSecondFactor: true });
    try {
      expect((await passwordStep(client.email)).token).toEqual(expect.any(String));
      const answer = await passwordStep(collaborator.email);
      expect(answer).toEqual({ secondFactor: 'setup', challenge: expect.any(String) });
      // A 'setup' challenge is not a 'code' one.
      const asCode = await post('/api/login/second-factor', { challenge: answer.challenge, code: '123456' });
      expect(asCode.json()).toEqual({ message: secondFactorMsg.challengeExpired });

      const setup = await post('/api/login/second-factor/setup', { challenge: answer.challenge });
      expect(setup.statusCode).toBe(200);
      secretsSeen.add(setup.json().secret);
      const wrong = await post('/api/login/second-factor/confirm', { challenge: answer.challenge, code: '000000' });
      expect(wrong.json()).toEqual({ message: secondFactorMsg.codeWrong });
      const done = await post('/api/login/second-factor/confirm', {
        challenge: answer.challenge,
        code: await codeNow(setup.json().secret),
      });
      expect(done.statusCode).toBe(200);
      const { token, recoveryCodes, user } = done.json();
      expect(user.email).toBe(collaborator.email);
      expect(recoveryCodes).toHaveLength(10);
      for (const code of recoveryCodes) secretsSeen.add(code);
      tick();
      const status = await t.request({ method: 'GET', url: '/api/profile/second-factor', token });
      expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: true });
      const off = await t.request({
        method: 'DELETE',
        url: '/api/profile/second-factor',
        token,
        payload: { code: await codeNow(setup.json().secret) },
      });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({ message: secondFactorMsg.requiredCannotDisable });
      expect((await passwordStep(collaborator.email)).secondFactor).toBe('code');
    } finally {
      await t.request({
        method: 'PUT',
        url: '/api/settings/security',
        token: roles.owner,
        payload: { requireSecondFactor: false },
      });
    }
  });
});

describe('who may call what', () => {
  it('lets every signed-in role use its own Mi perfil endpoints, and nobody anonymous', async () => {
    for (const token of [roles.owner, roles.collaborator, roles.client]) {
      expect((await t.request({ method: 'GET', url: '/api/profile/second-factor', token })).statusCode).toBe(200);
    }
    const client = await t.userWithRole('client', { businessId: roles.clientBusinessId });
    expect(
      (await post('/api/profile/second-factor/setup', { currentPassword: 'clave-segura' }, client.token)).statusCode,
    ).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/profile/second-factor', undefined],
      ['POST', '/api/profile/second-factor/setup', {}],
      ['POST', '/api/profile/second-factor/confirm', { code: '123456' }],
      ['DELETE', '/api/profile/second-factor', { code: '123456' }],
      ['POST', '/api/profile/second-factor/recovery-codes', { code: '123456' }],
    ] as const) {
      const anonymous = await t.request({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
    }
  });

  it('keeps the reset and the firm setting to owners', async () => {
    const target = await t.userWithRole('collaborator');
    for (const [method, url, payload] of [
      ['DELETE', `/api/users/${target.id}/second-factor`, undefined],
      ['GET', '/api/settings/security', undefined],
      ['PUT', '/api/settings/security', { requireSecondFactor: false }],
    ] as const) {
      for (const token of [roles.collaborator, roles.client]) {
        const refused = await t.request({ method, url, payload, token });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: msg.forbidden });
      }
      const anonymous = await t.request({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      expect((await t.request({ method, url, payload, token: roles.owner })).statusCode).toBe(200);
    }
  });

  it('answers the login steps to anonymous callers only through a challenge', async () => {
    for (const url of ['/api/login/second-factor', '/api/login/second-factor/confirm']) {
      const refused = await post(url, { challenge: 'nada', code: '123456' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: secondFactorMsg.challengeExpired });
    }
    expect((await post('/api/login/second-factor/setup', { challenge: 'nada' })).statusCode).toBe(401);
  });
});

describe('the activity log', () => {
  it('notes sign-ins, failures, codes and changes, and never a secret, a code or a recovery code', async () => {
    const user = await userWithSecondFactor();
    expect((await post('/api/login', { email: user.email, password: 'mala' })).statusCode).toBe(401);
    expect((await post('/api/login', { email: 'nadie@estudio.cl', password: 'mala' })).statusCode).toBe(401);
    const { challenge } = await passwordStep(user.email);
    await post('/api/login/second-factor', { challenge, code: '000000' });
    expect((await post('/api/login/second-factor', { challenge, code: await codeNow(user.secret) })).statusCode).toBe(
      200,
    );
    await t.request({
      method: 'PUT',
      url: '/api/settings/security',
      token: roles.owner,
      payload: { requireSecondFactor: false },
    });

    const rows = await t.database.db.select().from(activity);
    const mine = rows.filter((row) => row.recordLabel === user.email).map((row) => `${row.kind}:${row.action}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        'second_factor:enabled',
        'sign_in:sign_in_failed',
        'sign_in:second_factor_failed',
        'sign_in:signed_in',
      ]),
    );
    const failed = rows.find((row) => row.action === 'sign_in_failed' && row.recordLabel === user.email);
    expect(failed?.actorId).toBe(user.id);
    const stranger = rows.find((row) => row.action === 'sign_in_failed' && row.recordLabel === 'nadie@estudio.cl');
    expect(stranger?.actorId).toBeNull();
    const kinds = new Set(rows.map((row) => `${row.kind}:${row.action}`));
    for (const kind of [
      'second_factor:disabled',
      'second_factor:reset',
      'second_factor:changed',
      'password:changed',
      'settings:changed',
    ])
      expect(kinds).toContain(kind);

    const everything = JSON.stringify(rows) + logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    // Whole words only: a six-digit code is bound to occur inside some timestamp or duration's digits.
    for (const secret of secretsSeen) expect(everything).not.toMatch(standingAlone(secret));
    expect(everything).not.toContain(OWNER.password);
  });
});
