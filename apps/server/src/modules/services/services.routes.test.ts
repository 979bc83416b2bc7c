import { msg } from '@app/shared/messages';
import { servicesMsg } from '@app/shared/messages-services';
import { MONTH_KEYS } from '@app/shared/schemas/services';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { businessServices } from '../business-services/business-services.tables.ts';
import * as schema from './services.tables.ts';

const { t, roles, api } = appWithEveryRole();

const validService = { name: 'IVA mensual (F29)', startMonthDay: 1, lastMonthDay: 20, order: 1 };
const validState = {
  name: 'Pendiente',
  color: '#E74C3C',
  order: 0,
  pctProgress: 0,
  hasValue: false,
  showResume: false,
};

let created = 0;
/** Creates a service, named uniquely unless told (service names are unique). */
async function createService(values: Record<string, unknown> = {}) {
  created += 1;
  const response = await api.owner.post('/api/service', {
    ...validService,
    name: `${validService.name} ${created}`,
    ...values,
  });
  expect(response.statusCode).toBe(201);
  return response.json().service as { id: number; name: string };
}

async function detail(id: number) {
  const response = await api.owner.get(`/api/service/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().service;
}

/** Expects a 400 whose first error and message are the form's Spanish text. */
function expectBadRequest(
  response: { statusCode: number; json(): { message: string; errors?: unknown[] } },
  text: string,
) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.message).toBe(text);
  expect(body.errors?.[0]).toMatchObject({ message: text });
}

describe('services: create, list, detail, update', () => {
  it('creates a service with all twelve months active and answers { message, service }', async () => {
    const response = await api.owner.post('/api/service', validService);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: servicesMsg.serviceCreated,
      service: {
        id: expect.any(Number),
        ...validService,
        dueDay: null,
        dueDayElectronic: null,
        dueDayShift: true,
        dueDayElectronicShift: true,
        catalogueKey: null,
        states: [],
      },
    });
    const service = await detail(body.service.id);
    expect(service.monthsActive).toEqual(Object.fromEntries(MONTH_KEYS.map((key) => [key, true])));
    const [row] = await t.database.db
      .select()
      .from(schema.serviceMonthsActive)
      .where(eq(schema.serviceMonthsActive.serviceId, body.service.id));
    expect(row).toBeDefined();
  });

  it('defaults order to 0 and trims the name', async () => {
    const response = await api.owner.post('/api/service', {
      name: '  Contabilidad  ',
      startMonthDay: 1,
      lastMonthDay: 31,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().service).toMatchObject({ name: 'Contabilidad', order: 0 });
  });

  it.each([
    [{ name: '' }, servicesMsg.required],
    [{ name: '   ' }, servicesMsg.required],
    [{ name: undefined }, servicesMsg.required],
    [{ name: 'x'.repeat(256) }, servicesMsg.nameMax],
    [{ startMonthDay: undefined }, servicesMsg.required],
    [{ startMonthDay: 1.5 }, servicesMsg.integer],
    [{ startMonthDay: 'uno' }, servicesMsg.integer],
    [{ startMonthDay: 0 }, servicesMsg.monthDayRange],
    [{ startMonthDay: 32 }, servicesMsg.monthDayRange],
    [{ lastMonthDay: 2.5 }, servicesMsg.integer],
    [{ lastMonthDay: 0 }, servicesMsg.monthDayRange],
    [{ lastMonthDay: 40 }, servicesMsg.monthDayRange],
    [{ order: -1 }, servicesMsg.orderPositive],
    [{ order: 1.2 }, servicesMsg.integer],
  ])('refuses %j with the form message', async (values, text) => {
    const response = await api.owner.post('/api/service', { ...validService, ...values });
    expectBadRequest(response, text);
  });

  it('lists services by name, or by order with ?orderBy=order, each with its states by order', async () => {
    const b = await createService({ name: 'ZZ Lista B', order: 0 });
    const a = await createService({ name: 'ZZ Lista A', order: 5 });
    await api.owner.post(`/api/service/${b.id}/state`, { ...validState, name: 'Segundo', order: 2 });
    await api.owner.post(`/api/service/${b.id}/state`, { ...validState, name: 'Primero', order: 1 });

    const byName = (await api.collaborator.get('/api/service')).json();
    const names = byName.map((service: { name: string }) => service.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en')));
    expect(names.indexOf('ZZ Lista A')).toBeLessThan(names.indexOf('ZZ Lista B'));

    const byOrder = await api.owner.get('/api/service?orderBy=order');
    expect(byOrder.statusCode).toBe(200);
    const orders = byOrder.json().map((service: { order: number }) => service.order);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    const listed = byOrder.json().find((service: { id: number }) => service.id === b.id);
    expect(listed.states.map((state: { name: string }) => state.name)).toEqual(['Primero', 'Segundo']);
    expect(byOrder.json().find((service: { id: number }) => service.id === a.id).states).toEqual([]);
  });

  it('updates a service', async () => {
    const service = await createService();
    const response = await api.owner.put(`/api/service/${service.id}`, {
      name: 'Renta anual',
      startMonthDay: 5,
      lastMonthDay: 30,
      order: 9,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: servicesMsg.serviceEdited,
      service: { id: service.id, name: 'Renta anual', startMonthDay: 5, lastMonthDay: 30, order: 9 },
    });
    expect(await detail(service.id)).toMatchObject({ name: 'Renta anual', order: 9 });
  });

  it('refuses a second service with the same name (whatever the case and spaces), on create and on edit, with a 409 on the name', async () => {
    const first = await createService({ name: 'Previred' });
    for (const name of ['Previred', '  PREVIRED ', 'previred']) {
      const duplicate = await api.owner.post('/api/service', { ...validService, name });
      expect(duplicate.statusCode, name).toBe(409);
      expect(duplicate.json()).toEqual({
        message: servicesMsg.nameExists,
        errors: [{ field: 'name', message: servicesMsg.nameExists }],
      });
    }
    const other = await createService({ name: 'Honorarios' });
    const renamed = await api.owner.put(`/api/service/${other.id}`, { ...validService, name: 'previred' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual([{ field: 'name', message: servicesMsg.nameExists }]);
    expect(await detail(other.id)).toMatchObject({ name: 'Honorarios' });
    // A service keeps its own name when edited.
    const same = await api.owner.put(`/api/service/${first.id}`, { ...validService, name: 'Previred', order: 7 });
    expect(same.statusCode).toBe(200);
  });

  it('a service that already shared its name before names were unique can still be edited under that name', async () => {
    const older = await createService({ name: 'Duplicado antiguo' });
    const newer = await createService({ name: 'Duplicado nuevo' });
    await t.database.db
      .update(schema.services)
      .set({ name: 'Duplicado antiguo' })
      .where(eq(schema.services.id, newer.id));
    const edited = await api.owner.put(`/api/service/${newer.id}`, {
      ...validService,
      name: 'Duplicado antiguo',
      order: 4,
    });
    expect(edited.statusCode).toBe(200);
    expect(await detail(older.id)).toMatchObject({ name: 'Duplicado antiguo' });
  });

  it('two owners creating the same service name at once get one service and one refusal', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => api.owner.post('/api/service', { ...validService, name: 'Renta' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('validates the update like the create', async () => {
    const service = await createService();
    const response = await api.owner.put(`/api/service/${service.id}`, { ...validService, lastMonthDay: 32 });
    expectBadRequest(response, servicesMsg.monthDayRange);
  });

  it('answers 404 for unknown services and 400 for a malformed id', async () => {
    for (const [method, url] of [
      ['GET', '/api/service/999999'],
      ['PUT', '/api/service/999999'],
      ['DELETE', '/api/service/999999'],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: roles.owner,
        payload: method === 'PUT' ? validService : undefined,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: servicesMsg.serviceNotFound });
    }
    const malformed = await api.owner.get('/api/service/abc');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('services: permissions', () => {
  it('answers 401 without a token', async () => {
    const service = await createService();
    for (const [method, url] of [
      ['GET', '/api/service'],
      ['POST', '/api/service'],
      ['GET', `/api/service/${service.id}`],
      ['DELETE', `/api/service/${service.id}`],
      ['POST', `/api/service/${service.id}/state`],
      ['PUT', `/api/service/${service.id}/months-active`],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: msg.unauthorized });
    }
  });

  it('lets a collaborator read but not write', async () => {
    const service = await createService();
    expect((await api.collaborator.get('/api/service')).statusCode).toBe(200);
    expect((await api.collaborator.get(`/api/service/${service.id}`)).statusCode).toBe(200);
    const months = Object.fromEntries(MONTH_KEYS.map((key) => [key, true]));
    for (const [method, url, payload] of [
      ['POST', '/api/service', validService],
      ['PUT', `/api/service/${service.id}`, validService],
      ['DELETE', `/api/service/${service.id}`, undefined],
      ['POST', `/api/service/${service.id}/state`, validState],
      ['POST', `/api/service/${service.id}/folder`, { name: 'Carpeta' }],
      ['POST', `/api/service/${service.id}/notification`, { day: 1, subject: 'a', message: 'b' }],
      ['PUT', `/api/service/${service.id}/months-active`, months],
    ] as const) {
      const response = await t.request({ method, url, token: roles.collaborator, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: msg.forbidden });
    }
    expect((await detail(service.id)).name).toBe(service.name);
    const invalid = await api.collaborator.post('/api/service', {});
    expect(invalid.statusCode).toBe(403);
  });

  it('refuses a client even reading', async () => {
    const service = await createService();
    for (const url of ['/api/service', `/api/service/${service.id}`]) {
      const response = await api.client.get(url);
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('services: delete', () => {
  it('deletes the service with its states, folders, notifications, months and company links', async () => {
    const service = await createService({ name: 'Para borrar' });
    const business = await insertBusiness(t);
    await api.owner.post(`/api/service/${service.id}/state`, validState);
    const parent = (await api.owner.post(`/api/service/${service.id}/folder`, { name: 'A' })).json().folder;
    await api.owner.post(`/api/service/${service.id}/folder`, { name: 'A.1', parentFolderId: parent.id });
    await api.owner.post(`/api/service/${service.id}/notification`, {
      day: 10,
      subject: 'Recordatorio',
      message: 'Envíe sus facturas',
    });
    const link = await api.owner.post(`/api/business/${business.id}/service`, {
      serviceId: service.id,
      startDate: '2024-01-01',
    });
    expect(link.statusCode).toBe(201);

    const response = await api.owner.delete(`/api/service/${service.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: servicesMsg.serviceDeleted });

    const { db } = t.database;
    expect(await db.select().from(schema.serviceStates).where(eq(schema.serviceStates.serviceId, service.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(schema.serviceFolders).where(eq(schema.serviceFolders.serviceId, service.id)),
    ).toEqual([]);
    expect(
      await db.select().from(schema.serviceNotifications).where(eq(schema.serviceNotifications.serviceId, service.id)),
    ).toEqual([]);
    expect(
      await db.select().from(schema.serviceMonthsActive).where(eq(schema.serviceMonthsActive.serviceId, service.id)),
    ).toEqual([]);
    expect(await db.select().from(businessServices).where(eq(businessServices.serviceId, service.id))).toEqual([]);
    expect((await api.owner.get(`/api/service/${service.id}`)).statusCode).toBe(404);
  });
});

