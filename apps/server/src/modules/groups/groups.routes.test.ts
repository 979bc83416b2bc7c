import { msg } from '@app/shared/messages';
import { companiesMsg } from '@app/shared/messages-companies';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();
let companies: number[];

beforeAll(async () => {
  companies = [roles.clientBusinessId, (await insertBusiness(t)).id, (await insertBusiness(t)).id];
});

async function createGroup(payload: Record<string, unknown> = {}) {
  const response = await api.owner.post('/api/business-group', {
    name: 'Retail',
    description: 'Tiendas',
    businessesIds: [],
    ...payload,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().group as { id: number };
}

describe('POST /api/business-group', () => {
  it('creates a group with its companies (repeated ids once)', async () => {
    const [a, b] = companies as [number, number];
    const response = await api.owner.post('/api/business-group', {
      name: '  Panaderías ',
      description: 'Rubro alimentos',
      businessesIds: [b, a, b],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: companiesMsg.groupSaved,
      group: { id: expect.any(Number), name: 'Panaderías', description: 'Rubro alimentos', businessesIds: [a, b] },
    });
  });

  it('needs only the name; the description is optional', async () => {
    const response = await api.owner.post('/api/business-group', { name: 'Solo nombre' });
    expect(response.statusCode).toBe(201);
    expect(response.json().group).toMatchObject({ description: '', businessesIds: [] });
  });

  it('requires the name ("Campo requerido")', async () => {
    for (const name of ['', '   ', undefined]) {
      const response = await api.owner.post('/api/business-group', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: companiesMsg.required,
        errors: [{ field: 'name', message: companiesMsg.required }],
      });
    }
  });

  it('refuses unknown company ids with 400 on businessesIds, creating nothing', async () => {
    const before = (await api.owner.get('/api/business-group')).json().length;
    const response = await api.owner.post('/api/business-group', {
      name: 'Fantasma',
      businessesIds: [companies[0], 999999],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: companiesMsg.businessNotFound,
      errors: [{ field: 'businessesIds', message: companiesMsg.businessNotFound }],
    });
    expect((await api.owner.get('/api/business-group')).json()).toHaveLength(before);
  });
});

describe('GET /api/business-group and /api/business-group/:groupId', () => {
  it('lists and reads groups for owners and collaborators', async () => {
    const group = await createGroup({ name: 'Constructoras', businessesIds: [companies[2]] });
    for (const token of [roles.owner, roles.collaborator]) {
      const list = await t.request({ method: 'GET', url: '/api/business-group', token });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual({
        id: group.id,
        name: 'Constructoras',
        description: 'Tiendas',
        businessesIds: [companies[2]],
      });
      const read = await t.request({ method: 'GET', url: `/api/business-group/${group.id}`, token });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        group: { id: group.id, name: 'Constructoras', description: 'Tiendas', businessesIds: [companies[2]] },
      });
    }
  });

  it('answers 404 for an unknown group', async () => {
    const response = await api.owner.get('/api/business-group/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: companiesMsg.groupNotFound });
  });
});

describe('PUT /api/business-group/:groupId', () => {
  it('replaces name, description and companies (the detail switches send the whole list)', async () => {
    const [a, b, c] = companies as [number, number, number];
    const group = await createGroup({ businessesIds: [a, b] });
    const response = await api.owner.put(`/api/business-group/${group.id}`, {
      name: 'Retail norte',
      description: '',
      businessesIds: [c, b],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: companiesMsg.groupSaved,
      group: { id: group.id, name: 'Retail norte', description: '', businessesIds: [b, c] },
    });

    const keep = await api.owner.put(`/api/business-group/${group.id}`, { name: 'Retail sur', description: 'x' });
    expect(keep.json().group).toMatchObject({ name: 'Retail sur', businessesIds: [b, c] });

    const empty = await api.owner.put(`/api/business-group/${group.id}`, { name: 'Retail sur', businessesIds: [] });
    expect(empty.json().group.businessesIds).toEqual([]);
  });

  it('validates like create and keeps the group unchanged on unknown companies', async () => {
    const group = await createGroup({ businessesIds: [companies[0]] });
    const noName = await api.owner.put(`/api/business-group/${group.id}`, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(companiesMsg.required);
    const unknown = await api.owner.put(`/api/business-group/${group.id}`, { name: 'Otro', businessesIds: [999999] });
    expect(unknown.statusCode).toBe(400);
    const read = await api.owner.get(`/api/business-group/${group.id}`);
    expect(read.json().group).toMatchObject({ name: 'Retail', businessesIds: [companies[0]] });
  });

  it('answers 404 for an unknown group', async () => {
    const response = await api.owner.put('/api/business-group/999999', { name: 'X' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/business-group/:groupId', () => {
  it('deletes the group but not its companies', async () => {
    const group = await createGroup({ businessesIds: [companies[0]] });
    const response = await api.owner.delete(`/api/business-group/${group.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: companiesMsg.groupDeleted });
    expect((await api.owner.get(`/api/business-group/${group.id}`)).statusCode).toBe(404);
    expect((await api.owner.get(`/api/business/${companies[0]}`)).statusCode).toBe(200);
    expect((await api.owner.delete(`/api/business-group/${group.id}`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses collaborators every write', async () => {
    const group = await createGroup();
    const attempts = [
      { method: 'POST', url: '/api/business-group', payload: { name: 'X' } },
      { method: 'PUT', url: `/api/business-group/${group.id}`, payload: { name: 'X' } },
      { method: 'DELETE', url: `/api/business-group/${group.id}` },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.request({ ...attempt, token: roles.collaborator });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: msg.forbidden });
    }
  });

  it.each([
    { method: 'GET', url: '/api/business-group' },
    { method: 'POST', url: '/api/business-group' },
    { method: 'GET', url: '/api/business-group/1' },
    { method: 'PUT', url: '/api/business-group/1' },
    { method: 'DELETE', url: '/api/business-group/1' },
  ] as const)('$method $url answers a client 403 and an anonymous caller 401', async ({ method, url }) => {
    const payload = method === 'POST' || method === 'PUT' ? { name: 'X' } : undefined;
    await expectClientAndAnonymousRefused({ method, url, payload });
  });
});
