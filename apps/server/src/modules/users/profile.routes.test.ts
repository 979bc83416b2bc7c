import { msg } from '@app/shared/messages';
import { profileMsg } from '@app/shared/messages-profile';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from './users.repository.ts';

const PASSWORD = 'clave-segura'; // what t.userWithRole signs up with

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function client() {
  const business = await insertBusiness(t);
  return t.userWithRole('client', { businessId: business.id });
}

const updateProfile = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/user/me', token, payload });
const changePassword = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/user/me/password', token, payload });
const me = (token: string) => t.request({ method: 'GET', url: '/api/user/me', token });

describe('PUT /api/user/me', () => {
  it('lets a client, a collaborator and an owner edit their own profile; anonymous gets 401', async () => {
    expect((await updateProfile(undefined, { name: 'Nadie', email: 'nadie@estudio.cl' })).statusCode).toBe(401);

    const users = {
      client: await client(),
      collaborator: await t.userWithRole('collaborator'),
      owner: await t.userWithRole('owner'),
    };
    for (const [role, user] of Object.entries(users)) {
      const email = `Perfil.${role}@Estudio.cl`;
      const response = await updateProfile(user.token, { name: ' Renata ', lastName: 'Soto', email });
      expect(response.statusCode, role).toBe(200);
      const body = response.json();
      expect(body.message).toBe(profileMsg.profileUpdated);
      expect(body.user).toMatchObject({ id: user.id, name: 'Renata', lastName: 'Soto', role });
      expect(body.user.email).toBe(email.toLowerCase());
      expect(JSON.stringify(body)).not.toMatch(/password|hash|scrypt/i);
      expect((await me(user.token)).json()).toMatchObject({ name: 'Renata', email: email.toLowerCase() });
    }
  });

  it('defaults a missing last name to empty and keeps the own e-mail in another letter case', async () => {
    const user = await t.userWithRole('collaborator');
    const response = await updateProfile(user.token, { name: 'Tomás', email: user.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ lastName: '', email: user.email });
  });

  it('refuses an e-mail another user has, in any letter case, with 409 on the e-mail field', async () => {
    const user = await t.userWithRole('collaborator');
    const response = await updateProfile(user.token, { name: 'Tomás', email: OWNER.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: msg.emailExists,
      errors: [{ field: 'email', message: msg.emailExists }],
    });
  });

  it('answers 409, not 500, when another user takes the e-mail between the check and the write', async () => {
    const user = await t.userWithRole('collaborator');
    const other = await t.userWithRole('collaborator');
    const check = vi.spyOn(usersRepository, 'findByEmail').mockResolvedValueOnce(undefined);
    try {
      const response = await updateProfile(user.token, { name: 'Tomás', email: other.email });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors).toEqual([{ field: 'email', message: msg.emailExists }]);
    } finally {
      check.mockRestore();
    }
  });

  it('cannot change the own role, company or calendar flag', async () => {
    const user = await t.userWithRole('collaborator');
    const business = await insertBusiness(t);
    const response = await updateProfile(user.token, {
      name: 'Trepadora',
      email: user.email,
      role: 'owner',
      businessId: business.id,
      allowCalendarView: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: 'collaborator', businessId: null, allowCalendarView: false });
    expect((await me(user.token)).json()).toMatchObject({ role: 'collaborator', businessId: null });
    expect((await t.request({ method: 'GET', url: '/api/user', token: user.token })).statusCode).toBe(403);
  });

  it('refuses bad input with 400 and the form messages, a NUL in the name included (never a 500)', async () => {
    const user = await t.userWithRole('collaborator');
    const cases = [
      { payload: { name: 'Ana\u0000', email: user.email }, field: 'name', message: msg.forbiddenChars },
      { payload: { name: '   ', email: user.email }, field: 'name', message: msg.requiredField },
      { payload: { name: 'x'.repeat(121), email: user.email }, field: 'name', message: profileMsg.nameTooLong },
      {
        payload: { name: 'Ana', lastName: 'x'.repeat(121), email: user.email },
        field: 'lastName',
        message: profileMsg.nameTooLong,
      },
      { payload: { name: 'Ana', email: 'no-es-email' }, field: 'email', message: msg.invalidEmail },
    ];
    for (const { payload, field, message } of cases) {
      const response = await updateProfile(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    }
  });
});

