import { companiesMsg } from '@app/shared/messages-companies';
import { describe, expect, it } from 'vitest';
import { nextRut } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

// A company's 'Encargado' (responsibleUserId, a staff member) and electronicFiling.
const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();

function companyPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ferretería El Roble',
    razonSocial: 'Ferretería El Roble Ltda.',
    rut: nextRut().typed,
    startContract: '2023-01-01',
    endContract: '2030-12-31',
    legalRepresentative: 'Luis Soto',
    contact: 'luis@elroble.cl',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await api.owner.post('/api/business', companyPayload(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().business as { id: number; rut: string; electronicFiling: boolean; responsibleUserId: number };
}

const businessById = async (id: number) => (await api.owner.get(`/api/business/${id}`)).json().business;
const listed = async (id: number) =>
  ((await api.collaborator.get('/api/business')).json() as { id: number }[]).find((row) => row.id === id);

describe('electronicFiling and responsibleUserId on companies', () => {
  it('default to filing online and no owner', async () => {
    const company = await create();
    expect(company).toMatchObject({ electronicFiling: true, responsibleUserId: null });
    expect(await businessById(company.id)).toMatchObject({ electronicFiling: true, responsibleUserId: null });
  });

  it('are stored on create and update, read back in the detail and the list', async () => {
    const staff = await t.userWithRole('collaborator');
    const company = await create({ electronicFiling: false, responsibleUserId: staff.id });
    expect(company).toMatchObject({ electronicFiling: false, responsibleUserId: staff.id });
    expect(await listed(company.id)).toMatchObject({ electronicFiling: false, responsibleUserId: staff.id });

    const owner = await t.userWithRole('owner');
    const edited = await api.collaborator.put(
      `/api/business/${company.id}`,
      companyPayload({ rut: company.rut, electronicFiling: true, responsibleUserId: owner.id }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().business).toMatchObject({ electronicFiling: true, responsibleUserId: owner.id });
    expect(await businessById(company.id)).toMatchObject({ electronicFiling: true, responsibleUserId: owner.id });
    expect(await listed(company.id)).toMatchObject({ responsibleUserId: owner.id });
  });

  it('keep their value when an update leaves them out, and null empties the owner', async () => {
    const staff = await t.userWithRole('collaborator');
    const company = await create({ electronicFiling: false, responsibleUserId: staff.id });
    const kept = await api.owner.put(`/api/business/${company.id}`, companyPayload({ rut: company.rut, name: 'Otro' }));
    expect(kept.json().business).toMatchObject({ name: 'Otro', electronicFiling: false, responsibleUserId: staff.id });
    const emptied = await api.owner.put(
      `/api/business/${company.id}`,
      companyPayload({ rut: company.rut, responsibleUserId: null }),
    );
    expect(emptied.json().business).toMatchObject({ electronicFiling: false, responsibleUserId: null });
  });

  it('refuse a client user, a missing user or a bad id as owner with a Spanish message on the field', async () => {
    const client = await t.userWithRole('client', { businessId: roles.clientBusinessId });
    for (const responsibleUserId of [client.id, 987_654, 0, 'x', 1.5]) {
      const response = await api.owner.post('/api/business', companyPayload({ responsibleUserId }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'responsibleUserId', message: companiesMsg.responsibleNotStaff },
      ]);
    }
    const response = await api.owner.post('/api/business', companyPayload({ electronicFiling: 'sí' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'electronicFiling', message: companiesMsg.electronicFilingInvalid },
    ]);
  });

  it('lose the owner when that user is deleted', async () => {
    const staff = await t.userWithRole('collaborator');
    const company = await create({ responsibleUserId: staff.id });
    const deleted = await api.owner.delete(`/api/user/${staff.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await businessById(company.id)).toMatchObject({ responsibleUserId: null });
    expect(await listed(company.id)).toMatchObject({ responsibleUserId: null });
  });

  it('lose the owner when that user is made a client, and keep it when they change between staff roles', async () => {
    const staff = await t.userWithRole('collaborator');
    const company = await create({ responsibleUserId: staff.id });
    const base = { name: 'Usuario', lastName: 'collaborator', email: staff.email };
    const promoted = await api.owner.put(`/api/user/${staff.id}`, { ...base, role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await businessById(company.id)).toMatchObject({ responsibleUserId: staff.id });

    const demoted = await api.owner.put(`/api/user/${staff.id}`, {
      ...base,
      role: 'client',
      businessId: roles.clientBusinessId,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await businessById(company.id)).toMatchObject({ responsibleUserId: null });
    expect(await listed(company.id)).toMatchObject({ responsibleUserId: null });
  });
});

describe('GET /api/business/responsible-options', () => {
  it('lists the staff (owners and collaborators) by name for the owner and a collaborator, no client', async () => {
    const staff = await t.userWithRole('collaborator', { name: 'Zoila', lastName: 'Díaz' });
    const client = await t.userWithRole('client', { businessId: roles.clientBusinessId });
    for (const caller of [api.owner, api.collaborator]) {
      const response = await caller.get('/api/business/responsible-options');
      expect(response.statusCode).toBe(200);
      const options = response.json() as { id: number; name: string }[];
      expect(options).toContainEqual({ id: staff.id, name: 'Zoila Díaz' });
      expect(options.map((option) => option.id)).not.toContain(client.id);
      expect(Object.keys(options[0] ?? {}).sort()).toEqual(['id', 'name']);
    }
  });

  it('is refused to a client (403) and to an anonymous caller (401)', async () => {
    await expectClientAndAnonymousRefused({ method: 'GET', url: '/api/business/responsible-options' });
  });

  it('a client cannot set an owner (403), an anonymous caller neither (401)', async () => {
    await expectClientAndAnonymousRefused({
      method: 'POST',
      url: '/api/business',
      payload: companyPayload({ responsibleUserId: 1 }),
    });
  });
});
