import { msg } from '@app/shared/messages';
import { servicesMsg } from '@app/shared/messages-services';
import { BULK_ACTIVATION_START_DATE } from '@app/shared/schemas/services';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

const { t, roles, api } = appWithEveryRole();

let serviceCounter = 0;
async function createService(name?: string) {
  serviceCounter += 1;
  const response = await api.owner.post('/api/service', {
    name: name ?? `Servicio ${serviceCounter}`,
    startMonthDay: 1,
    lastMonthDay: 20,
    order: serviceCounter,
  });
  expect(response.statusCode).toBe(201);
  return response.json().service as { id: number; name: string };
}

function activate(businessId: number, serviceId: number, startDate = '2024-03-01', token = roles.owner) {
  return t.request({
    method: 'POST',
    url: `/api/business/${businessId}/service`,
    token,
    payload: { serviceId, startDate },
  });
}

async function linksOf(serviceId: number) {
  const response = await api.owner.get(`/api/service/${serviceId}/business-service`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    id: number | null;
    businessId: number;
    active: boolean;
    startDate: string | null;
    business: { id: number; name: string; rut: string };
  }[];
}

describe('POST /api/business/{businessId}/service', () => {
  it('creates the link (201), then reactivates it with the new start date (200)', async () => {
    const business = await insertBusiness(t);
    const service = await createService();
    const created = await activate(business.id, service.id, '2024-03-01');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: servicesMsg.serviceActivated,
      businessService: {
        id: expect.any(Number),
        businessId: business.id,
        serviceId: service.id,
        active: true,
        startDate: '2024-03-01',
      },
    });
    const id = created.json().businessService.id;

    await api.owner.put(`/api/business/${business.id}/service/${service.id}`, { active: false });
    const again = await activate(business.id, service.id, '2024-06-01');
    expect(again.statusCode).toBe(200);
    expect(again.json().businessService).toEqual({
      id,
      businessId: business.id,
      serviceId: service.id,
      active: true,
      startDate: '2024-06-01',
    });
  });

  it('answers 201 to exactly one of ten simultaneous activations of one link, 200 to the others', async () => {
    const business = await insertBusiness(t);
    const service = await createService();
    const responses = await Promise.all(Array.from({ length: 10 }, () => activate(business.id, service.id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((response) => response.json().businessService.id));
    expect(ids.size).toBe(1);
    const stored = (await linksOf(service.id)).filter((link) => link.businessId === business.id);
    expect(stored).toEqual([expect.objectContaining({ id: [...ids][0], active: true, startDate: '2024-03-01' })]);
  });

  it('lets a collaborator link a service to a company (a company edit)', async () => {
    const business = await insertBusiness(t);
    const service = await createService();
    expect((await activate(business.id, service.id, '2024-01-01', roles.collaborator)).statusCode).toBe(201);
  });

  it.each([
    [{ startDate: '' }, servicesMsg.required],
    [{ startDate: undefined }, servicesMsg.required],
    [{ startDate: '2024-02-30' }, servicesMsg.invalidDate],
    [{ startDate: '01-02-2024' }, servicesMsg.invalidDate],
    [{ serviceId: undefined }, servicesMsg.required],
  ])('refuses %j with a Spanish message', async (values, text) => {
    const business = await insertBusiness(t);
    const service = await createService();
    const response = await api.owner.post(`/api/business/${business.id}/service`, {
      serviceId: service.id,
      startDate: '2024-01-01',
      ...values,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(text);
  });

  it('answers 404 for an unknown company and 400 for an unknown service', async () => {
    const service = await createService();
    const noBusiness = await activate(999999, service.id);
    expect(noBusiness.statusCode).toBe(404);
    expect(noBusiness.json().message).toBe(msg.businessNotFound);

    const business = await insertBusiness(t);
    const noService = await activate(business.id, 999999);
    expect(noService.statusCode).toBe(400);
    expect(noService.json()).toEqual({
      message: servicesMsg.serviceNotFound,
      errors: [{ field: 'serviceId', message: servicesMsg.serviceNotFound }],
    });
  });

  it('refuses a client (403) and an anonymous caller (401)', async () => {
    const business = await insertBusiness(t);
    const service = await createService();
    expect((await activate(business.id, service.id, '2024-01-01', roles.client)).statusCode).toBe(403);
    const anonymous = await api.anonymous.post(`/api/business/${business.id}/service`, {
      serviceId: service.id,
      startDate: '2024-01-01',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/business/{businessId}/service/{serviceId}', () => {
  it('deactivates, changes the start date and reactivates a link', async () => {
    const business = await insertBusiness(t);
    const service = await createService();
    await activate(business.id, service.id, '2024-01-01');
    const url = `/api/business/${business.id}/service/${service.id}`;

    const off = await api.collaborator.put(url, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: servicesMsg.serviceDeactivated,
      businessService: { active: false, startDate: '2024-01-01' },
    });

    const date = await api.owner.put(url, { startDate: '2023-05-01' });
    expect(date.json()).toMatchObject({
      message: servicesMsg.startDateEdited,
      businessService: { active: false, startDate: '2023-05-01' },
    });

    const on = await api.owner.put(url, { active: true, startDate: '2023-06-01' });
    expect(on.json()).toMatchObject({
      message: servicesMsg.serviceActivated,
      businessService: { active: true, startDate: '2023-06-01' },
    });
  });

  it('refuses an empty body or a bad date (400), a missing link (404), a client (403)', async () => {
    const business = await insertBusiness(t);
    const service = await createService();
    await activate(business.id, service.id);
    const url = `/api/business/${business.id}/service/${service.id}`;

    const empty = await api.owner.put(url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(servicesMsg.required);
    const badDate = await api.owner.put(url, { startDate: 'mañana' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(servicesMsg.invalidDate);

    const other = await createService();
    const missing = await api.owner.put(`/api/business/${business.id}/service/${other.id}`, { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(servicesMsg.businessServiceNotFound);

    expect((await api.client.put(url, { active: false })).statusCode).toBe(403);
  });
});

describe('GET /api/service/{serviceId}/business-service', () => {
  it('lists every company by name with its link, or none', async () => {
    const service = await createService();
    const linked = await insertBusiness(t, { name: 'AAA Linked Ltda' });
    const unlinked = await insertBusiness(t, { name: 'AAA Unlinked SpA' });
    await activate(linked.id, service.id, '2024-02-01');

    const response = await api.collaborator.get(`/api/service/${service.id}/business-service`);
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    const names = rows.map((row: { business: { name: string } }) => row.business.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en')));
    expect(rows.find((row: { businessId: number }) => row.businessId === linked.id)).toEqual({
      id: expect.any(Number),
      businessId: linked.id,
      serviceId: service.id,
      active: true,
      startDate: '2024-02-01',
      business: { id: linked.id, name: 'AAA Linked Ltda', rut: linked.rut },
    });
    expect(rows.find((row: { businessId: number }) => row.businessId === unlinked.id)).toEqual({
      id: null,
      businessId: unlinked.id,
      serviceId: service.id,
      active: false,
      startDate: null,
      business: { id: unlinked.id, name: 'AAA Unlinked SpA', rut: unlinked.rut },
    });
  });

  it('answers 404 for an unknown service, 403 for a client, 401 anonymous', async () => {
    expect((await api.owner.get('/api/service/999999/business-service')).statusCode).toBe(404);
    const service = await createService();
    const url = `/api/service/${service.id}/business-service`;
    expect((await api.client.get(url)).statusCode).toBe(403);
    expect((await api.anonymous.get(url)).statusCode).toBe(401);
  });
});

describe('PUT /api/service/{serviceId}/business-service-all-update', () => {
  it("'Activar todo' links every company from 2021-01-01; 'Desactivar todo' switches them all off", async () => {
    const service = await createService();
    const untouched = await createService();
    const existing = await insertBusiness(t);
    await insertBusiness(t);
    await activate(existing.id, service.id, '2024-05-01');
    await api.owner.put(`/api/business/${existing.id}/service/${service.id}`, { active: false });

    const url = `/api/service/${service.id}/business-service-all-update`;
    const on = await api.owner.put(url, { active: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe(servicesMsg.allActivated);
    const rows = on.json().businessServices;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row).toMatchObject({ active: true, startDate: BULK_ACTIVATION_START_DATE, id: expect.any(Number) });
    }
    expect(await linksOf(service.id)).toEqual(rows);
    expect((await linksOf(untouched.id)).every((row) => row.id === null)).toBe(true);

    const off = await api.owner.put(url, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(servicesMsg.allDeactivated);
    for (const row of await linksOf(service.id)) expect(row.active).toBe(false);

    const company = await api.owner.get(`/api/service/${service.id}/business`);
    expect(company.json().every((row: { active: boolean }) => row.active === false)).toBe(true);
  });

  it('uses the given start date when there is one', async () => {
    const service = await createService();
    await insertBusiness(t);
    const response = await api.owner.put(`/api/service/${service.id}/business-service-all-update`, {
      active: true,
      startDate: '2022-07-01',
    });
    expect(response.statusCode).toBe(200);
    for (const row of response.json().businessServices) expect(row.startDate).toBe('2022-07-01');
  });

  it('requires active (400), refuses a collaborator (403) and an unknown service (404)', async () => {
    const service = await createService();
    const url = `/api/service/${service.id}/business-service-all-update`;
    const missing = await api.owner.put(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(servicesMsg.required);
    const collab = await api.collaborator.put(url, { active: true });
    expect(collab.statusCode).toBe(403);
    expect((await linksOf(service.id)).every((row) => row.id === null)).toBe(true);
    const unknown = await api.owner.put('/api/service/999999/business-service-all-update', { active: true });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/service/{id}/business', () => {
  it('lists the companies that have the service, for the delete modal', async () => {
    const service = await createService();
    const a = await insertBusiness(t, { name: 'BBB Dos' });
    const b = await insertBusiness(t, { name: 'BBB Uno' });
    await insertBusiness(t, { name: 'BBB Sin servicio' });
    await activate(a.id, service.id, '2024-01-01');
    await activate(b.id, service.id, '2024-02-01');

    const response = await api.collaborator.get(`/api/service/${service.id}/business`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: a.id, name: 'BBB Dos', rut: a.rut, active: true, startDate: '2024-01-01' },
      { id: b.id, name: 'BBB Uno', rut: b.rut, active: true, startDate: '2024-02-01' },
    ]);
  });

  it('answers 404 for an unknown service and 403 for a client', async () => {
    expect((await api.owner.get('/api/service/999999/business')).statusCode).toBe(404);
    const service = await createService();
    expect((await api.client.get(`/api/service/${service.id}/business`)).statusCode).toBe(403);
  });
});

describe('listForBusiness (for the company detail)', () => {
  it('answers every service with the company link or none', async () => {
    const business = await insertBusiness(t);
    const linked = await createService('CCC Con link');
    const unlinked = await createService('CCC Sin link');
    await activate(business.id, linked.id, '2024-04-01');

    const rows = await t.modules.businessServices.listForBusiness(business.id);
    expect(rows.find((row) => row.serviceId === linked.id)).toEqual({
      id: expect.any(Number),
      businessId: business.id,
      serviceId: linked.id,
      active: true,
      startDate: '2024-04-01',
      service: { id: linked.id, name: 'CCC Con link', catalogueKey: null },
    });
    expect(rows.find((row) => row.serviceId === unlinked.id)).toEqual({
      id: null,
      businessId: business.id,
      serviceId: unlinked.id,
      active: false,
      startDate: null,
      service: { id: unlinked.id, name: 'CCC Sin link', catalogueKey: null },
    });
  });
});
