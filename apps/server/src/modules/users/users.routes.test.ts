import { msg } from '@app/shared/messages';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { OWNER } from '../../test/test-app.ts';

const { t, api } = appWithEveryRole();

const validUser = (email: string) => ({
  name: 'Camila',
  lastName: 'Araya',
  email,
  role: 'collaborator',
  password: 'clave-segura',
  allowCalendarView: true,
});

describe('permissions on /api/user', () => {
  it('lets only an owner list, create, edit and delete staff users', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const business = await insertBusiness(t);
    const client = await t.userWithRole('client', { businessId: business.id });
    const target = await t.userWithRole('collaborator');

    const calls = [
      { method: 'GET', url: '/api/user' },
      { method: 'POST', url: '/api/user', payload: validUser('nueva@estudio.cl') },
      { method: 'PUT', url: `/api/user/${target.id}`, payload: validUser('editada@estudio.cl') },
      { method: 'DELETE', url: `/api/user/${target.id}` },
    ] as const;
    for (const call of calls) {
      expect((await t.request({ ...call })).statusCode, `${call.method} anonymous`).toBe(401);
      for (const token of [collaborator.token, client.token]) {
        const response = await t.request({ ...call, token });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json().message).toBe(msg.forbidden);
      }
    }
  });

  it('checks who is calling before reading the body: anonymous bad input is 401, not 400', async () => {
    const response = await api.anonymous.post('/api/user', { name: '' });
    expect(response.statusCode).toBe(401);
  });

  it('lets a collaborator manage the client users of a company, but not make them staff', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const business = await insertBusiness(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/user',
      token: collaborator.token,
      payload: { ...validUser('cliente.colab@empresa.cl'), role: 'client', businessId: business.id },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().user.id;
    const promote = await t.request({
      method: 'PUT',
      url: `/api/user/${id}`,
      token: collaborator.token,
      payload: { ...validUser('cliente.colab@empresa.cl'), role: 'owner' },
    });
    expect(promote.statusCode).toBe(403);
  });
});

describe('GET /api/user', () => {
  it('lists staff only, without password hashes', async () => {
    const business = await insertBusiness(t);
    const client = await t.userWithRole('client', { businessId: business.id });
    const response = await api.owner.get('/api/user');
    expect(response.statusCode).toBe(200);
    const users = response.json() as { id: number; role: string }[];
    expect(users.some((user) => user.id === client.id)).toBe(false);
    expect(users.every((user) => user.role !== 'client')).toBe(true);
    expect(response.body).not.toMatch(/scrypt|passwordHash|password/);
  });
});

describe('POST /api/user', () => {
  it('creates a user that can sign in, and answers the Spanish success message', async () => {
    const response = await api.owner.post('/api/user', validUser('camila@estudio.cl'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: msg.userCreated,
      user: {
        name: 'Camila',
        lastName: 'Araya',
        email: 'camila@estudio.cl',
        role: 'collaborator',
        allowCalendarView: true,
      },
    });
    await expect(t.login('camila@estudio.cl', 'clave-segura')).resolves.toEqual(expect.any(String));
  });

  it.each([
    [{ name: '' }, 'name', msg.requiredField],
    [{ email: 'no-es-email' }, 'email', msg.invalidEmail],
    [{ email: '' }, 'email', msg.invalidEmail],
    [{ password: '12345' }, 'password', msg.passwordMinUser],
    [{ role: 'jefe' }, 'role', msg.requiredField],
    [{ name: 42 }, 'name', msg.requiredField],
  ])('refuses %j with the message on %s', async (change, field, message) => {
    const response = await api.owner.post('/api/user', { ...validUser('valida@estudio.cl'), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
  });

  it('refuses an e-mail that exists in any letter case with 409', async () => {
    const response = await api.owner.post('/api/user', validUser(OWNER.email.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: msg.emailExists,
      errors: [{ field: 'email', message: msg.emailExists }],
    });
  });

  it('requires an existing company for a client user', async () => {
    const withoutCompany = await api.owner.post('/api/user', {
      ...validUser('sin.empresa@empresa.cl'),
      role: 'client',
    });
    expect(withoutCompany.statusCode).toBe(400);
    const unknownCompany = await api.owner.post('/api/user', {
      ...validUser('sin.empresa@empresa.cl'),
      role: 'client',
      businessId: 999_999,
    });
    expect(unknownCompany.statusCode).toBe(400);
    expect(unknownCompany.json().message).toBe(msg.businessNotFound);
  });

  it('keeps allowCalendarView only for collaborators', async () => {
    const response = await api.owner.post('/api/user', {
      ...validUser('duenio2@estudio.cl'),
      role: 'owner',
      allowCalendarView: true,
    });
    expect(response.json().user.allowCalendarView).toBe(false);
  });
});

describe('PUT /api/user/:id', () => {
  it('edits without changing the password when it is empty, and ends sessions when it changes', async () => {
    const user = await t.userWithRole('collaborator');
    const keep = await api.owner.put(`/api/user/${user.id}`, {
      ...validUser(user.email),
      name: 'Renombrada',
      password: '',
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ message: msg.userEdited, user: { name: 'Renombrada' } });
    await expect(t.login(user.email, 'clave-segura')).resolves.toEqual(expect.any(String));
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: user.token })).statusCode).toBe(200);

    await api.owner.put(`/api/user/${user.id}`, { ...validUser(user.email), password: 'otra-clave' });
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: user.token })).statusCode).toBe(401);
    await expect(t.login(user.email, 'otra-clave')).resolves.toEqual(expect.any(String));
  });

  it('refuses another user e-mail (409), an unknown id (404) and a bad id (400)', async () => {
    const user = await t.userWithRole('collaborator');
    const taken = await api.owner.put(`/api/user/${user.id}`, validUser(OWNER.email));
    expect(taken.statusCode).toBe(409);
    const missing = await api.owner.put('/api/user/999999', validUser('x@estudio.cl'));
    expect(missing.statusCode).toBe(404);
    const bad = await api.owner.put('/api/user/abc', validUser('x@estudio.cl'));
    expect(bad.statusCode).toBe(400);
  });

  it('never demotes the last owner', async () => {
    const me = (await api.owner.get('/api/user/me')).json();
    const owners = (await api.owner.get('/api/user')).json().filter((user: { role: string }) => user.role === 'owner');
    // Make sure this owner is the only one before trying.
    for (const other of owners.filter((user: { id: number }) => user.id !== me.id)) {
      await api.owner.delete(`/api/user/${other.id}`);
    }
    const response = await api.owner.put(`/api/user/${me.id}`, { ...validUser(OWNER.email), role: 'collaborator' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(msg.cannotRemoveLastOwner);
  });
});

describe('DELETE /api/user/:id', () => {
  it('deletes a user, who can no longer sign in', async () => {
    const user = await t.userWithRole('collaborator');
    const response = await api.owner.delete(`/api/user/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: msg.userDeleted });
    await expect(t.login(user.email, 'clave-segura')).rejects.toThrow();
    expect((await api.owner.delete(`/api/user/${user.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete oneself', async () => {
    const me = (await api.owner.get('/api/user/me')).json();
    const response = await api.owner.delete(`/api/user/${me.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(msg.cannotDeleteSelf);
  });
});