describe('service states', () => {
  it('creates, updates and deletes a state; the detail lists states by order', async () => {
    const service = await createService();
    const created = await api.owner.post(`/api/service/${service.id}/state`, {
      ...validState,
      name: 'Declarado',
      order: 2,
      color: '#2ECC71',
      pctProgress: 100,
      hasValue: true,
    });
    expect(created.statusCode).toBe(201);
    const state = created.json().state;
    expect(created.json()).toEqual({
      message: servicesMsg.stateCreated,
      state: {
        id: expect.any(Number),
        serviceId: service.id,
        name: 'Declarado',
        color: '#2ECC71',
        order: 2,
        pctProgress: 100,
        hasValue: true,
        showResume: false,
      },
    });
    await api.owner.post(`/api/service/${service.id}/state`, validState);

    const updated = await api.owner.put(`/api/service/${service.id}/state/${state.id}`, {
      ...validState,
      name: 'Pagado',
      order: 3,
      color: '#9B59B6',
      pctProgress: 50,
      showResume: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: servicesMsg.stateEdited,
      state: { id: state.id, name: 'Pagado', color: '#9B59B6', pctProgress: 50, showResume: true },
    });
    expect((await detail(service.id)).states.map((s: { name: string }) => s.name)).toEqual(['Pendiente', 'Pagado']);

    const deleted = await api.owner.delete(`/api/service/${service.id}/state/${state.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: servicesMsg.stateDeleted });
    expect((await detail(service.id)).states.map((s: { name: string }) => s.name)).toEqual(['Pendiente']);
  });

  it.each([
    [{ name: '' }, servicesMsg.required],
    [{ name: 'x'.repeat(256) }, servicesMsg.nameMax],
    [{ color: undefined }, servicesMsg.required],
    [{ color: '#000000' }, servicesMsg.invalidColor],
    [{ order: undefined }, servicesMsg.required],
    [{ order: -1 }, servicesMsg.stateOrderMin],
    [{ order: 0.5 }, servicesMsg.integer],
    [{ pctProgress: undefined }, servicesMsg.required],
    [{ pctProgress: -1 }, servicesMsg.pctMin],
    [{ pctProgress: 101 }, servicesMsg.pctMax],
    [{ hasValue: undefined }, servicesMsg.required],
    [{ showResume: undefined }, servicesMsg.required],
  ])('refuses the state %j with the form message', async (values, text) => {
    const service = await createService();
    const response = await api.owner.post(`/api/service/${service.id}/state`, { ...validState, ...values });
    expectBadRequest(response, text);
  });

  it('answers 404 for an unknown service, an unknown state or a state of another service', async () => {
    const service = await createService();
    const other = await createService();
    const foreign = (await api.owner.post(`/api/service/${other.id}/state`, validState)).json().state;

    const missingService = await api.owner.post('/api/service/999999/state', validState);
    expect(missingService.statusCode).toBe(404);
    expect(missingService.json().message).toBe(servicesMsg.serviceNotFound);

    for (const id of [999999, foreign.id]) {
      const put = await api.owner.put(`/api/service/${service.id}/state/${id}`, validState);
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(servicesMsg.stateNotFound);
      const del = await api.owner.delete(`/api/service/${service.id}/state/${id}`);
      expect(del.statusCode).toBe(404);
    }
    expect((await detail(other.id)).states).toHaveLength(1);
  });

  it('refuses a collaborator editing or deleting a state', async () => {
    const service = await createService();
    const state = (await api.owner.post(`/api/service/${service.id}/state`, validState)).json().state;
    const url = `/api/service/${service.id}/state/${state.id}`;
    expect((await api.collaborator.put(url, validState)).statusCode).toBe(403);
    expect((await api.collaborator.delete(url)).statusCode).toBe(403);
  });
});

describe('service folders', () => {
  it("keeps 'El cliente puede subir' as created and as edited", async () => {
    const service = await createService();
    const created = await api.owner.post(`/api/service/${service.id}/folder`, {
      name: 'Facturas del cliente',
      clientCanUpload: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().folder).toMatchObject({ name: 'Facturas del cliente', clientCanUpload: true });
    const folderId = created.json().folder.id;
    expect((await detail(service.id)).folders[0]).toMatchObject({ id: folderId, clientCanUpload: true });
    const edited = await api.owner.put(`/api/service/${service.id}/folder/${folderId}`, {
      name: 'Facturas del cliente',
      clientCanUpload: false,
    });
    expect(edited.json().folder).toMatchObject({ clientCanUpload: false });
    const plain = await api.owner.post(`/api/service/${service.id}/folder`, { name: 'Declaraciones' });
    expect(plain.json().folder).toMatchObject({ clientCanUpload: false });
  });

  it('builds a nested tree in the detail: top-level folders each with their subfolders', async () => {
    const service = await createService();
    const post = (payload: Record<string, unknown>) => api.owner.post(`/api/service/${service.id}/folder`, payload);

    const top = await post({ name: 'Declaraciones', isActive: true });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toEqual({
      message: servicesMsg.folderCreated,
      folder: {
        id: expect.any(Number),
        serviceId: service.id,
        parentFolderId: null,
        name: 'Declaraciones',
        isActive: true,
        clientCanUpload: false,
      },
    });
    const topId = top.json().folder.id;
    const second = (await post({ name: 'Comprobantes' })).json().folder;
    const child = (await post({ name: 'F29', parentFolderId: topId, isActive: false })).json().folder;
    expect(child).toMatchObject({ parentFolderId: topId, isActive: false });
    const grandchild = (await post({ name: 'Rectificatorias', parentFolderId: child.id })).json().folder;

    const { folders } = await detail(service.id);
    expect(folders).toEqual([
      {
        id: topId,
        serviceId: service.id,
        parentFolderId: null,
        name: 'Declaraciones',
        isActive: true,
        clientCanUpload: false,
        subfolders: [
          {
            id: child.id,
            serviceId: service.id,
            parentFolderId: topId,
            name: 'F29',
            isActive: false,
            clientCanUpload: false,
            subfolders: [
              {
                id: grandchild.id,
                serviceId: service.id,
                parentFolderId: child.id,
                name: 'Rectificatorias',
                isActive: true,
                clientCanUpload: false,
                subfolders: [],
              },
            ],
          },
        ],
      },
      {
        id: second.id,
        serviceId: service.id,
        parentFolderId: null,
        name: 'Comprobantes',
        isActive: true,
        clientCanUpload: false,
        subfolders: [],
      },
    ]);
  });

  it('renames a folder and toggles it active', async () => {
    const service = await createService();
    const folder = (await api.owner.post(`/api/service/${service.id}/folder`, { name: 'A' })).json().folder;
    const response = await api.owner.put(`/api/service/${service.id}/folder/${folder.id}`, {
      name: 'Boletas',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: servicesMsg.folderEdited,
      folder: { ...folder, name: 'Boletas', isActive: false },
    });
    const renameOnly = await api.owner.put(`/api/service/${service.id}/folder/${folder.id}`, { name: 'Boletas 2' });
    expect(renameOnly.json().folder).toMatchObject({ name: 'Boletas 2', isActive: false });
  });

  it.each([
    [{ name: '' }, servicesMsg.required],
    [{}, servicesMsg.required],
    [{ name: 'x'.repeat(256) }, servicesMsg.nameMax],
  ])('refuses the folder %j with the form message, on create and update', async (payload, text) => {
    const service = await createService();
    const created = await api.owner.post(`/api/service/${service.id}/folder`, payload);
    expectBadRequest(created, text);
    const folder = (await api.owner.post(`/api/service/${service.id}/folder`, { name: 'A' })).json().folder;
    const updated = await api.owner.put(`/api/service/${service.id}/folder/${folder.id}`, payload);
    expectBadRequest(updated, text);
  });

  it('accepts a name of exactly 255 characters', async () => {
    const service = await createService();
    const response = await api.owner.post(`/api/service/${service.id}/folder`, { name: 'x'.repeat(255) });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a parent folder of another service or unknown (400), and unknown folders (404)', async () => {
    const service = await createService();
    const other = await createService();
    const foreign = (await api.owner.post(`/api/service/${other.id}/folder`, { name: 'X' })).json().folder;

    for (const parentFolderId of [foreign.id, 999999]) {
      const response = await api.owner.post(`/api/service/${service.id}/folder`, { name: 'Hija', parentFolderId });
      expectBadRequest(response, servicesMsg.parentFolderNotFound);
    }
    for (const id of [foreign.id, 999999]) {
      const response = await api.owner.put(`/api/service/${service.id}/folder/${id}`, { name: 'Y' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(servicesMsg.folderNotFound);
    }
    const missingService = await api.owner.post('/api/service/999999/folder', { name: 'A' });
    expect(missingService.statusCode).toBe(404);
  });

  it('refuses a collaborator editing a folder', async () => {
    const service = await createService();
    const folder = (await api.owner.post(`/api/service/${service.id}/folder`, { name: 'A' })).json().folder;
    const response = await api.collaborator.put(`/api/service/${service.id}/folder/${folder.id}`, { name: 'B' });
    expect(response.statusCode).toBe(403);
  });
});

describe('service notifications', () => {
  const validNotification = { day: 15, subject: 'Recordatorio F29', message: 'Envíe sus facturas antes del 20.' };

  it('creates, updates and deletes notifications; the detail lists them by day', async () => {
    const service = await createService();
    const url = `/api/service/${service.id}/notification`;
    const created = await api.owner.post(url, validNotification);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: servicesMsg.notificationCreated,
      notification: { id: expect.any(Number), serviceId: service.id, ...validNotification },
    });
    const id = created.json().notification.id;
    await api.owner.post(url, { ...validNotification, day: 3 });
    expect((await detail(service.id)).notifications.map((n: { day: number }) => n.day)).toEqual([3, 15]);

    const updated = await api.owner.put(`${url}/${id}`, { day: 1, subject: 'Nuevo', message: 'Texto' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      message: servicesMsg.notificationEdited,
      notification: { id, serviceId: service.id, day: 1, subject: 'Nuevo', message: 'Texto' },
    });

    const deleted = await api.owner.delete(`${url}/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: servicesMsg.notificationDeleted });
    expect((await detail(service.id)).notifications.map((n: { day: number }) => n.day)).toEqual([3]);
  });

  it.each([
    [{ day: undefined }, servicesMsg.notificationDay],
    [{ day: 0 }, servicesMsg.notificationDay],
    [{ day: 32 }, servicesMsg.notificationDay],
    [{ day: 2.5 }, servicesMsg.notificationDay],
    [{ subject: '' }, servicesMsg.required],
    [{ subject: undefined }, servicesMsg.required],
    [{ message: '' }, servicesMsg.required],
    [{ message: undefined }, servicesMsg.required],
  ])('refuses the notification %j with the form message', async (values, text) => {
    const service = await createService();
    const response = await api.owner.post(`/api/service/${service.id}/notification`, {
      ...validNotification,
      ...values,
    });
    expectBadRequest(response, text);
  });

  it('answers 404 for an unknown notification or one of another service; 403 for a collaborator', async () => {
    const service = await createService();
    const other = await createService();
    const foreign = (await api.owner.post(`/api/service/${other.id}/notification`, validNotification)).json()
      .notification;
    for (const id of [foreign.id, 999999]) {
      const url = `/api/service/${service.id}/notification/${id}`;
      const put = await api.owner.put(url, validNotification);
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(servicesMsg.notificationNotFound);
      expect((await api.owner.delete(url)).statusCode).toBe(404);
    }
    const url = `/api/service/${other.id}/notification/${foreign.id}`;
    expect((await api.collaborator.put(url, validNotification)).statusCode).toBe(403);
    expect((await api.collaborator.delete(url)).statusCode).toBe(403);
    expect((await detail(other.id)).notifications).toHaveLength(1);
  });
});

