import { gunzipSync } from 'node:zlib';
import { msg } from '@app/shared/messages';
import { companiesMsg } from '@app/shared/messages-companies';
import { santiagoDate } from '@app/shared/period';
import { trackingSinceMax } from '@app/shared/schemas/businesses';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { insertBusiness, nextRut } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businessServices } from '../business-services/business-services.tables.ts';
import { businessPasswords } from '../credentials/credentials.tables.ts';
import { businessGroupMembers } from '../groups/groups.tables.ts';
import { users } from '../users/users.tables.ts';

const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();

function companyPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Panadería Los Aromos',
    razonSocial: 'Panadería Los Aromos SpA',
    rut: nextRut().typed,
    startContract: '2023-01-01',
    endContract: '2030-12-31',
    legalRepresentative: 'Ana Pérez',
    contact: 'ana@aromos.cl, Pagos@Aromos.cl',
    ...overrides,
  };
}

/** A client user for /api/user; without businessId unless given. */
function clientUserPayload(values: Record<string, unknown> = {}) {
  return { name: 'X', lastName: 'Y', email: 'x-sin-empresa@x.cl', password: 'secreto1', role: 'client', ...values };
}

async function createCompany(overrides: Record<string, unknown> = {}) {
  const response = await api.owner.post('/api/business', companyPayload(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().business as { id: number; rut: string };
}

describe('POST /api/business', () => {
  it('creates a company, normalising the RUT and the contact list', async () => {
    const rut = nextRut();
    const response = await api.owner.post('/api/business', companyPayload({ rut: rut.typed }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: companiesMsg.businessCreated,
      business: {
        id: expect.any(Number),
        name: 'Panadería Los Aromos',
        razonSocial: 'Panadería Los Aromos SpA',
        rut: rut.formatted,
        startContract: '2023-01-01',
        endContract: '2030-12-31',
        legalRepresentative: 'Ana Pérez',
        contact: 'ana@aromos.cl,pagos@aromos.cl',
        electronicFiling: true,
        responsibleUserId: null,
        taxRegime: null,
        hasEmployees: false,
        vatDeferred: false,
        trackingSince: null,
      },
    });
  });

  it('lets a collaborator create one too', async () => {
    const response = await api.collaborator.post('/api/business', companyPayload());
    expect(response.statusCode).toBe(201);
  });

  it.each(['name', 'razonSocial', 'rut', 'startContract', 'endContract', 'legalRepresentative', 'contact'])(
    'requires %s ("Campo requerido")',
    async (field) => {
      const response = await api.owner.post('/api/business', companyPayload({ [field]: '' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(companiesMsg.required);
      expect(response.json().errors).toContainEqual({ field, message: companiesMsg.required });
    },
  );

  it.each(['76.086.428-4', '12.345-6', '12a45678-5', '760864285K', '12.345.674-'])(
    'refuses the RUT %s',
    async (rut) => {
      const response = await api.owner.post('/api/business', companyPayload({ rut }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: companiesMsg.invalidRut,
        errors: [{ field: 'rut', message: companiesMsg.invalidRut }],
      });
    },
  );

  it('refuses a contact list where any address is not an e-mail', async () => {
    const response = await api.owner.post('/api/business', companyPayload({ contact: 'ana@aromos.cl,pagos-aromos' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'contact', message: companiesMsg.invalidEmail }]);
  });

  it('refuses malformed dates and an end before the start', async () => {
    const malformed = await api.owner.post('/api/business', companyPayload({ startContract: '31-01-2023' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ field: 'startContract', message: companiesMsg.invalidDate }]);

    const reversed = await api.owner.post(
      '/api/business',
      companyPayload({ startContract: '2024-02-01', endContract: '2024-01-31' }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([{ field: 'endContract', message: companiesMsg.endBeforeStart }]);
  });

  it('refuses a second company with the same RUT, however it is written (409 on rut)', async () => {
    const rut = nextRut();
    await createCompany({ rut: rut.formatted });
    for (const spelling of [rut.formatted, rut.typed, rut.formatted.replaceAll('.', '')]) {
      const response = await api.owner.post('/api/business', companyPayload({ rut: spelling }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: companiesMsg.rutExists,
        errors: [{ field: 'rut', message: companiesMsg.rutExists }],
      });
    }
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const response = await api.owner.post('/api/business', [1, 2]);
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/business and /api/business/active', () => {
  it('lists every company for owners and collaborators', async () => {
    const company = await createCompany();
    for (const token of [roles.owner, roles.collaborator]) {
      const response = await t.request({ method: 'GET', url: '/api/business', token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual(expect.objectContaining({ id: company.id, rut: company.rut }));
      expect(response.json()[0]).not.toHaveProperty('createdAt');
    }
  });

  it('lists only companies whose contract covers the current period', async () => {
    const open = await insertBusiness(t, { startContract: '2000-01-01', endContract: null });
    const running = await createCompany({ startContract: '2000-01-01', endContract: '2099-12-31' });
    const future = await createCompany({ startContract: '2099-01-01', endContract: '2099-12-31' });
    const ended = await createCompany({ startContract: '2000-01-01', endContract: '2001-12-31' });
    const response = await api.collaborator.get('/api/business/active');
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((business: { id: number }) => business.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, running.id]));
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(ended.id);
  });

  it('answers from its stored copy until the companies change, in this instance or another', async () => {
    const list = async (app: TestApp = t) =>
      (await app.request({ method: 'GET', url: '/api/business', token: roles.owner })).json() as {
        id: number;
        name: string;
      }[];
    await list(); // built and kept
    const other = await createTestApp({}, { database: t.database });
    try {
      // A row written straight into the database, as another instance would: the trigger moves the version.
      const added = await insertBusiness(other, { name: 'Zorzal Ltda.' });
      expect((await list()).find((row) => row.id === added.id)?.name).toBe('Zorzal Ltda.');
      const gzip = await t.request({
        method: 'GET',
        url: '/api/business',
        token: roles.owner,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(await list());
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/business/:id', () => {
  it('answers { business } with service links, client users and credentials without passwords', async () => {
    const company = await createCompany();
    const service = await api.owner.post('/api/service', {
      name: 'IVA mensual (F29)',
      startMonthDay: 1,
      lastMonthDay: 20,
      order: 1,
    });
    expect(service.statusCode).toBe(201);
    const serviceId = service.json().service.id;
    const link = await api.owner.post(`/api/business/${company.id}/service`, { serviceId, startDate: '2023-02-01' });
    expect(link.statusCode).toBeLessThan(300);
    const clientUser = await api.collaborator.post(
      '/api/user',
      clientUserPayload({
        name: 'Pedro',
        lastName: 'Soto',
        email: `pedro${company.id}@aromos.cl`,
        businessId: company.id,
      }),
    );
    expect(clientUser.statusCode).toBe(201);
    const credential = await api.owner.post('/api/password', {
      user: company.rut,
      portal: 'sii',
      password: 'Detalle-Secreto-77',
      businessId: company.id,
    });
    expect(credential.statusCode).toBe(201);

    const response = await api.collaborator.get(`/api/business/${company.id}`);
    expect(response.statusCode).toBe(200);
    const { business } = response.json();
    expect(business).toMatchObject({ id: company.id, rut: company.rut, contact: 'ana@aromos.cl,pagos@aromos.cl' });
    expect(business.services).toContainEqual({
      id: expect.any(Number),
      businessId: company.id,
      serviceId,
      active: true,
      startDate: '2023-02-01',
      service: { id: serviceId, name: 'IVA mensual (F29)', catalogueKey: null },
    });
    expect(business.users).toEqual([
      {
        id: clientUser.json().user.id,
        name: 'Pedro',
        lastName: 'Soto',
        email: `pedro${company.id}@aromos.cl`,
        role: 'client',
        businessId: company.id,
        allowCalendarView: false,
      },
    ]);
    expect(business.passwords).toEqual([
      {
        id: credential.json().credential.id,
        businessId: company.id,
        user: company.rut,
        portal: 'sii',
        description: '',
      },
    ]);
    expect(response.body).not.toContain('Detalle-Secreto-77');
    expect(response.body).not.toMatch(/passwordHash|passwordEncrypted|v1:/);
  });

  it('answers 404 for an unknown company and 400 for an id that is not a number', async () => {
    const missing = await api.owner.get('/api/business/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: companiesMsg.businessNotFound });
    const malformed = await api.owner.get('/api/business/abc');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('PUT /api/business/:id', () => {
  it('edits every field (owner and collaborator)', async () => {
    const company = await createCompany();
    const rut = nextRut();
    for (const token of [roles.owner, roles.collaborator]) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/business/${company.id}`,
        token,
        payload: companyPayload({ id: company.id, name: 'Aromos Ltda.', rut: rut.typed, contact: ['x@y.cl'] }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: companiesMsg.businessEdited,
        business: expect.objectContaining({
          id: company.id,
          name: 'Aromos Ltda.',
          rut: rut.formatted,
          contact: 'x@y.cl',
        }),
      });
    }
  });

  it("refuses another company's RUT and validates like create", async () => {
    const first = await createCompany();
    const second = await createCompany();
    const taken = await api.owner.put(`/api/business/${second.id}`, companyPayload({ rut: first.rut }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'rut', message: companiesMsg.rutExists }]);

    const invalid = await api.owner.put(`/api/business/${second.id}`, companyPayload({ rut: '11.111.111-2' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(companiesMsg.invalidRut);
  });

  it('answers 404 for an unknown company', async () => {
    const response = await api.owner.put('/api/business/999999', companyPayload());
    expect(response.statusCode).toBe(404);
  });

  it("keeps 'Seguimiento desde' as a month, logs its change, and keeps it when a write leaves it out", async () => {
    const company = await createCompany({ trackingSince: '2024-03' });
    expect((await api.owner.get(`/api/business/${company.id}`)).json().business.trackingSince).toBe('2024-03');

    // The month picker's first day counts as its month.
    const changed = await api.owner.put(
      `/api/business/${company.id}`,
      companyPayload({ rut: company.rut, trackingSince: '2025-07-01' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().business.trackingSince).toBe('2025-07');
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.recordId, String(company.id)))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(entry?.details).toEqual({ before: { trackingSince: '2024-03' }, after: { trackingSince: '2025-07' } });

    const untouched = await api.owner.put(`/api/business/${company.id}`, companyPayload({ name: 'Aromos 2' }));
    expect(untouched.json().business.trackingSince).toBe('2025-07');
    const cleared = await api.owner.put(`/api/business/${company.id}`, companyPayload({ trackingSince: '' }));
    expect(cleared.json().business.trackingSince).toBeNull();
  });

  it("refuses a 'Seguimiento desde' before 2000, after next month, or not a month, in Spanish", async () => {
    const company = await createCompany();
    const nextYear = Number(santiagoDate().slice(0, 4)) + 1;
    for (const [value, message] of [
      ['1999-12', companiesMsg.trackingSinceTooEarly],
      [`${nextYear}-06`, companiesMsg.trackingSinceTooLate],
      ['2024-13', companiesMsg.trackingSinceInvalid],
      ['marzo', companiesMsg.trackingSinceInvalid],
    ] as const) {
      const response = await api.owner.put(`/api/business/${company.id}`, companyPayload({ trackingSince: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'trackingSince', message }]);
    }
    const nextMonth = await api.owner.put(
      `/api/business/${company.id}`,
      companyPayload({ trackingSince: trackingSinceMax() }),
    );
    expect(nextMonth.statusCode).toBe(200);
  });
});

describe('DELETE /api/business/:id', () => {
  it('is refused to collaborators', async () => {
    const company = await createCompany();
    const response = await api.collaborator.delete(`/api/business/${company.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: msg.forbidden });
  });

  it('removes the company with its client users (and their sessions), credentials, links and group memberships', async () => {
    const company = await createCompany();
    const clientUser = await t.userWithRole('client', { businessId: company.id });
    const other = await createCompany();
    const credential = await api.owner.post('/api/password', {
      user: 'usuario',
      portal: 'previred',
      password: 'x1',
      businessId: company.id,
    });
    const service = await api.owner.post('/api/service', {
      name: 'Contabilidad',
      startMonthDay: 1,
      lastMonthDay: 28,
      order: 2,
    });
    await api.owner.post(`/api/business/${company.id}/service`, {
      serviceId: service.json().service.id,
      startDate: '2023-01-01',
    });
    const group = await api.owner.post('/api/business-group', {
      name: 'Panaderías',
      businessesIds: [company.id, other.id],
    });
    expect(group.statusCode).toBe(201);

    const response = await api.owner.delete(`/api/business/${company.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: companiesMsg.businessDeleted });

    const { db } = t.database;
    expect(await db.select().from(users).where(eq(users.id, clientUser.id))).toEqual([]);
    expect(await db.select().from(businessPasswords).where(eq(businessPasswords.businessId, company.id))).toEqual([]);
    expect(await db.select().from(businessServices).where(eq(businessServices.businessId, company.id))).toEqual([]);
    expect(await db.select().from(businessGroupMembers).where(eq(businessGroupMembers.businessId, company.id))).toEqual(
      [],
    );
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: clientUser.token })).statusCode).toBe(401);
    const credentialAfter = await api.owner.get(`/api/password/${credential.json().credential.id}`);
    expect(credentialAfter.statusCode).toBe(404);
    const groupAfter = await api.owner.get(`/api/business-group/${group.json().group.id}`);
    expect(groupAfter.json().group.businessesIds).toEqual([other.id]);
    expect((await api.owner.get(`/api/business/${company.id}`)).statusCode).toBe(404);
    expect((await api.owner.get(`/api/business/${other.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown company', async () => {
    const response = await api.owner.delete('/api/business/999999');
    expect(response.statusCode).toBe(404);
  });
});

describe('client users through /api/user', () => {
  it('lets a collaborator create, edit and delete a client user of a company', async () => {
    const company = await createCompany();
    const rosa = { name: 'Rosa', lastName: 'Díaz', email: `rosa${company.id}@aromos.cl`, businessId: company.id };
    const created = await api.collaborator.post('/api/user', clientUserPayload(rosa));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: msg.userCreated,
      user: expect.objectContaining({ role: 'client', businessId: company.id }),
    });
    const id = created.json().user.id;
    const edited = await api.collaborator.put(
      `/api/user/${id}`,
      clientUserPayload({ ...rosa, name: 'Rosa María', password: '' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(msg.userEdited);
    const deleted = await api.collaborator.delete(`/api/user/${id}`);
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses a collaborator creating a staff user', async () => {
    const response = await api.collaborator.post('/api/user', {
      name: 'Nuevo',
      lastName: 'Colega',
      email: 'colega-nuevo@estudio.cl',
      password: 'secreto1',
      role: 'collaborator',
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a client user for a company that does not exist, or without company', async () => {
    const unknown = await api.owner.post('/api/user', clientUserPayload({ businessId: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: msg.businessNotFound,
      errors: [{ field: 'businessId', message: msg.businessNotFound }],
    });
    const missing = await api.owner.post('/api/user', clientUserPayload());
    expect(missing.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  const endpoints = [
    { method: 'GET', url: '/api/business' },
    { method: 'GET', url: '/api/business/active' },
    { method: 'POST', url: '/api/business' },
    { method: 'GET', url: '/api/business/1' },
    { method: 'PUT', url: '/api/business/1' },
    { method: 'DELETE', url: '/api/business/1' },
  ] as const;

  it.each(endpoints)('$method $url answers a client 403 and an anonymous caller 401', async ({ method, url }) => {
    const payload = method === 'POST' || method === 'PUT' ? companyPayload() : undefined;
    await expectClientAndAnonymousRefused({ method, url, payload });
  });
});