describe('PUT /api/user/me/password', () => {
  it('answers 401 to anonymous callers, before looking at the body', async () => {
    expect((await changePassword(undefined, {})).statusCode).toBe(401);
  });

  it('refuses a wrong current password with 400 and its message on the field', async () => {
    const user = await t.userWithRole('collaborator');
    const response = await changePassword(user.token, { currentPassword: 'no-es-la-clave', password: 'clave-nueva-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: profileMsg.wrongCurrentPassword,
      errors: [{ field: 'currentPassword', message: profileMsg.wrongCurrentPassword }],
    });
    await t.login(user.email, PASSWORD);
  });

  it('refuses 7 characters, 129 characters, only spaces and the current password with their messages', async () => {
    const user = await t.userWithRole('collaborator');
    const cases = [
      { password: 'a'.repeat(7), message: msg.passwordMinUser },
      { password: 'a'.repeat(129), message: msg.passwordMax },
      { password: ' '.repeat(12), message: msg.passwordBlank },
      { password: PASSWORD, message: profileMsg.samePassword },
    ];
    for (const { password, message } of cases) {
      const response = await changePassword(user.token, { currentPassword: PASSWORD, password });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'password', message }]);
    }
    const missing = await changePassword(user.token, { password: 'clave-nueva-1' });
    expect(missing.json().errors).toEqual([{ field: 'currentPassword', message: msg.requiredField }]);
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const user = await t.userWithRole('collaborator');
    const other = await t.login(user.email, PASSWORD);
    const response = await changePassword(user.token, { currentPassword: PASSWORD, password: 'clave-nueva-123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: msg.passwordChanged });

    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);

    await t.login(user.email, 'clave-nueva-123');
    const old = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(msg.loginFailed);
  });

  it('lets a client and an owner change their own password too', async () => {
    for (const user of [await client(), await t.userWithRole('owner')]) {
      const response = await changePassword(user.token, { currentPassword: PASSWORD, password: 'clave-nueva-456' });
      expect(response.statusCode).toBe(200);
      await t.login(user.email, 'clave-nueva-456');
    }
  });

  it('lets only one of two simultaneous changes by two sessions of a user win', async () => {
    const user = await t.userWithRole('collaborator');
    const second = await t.login(user.email, PASSWORD);
    const [first, other] = await Promise.all([
      changePassword(user.token, { currentPassword: PASSWORD, password: 'clave-primera-1' }),
      changePassword(second, { currentPassword: PASSWORD, password: 'clave-segunda-2' }),
    ]);
    const statuses = [first.statusCode, other.statusCode];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const [winnerToken, winnerPassword, loserPassword] =
      first.statusCode === 200
        ? [user.token, 'clave-primera-1', 'clave-segunda-2']
        : [second, 'clave-segunda-2', 'clave-primera-1'];
    // The winner's session and password hold; the loser's session is over and its password never took.
    expect((await me(winnerToken)).statusCode).toBe(200);
    expect((await me(winnerToken === second ? user.token : second)).statusCode).toBe(401);
    await t.login(user.email, winnerPassword);
    const lost = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: loserPassword },
    });
    expect(lost.statusCode).toBe(401);
  });
});

describe('/api/user/me/morning-digest', () => {
  const getDigest = (token: string | undefined) =>
    t.request({ method: 'GET', url: '/api/user/me/morning-digest', token });
  const setDigest = (token: string | undefined, payload: unknown) =>
    t.request({
      method: 'PUT',
      url: '/api/user/me/morning-digest',
      token,
      payload: payload as Record<string, unknown>,
    });

  it('is on by default for staff, and an owner and a collaborator each turn only their own off and on again', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const otherOwner = await t.userWithRole('owner');
    for (const user of [collaborator, otherOwner]) {
      expect((await getDigest(user.token)).json()).toEqual({ morningDigest: true });
      const off = await setDigest(user.token, { morningDigest: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toEqual({ morningDigest: false, message: profileMsg.morningDigestOff });
      expect((await getDigest(user.token)).json()).toEqual({ morningDigest: false });
      expect((await usersRepository.findById(t.database.db, user.id))?.morningDigest).toBe(false);
    }
    // The first owner's own setting did not move.
    expect((await getDigest(await t.ownerToken())).json()).toEqual({ morningDigest: true });
    const on = await setDigest(collaborator.token, { morningDigest: true });
    expect(on.json()).toEqual({ morningDigest: true, message: profileMsg.morningDigestOn });
    expect((await usersRepository.findById(t.database.db, collaborator.id))?.morningDigest).toBe(true);
  });

  it('answers 401 to anonymous callers and 403 to a client, who neither sees nor sets it', async () => {
    expect((await getDigest(undefined)).statusCode).toBe(401);
    expect((await setDigest(undefined, { morningDigest: false })).statusCode).toBe(401);
    const user = await client();
    const read = await getDigest(user.token);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(msg.forbidden);
    expect((await setDigest(user.token, { morningDigest: true })).statusCode).toBe(403);
  });

  it('refuses anything but true or false with 400 and a Spanish message on the field (never a 500)', async () => {
    const user = await t.userWithRole('collaborator');
    for (const payload of [{}, { morningDigest: 'si' }, { morningDigest: 1 }, { morningDigest: null }]) {
      const response = await setDigest(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual({
        field: 'morningDigest',
        message: profileMsg.morningDigestInvalid,
      });
    }
    expect((await getDigest(user.token)).json()).toEqual({ morningDigest: true });
  });
});