describe('months active', () => {
  const allOn = () => Object.fromEntries(MONTH_KEYS.map((key) => [key, true])) as Record<string, boolean>;

  it('switches a month off and keeps the others', async () => {
    const service = await createService();
    const months = { ...allOn(), apr: false, dec: false };
    const response = await api.owner.put(`/api/service/${service.id}/months-active`, months);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: servicesMsg.monthsActiveSaved, monthsActive: months });
    expect((await detail(service.id)).monthsActive).toEqual(months);
  });

  it('requires the twelve months as booleans', async () => {
    const service = await createService();
    const { jan: _jan, ...missing } = allOn();
    const response = await api.owner.put(`/api/service/${service.id}/months-active`, missing);
    expectBadRequest(response, servicesMsg.required);
    expect(response.json().errors[0].field).toBe('jan');
  });

  it('answers 404 for an unknown service', async () => {
    const response = await api.owner.put('/api/service/999999/months-active', allOn());
    expect(response.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('publishes the services endpoints, the folder tree included', async () => {
    const response = await api.anonymous.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/service',
        '/api/service/{id}',
        '/api/service/{serviceId}/state/{id}',
        '/api/service/{serviceId}/folder/{id}',
        '/api/service/{serviceId}/notification/{notificationId}',
        '/api/service/{serviceId}/months-active',
      ]),
    );
    const detailDoc = JSON.stringify(response.json().paths['/api/service/{id}'].get.responses['200']);
    expect(detailDoc).toContain('#/components/schemas/ServiceFolderNode');
    const node = response.json().components.schemas.ServiceFolderNode;
    expect(JSON.stringify(node.properties.subfolders)).toContain('#/components/schemas/ServiceFolderNode');
  });
});
