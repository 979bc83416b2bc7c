import { IMPORT_HEADERS } from '@app/shared/schemas/business-import';
import { and, asc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { failInsertsInto } from '../db/failing-inserts.fixture.ts';
import { type ActivityRow, activity } from '../db/schema/activity.ts';
import { insertBusiness, nextRut } from '../test/factories.ts';
import { multipartFiles } from '../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../test/route-suite.ts';
import { businessServices } from './business-services/business-services.tables.ts';
import { businesses } from './businesses/businesses.tables.ts';
import { businessGroups } from './groups/groups.tables.ts';
import { serviceStates, services } from './services/services.tables.ts';
import { tasks } from './tasks/tasks.tables.ts';
import { users } from './users/users.tables.ts';

/**
 * Changes to companies (and their service links, and imports), services (and their
 * states, folders, notifications, months), users, groups and tasks each write one activity entry,
 * in the transaction of the change.
 */
const { t, api, roles } = appWithEveryRole();

const PASSWORDS = ['clave-inicial-h3', 'clave-nueva-h3'];

let owner: { id: number; name: string } | undefined;
async function ownerActor() {
  if (!owner) {
    const me = (await api.owner.get('/api/user/me')).json();
    owner = { id: me.id, name: `${me.name} ${me.lastName}`.trim() };
  }
  return owner;
}

async function lastActivityId(): Promise<number> {
  const rows = await t.database.db.select({ id: activity.id }).from(activity).orderBy(asc(activity.id));
  return rows.at(-1)?.id ?? 0;
}

/** Runs the change and answers the entries it wrote (the file's tests run one after another). */
async function entriesOf(change: () => Promise<unknown>): Promise<ActivityRow[]> {
  const since = await lastActivityId();
  await change();
  return t.database.db.select().from(activity).where(gt(activity.id, since)).orderBy(asc(activity.id));
}

/** Expects exactly one entry by the owner from the test's address, and answers it. */
async function expectOneEntry(entries: ActivityRow[], expected: Partial<ActivityRow>) {
  const actor = await ownerActor();
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(entry).toMatchObject({ actorId: actor.id, actorName: actor.name, ip: '127.0.0.1', ...expected });
  return entry as ActivityRow;
}

function companyPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ferretería El Roble',
    razonSocial: 'Ferretería El Roble SpA',
    rut: nextRut().typed,
    startContract: '2023-01-01',
    endContract: '2030-12-31',
    legalRepresentative: 'Luis Rojas',
    contact: 'luis@roble.cl',
    ...overrides,
  };
}

let serviceCount = 0;
async function createService(name = `Servicio H3 ${++serviceCount}`) {
  const response = await api.owner.post('/api/service', { name, startMonthDay: 1, lastMonthDay: 20, order: 1 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().service as { id: number; name: string };
}

describe('activity of companies', () => {
  it('logs the create, the changed fields of an edit, and the delete with the name it had', async () => {
    const payload = companyPayload();
    let id = 0;
    const created = await entriesOf(async () => {
      const response = await api.owner.post('/api/business', payload);
      expect(response.statusCode).toBe(201);
      id = response.json().business.id;
    });
    await expectOneEntry(created, {
      kind: 'company',
      action: 'created',
      recordId: String(id),
      recordLabel: 'Ferretería El Roble',
      businessId: id,
      businessName: 'Ferretería El Roble',
    });
    expect(created[0]?.details?.after).toMatchObject({ name: 'Ferretería El Roble', contact: 'luis@roble.cl' });

    const edited = await entriesOf(async () => {
      const response = await api.owner.put(`/api/business/${id}`, { ...payload, legalRepresentative: 'Marta Díaz' });
      expect(response.statusCode).toBe(200);
    });
    await expectOneEntry(edited, {
      kind: 'company',
      action: 'updated',
      businessId: id,
      details: { before: { legalRepresentative: 'Luis Rojas' }, after: { legalRepresentative: 'Marta Díaz' } },
    });

    const deleted = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/business/${id}`)).statusCode).toBe(200);
    });
    const entry = await expectOneEntry(deleted, {
      kind: 'company',
      action: 'deleted',
      recordLabel: 'Ferretería El Roble',
      businessId: id,
      businessName: 'Ferretería El Roble',
    });
    expect(entry.details?.before).toMatchObject({ legalRepresentative: 'Marta Díaz' });
  });

  it('writes nothing for a refused change (400, 403, 404, 409)', async () => {
    const existing = await insertBusiness(t);
    const entries = await entriesOf(async () => {
      expect((await api.owner.post('/api/business', companyPayload({ name: '' }))).statusCode).toBe(400);
      expect((await api.client.post('/api/business', companyPayload())).statusCode).toBe(403);
      expect((await api.anonymous.post('/api/business', companyPayload())).statusCode).toBe(401);
      expect((await api.collaborator.delete(`/api/business/${existing.id}`)).statusCode).toBe(403);
      expect((await api.owner.put('/api/business/999999', companyPayload())).statusCode).toBe(404);
      expect((await api.owner.delete('/api/business/999999')).statusCode).toBe(404);
      expect((await api.owner.post('/api/business', companyPayload({ rut: existing.rut }))).statusCode).toBe(409);
    });
    expect(entries).toEqual([]);
  });

  it('logs a service link on the company, and rolls the edit back when its entry cannot be written', async () => {
    const company = await insertBusiness(t, { name: 'Botillería Sur' });
    const service = await createService('IVA H3');
    const linked = await entriesOf(async () => {
      const response = await api.owner.post(`/api/business/${company.id}/service`, {
        serviceId: service.id,
        startDate: '2024-03-01',
      });
      expect(response.statusCode).toBe(201);
    });
    await expectOneEntry(linked, {
      kind: 'company',
      action: 'updated',
      businessId: company.id,
      businessName: 'Botillería Sur',
      details: { after: { servicio: 'IVA H3', activo: true, desde: '2024-03-01' } },
    });
    const off = await entriesOf(async () => {
      const response = await api.owner.put(`/api/business/${company.id}/service/${service.id}`, { active: false });
      expect(response.statusCode).toBe(200);
    });
    await expectOneEntry(off, {
      kind: 'company',
      businessId: company.id,
      details: {
        before: { servicio: 'IVA H3', activo: true, desde: '2024-03-01' },
        after: { servicio: 'IVA H3', activo: false, desde: '2024-03-01' },
      },
    });

    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const edit = await api.owner.put(`/api/business/${company.id}`, {
        ...companyPayload({ rut: company.rut }),
        name: 'Otro nombre',
      });
      expect(edit.statusCode).toBe(500);
      const relink = await api.owner.put(`/api/business/${company.id}/service/${service.id}`, { active: true });
      expect(relink.statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, company.id));
    expect(row?.name).toBe('Botillería Sur');
    const [link] = await t.database.db
      .select()
      .from(businessServices)
      .where(and(eq(businessServices.businessId, company.id), eq(businessServices.serviceId, service.id)));
    expect(link?.active).toBe(false);
  });

  it('logs an import: one entry per company, imported for the new ones, updated for the existing', async () => {
    const existing = await insertBusiness(t, { name: 'Existente H3' });
    const fresh = nextRut();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Empresas');
    sheet.addRow(Object.values(IMPORT_HEADERS));
    const rowOf = (name: string, rut: string, representative: string) => [
      name,
      `${name} SpA`,
      rut,
      representative,
      'ana@empresa.cl',
      '01-03-2024',
      '31-12-2026',
      null,
      null,
    ];
    sheet.addRow(rowOf('Nueva H3', fresh.typed, 'Ana Pérez'));
    sheet.addRow(rowOf('Existente H3', existing.rut, 'Pedro Soto'));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const entries = await entriesOf(async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/business/import/confirm',
        token: roles.owner,
        ...multipartFiles([{ name: 'empresas.xlsx', bytes }]),
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    const actor = await ownerActor();
    expect(entries).toHaveLength(2);
    const [created] = await t.database.db.select().from(businesses).where(eq(businesses.rut, fresh.formatted));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorId: actor.id,
          ip: '127.0.0.1',
          kind: 'company',
          action: 'imported',
          businessId: created?.id,
          recordLabel: 'Nueva H3',
          details: expect.objectContaining({ after: expect.objectContaining({ name: 'Nueva H3' }) }),
        }),
        expect.objectContaining({
          actorId: actor.id,
          kind: 'company',
          action: 'updated',
          businessId: existing.id,
          details: expect.objectContaining({
            after: expect.objectContaining({ legalRepresentative: 'Pedro Soto' }),
          }),
        }),
      ]),
    );
  });
});

describe('activity of services', () => {
  it('logs the service and its parts (states, folders, notifications, months) as kind service', async () => {
    let service = { id: 0, name: '' };
    const created = await entriesOf(async () => {
      service = await createService('Remuneraciones H3');
    });
    await expectOneEntry(created, {
      kind: 'service',
      action: 'created',
      recordId: String(service.id),
      recordLabel: 'Remuneraciones H3',
      businessId: null,
    });

    const state = { name: 'Pendiente', color: '#E74C3C', order: 0, pctProgress: 0, hasValue: false, showResume: false };
    let stateId = 0;
    const stateCreated = await entriesOf(async () => {
      const response = await api.owner.post(`/api/service/${service.id}/state`, state);
      expect(response.statusCode, response.body).toBe(201);
      stateId = response.json().state.id;
    });
    const stateEntry = await expectOneEntry(stateCreated, {
      kind: 'service',
      action: 'updated',
      recordId: String(service.id),
      recordLabel: 'Remuneraciones H3',
    });
    expect(stateEntry.details?.after).toMatchObject({ estado: 'Pendiente', color: '#E74C3C' });

    const stateEdited = await entriesOf(async () => {
      const response = await api.owner.put(`/api/service/${service.id}/state/${stateId}`, {
        ...state,
        pctProgress: 50,
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(stateEdited, {
      kind: 'service',
      details: { before: { estado: 'Pendiente', pctProgress: 0 }, after: { estado: 'Pendiente', pctProgress: 50 } },
    });

    const folder = await entriesOf(async () => {
      const response = await api.owner.post(`/api/service/${service.id}/folder`, {
        name: 'Liquidaciones',
        isActive: true,
        clientCanUpload: false,
      });
      expect(response.statusCode, response.body).toBe(201);
    });
    const folderEntry = await expectOneEntry(folder, { kind: 'service', recordId: String(service.id) });
    expect(folderEntry.details?.after).toMatchObject({ carpeta: 'Liquidaciones' });

    const notification = await entriesOf(async () => {
      const response = await api.owner.post(`/api/service/${service.id}/notification`, {
        day: 5,
        subject: 'Recordatorio',
        message: 'Envíe las liquidaciones',
      });
      expect(response.statusCode, response.body).toBe(201);
    });
    const notificationEntry = await expectOneEntry(notification, { kind: 'service' });
    expect(notificationEntry.details?.after).toMatchObject({ notificación: 'Recordatorio', day: 5 });

    const months = Object.fromEntries(
      ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((key) => [
        key,
        key !== 'feb',
      ]),
    );
    const monthsEntries = await entriesOf(async () => {
      const response = await api.owner.put(`/api/service/${service.id}/months-active`, months);
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(monthsEntries, { kind: 'service', details: { before: { feb: true }, after: { feb: false } } });

    const deletedState = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/service/${service.id}/state/${stateId}`)).statusCode).toBe(200);
    });
    const deletedStateEntry = await expectOneEntry(deletedState, { kind: 'service', action: 'updated' });
    expect(deletedStateEntry.details?.before).toMatchObject({ estado: 'Pendiente' });

    const edited = await entriesOf(async () => {
      const response = await api.owner.put(`/api/service/${service.id}`, {
        name: 'Remuneraciones H3',
        startMonthDay: 1,
        lastMonthDay: 25,
        order: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(edited, {
      kind: 'service',
      action: 'updated',
      details: { before: { lastMonthDay: 20 }, after: { lastMonthDay: 25 } },
    });

    const deleted = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/service/${service.id}`)).statusCode).toBe(200);
    });
    await expectOneEntry(deleted, { kind: 'service', action: 'deleted', recordLabel: 'Remuneraciones H3' });
  });

  it("logs 'Activar todo' and 'Desactivar todo' as one entry on the service", async () => {
    const service = await createService('Activar todo H3');
    const on = await entriesOf(async () => {
      const response = await api.owner.put(`/api/service/${service.id}/business-service-all-update`, {
        active: true,
        startDate: '2024-01-01',
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(on, {
      kind: 'service',
      action: 'updated',
      recordId: String(service.id),
      recordLabel: 'Activar todo H3',
      businessId: null,
      details: { after: { empresas: 'todas', activo: true, desde: '2024-01-01' } },
    });
    const off = await entriesOf(async () => {
      const response = await api.owner.put(`/api/service/${service.id}/business-service-all-update`, { active: false });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(off, { kind: 'service', details: { after: { empresas: 'todas', activo: false } } });
  });

  it('writes nothing for a refused change, and rolls back a state whose entry cannot be written', async () => {
    const service = await createService();
    const refused = await entriesOf(async () => {
      expect((await api.collaborator.post('/api/service', { name: 'X', startMonthDay: 1 })).statusCode).toBe(403);
      expect((await api.owner.post('/api/service', { name: '' })).statusCode).toBe(400);
      expect((await api.client.delete(`/api/service/${service.id}`)).statusCode).toBe(403);
      expect((await api.anonymous.delete(`/api/service/${service.id}`)).statusCode).toBe(401);
      expect((await api.owner.delete('/api/service/999999')).statusCode).toBe(404);
      expect((await api.owner.delete(`/api/service/${service.id}/state/999999`)).statusCode).toBe(404);
    });
    expect(refused).toEqual([]);

    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const response = await api.owner.post(`/api/service/${service.id}/state`, {
        name: 'Perdido',
        color: '#E74C3C',
        order: 0,
        pctProgress: 0,
        hasValue: false,
        showResume: false,
      });
      expect(response.statusCode).toBe(500);
      expect((await api.owner.delete(`/api/service/${service.id}`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await t.database.db.select().from(serviceStates).where(eq(serviceStates.serviceId, service.id))).toEqual([]);
    expect(await t.database.db.select().from(services).where(eq(services.id, service.id))).toHaveLength(1);
  });
});

describe('activity of users', () => {
  it('logs create, edit (a new password only as "cambiada") and delete, without passwords or hashes', async () => {
    const email = 'camila.h3@estudio.cl';
    let id = 0;
    const created = await entriesOf(async () => {
      const response = await api.owner.post('/api/user', {
        name: 'Camila',
        lastName: 'Araya',
        email,
        role: 'collaborator',
        password: PASSWORDS[0],
      });
      expect(response.statusCode, response.body).toBe(201);
      id = response.json().user.id;
    });
    await expectOneEntry(created, { kind: 'user', action: 'created', recordId: String(id), recordLabel: email });
    const [{ passwordHash: firstHash = '' } = {}] = await t.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id));

    const edited = await entriesOf(async () => {
      const response = await api.owner.put(`/api/user/${id}`, {
        name: 'Camila',
        lastName: 'Araya Soto',
        email,
        role: 'collaborator',
        password: PASSWORDS[1],
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(edited, {
      kind: 'user',
      action: 'updated',
      details: { before: { lastName: 'Araya' }, after: { lastName: 'Araya Soto', contraseña: 'cambiada' } },
    });
    const [{ passwordHash: secondHash = '' } = {}] = await t.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id));

    const deleted = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/user/${id}`)).statusCode).toBe(200);
    });
    await expectOneEntry(deleted, { kind: 'user', action: 'deleted', recordLabel: email });

    // A client user is logged under their company.
    const company = await insertBusiness(t);
    const client = await entriesOf(async () => {
      const response = await api.owner.post('/api/user', {
        name: 'Cliente',
        lastName: 'H3',
        email: 'cliente.h3@empresa.cl',
        role: 'client',
        businessId: company.id,
        password: PASSWORDS[0],
      });
      expect(response.statusCode, response.body).toBe(201);
    });
    await expectOneEntry(client, { kind: 'user', action: 'created', businessId: company.id });

    const all = JSON.stringify(await t.database.db.select().from(activity));
    for (const secret of [...PASSWORDS, firstHash, secondHash]) {
      expect(secret.length).toBeGreaterThan(0);
      expect(all).not.toContain(secret);
    }
  });

  it('writes nothing for a refused change, and rolls back an edit whose entry cannot be written', async () => {
    const target = await t.userWithRole('collaborator');
    const refused = await entriesOf(async () => {
      expect((await api.collaborator.delete(`/api/user/${target.id}`)).statusCode).toBe(403);
      expect((await api.client.delete(`/api/user/${target.id}`)).statusCode).toBe(403);
      expect((await api.anonymous.delete(`/api/user/${target.id}`)).statusCode).toBe(401);
      expect((await api.owner.post('/api/user', { name: '' })).statusCode).toBe(400);
      expect((await api.owner.delete('/api/user/999999')).statusCode).toBe(404);
    });
    expect(refused).toEqual([]);

    const [before] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const response = await api.owner.put(`/api/user/${target.id}`, {
        name: 'Cambiado',
        lastName: 'Cambiado',
        email: target.email,
        role: 'collaborator',
      });
      expect(response.statusCode).toBe(500);
      expect((await api.owner.delete(`/api/user/${target.id}`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toEqual(before);
  });
});

describe('activity of groups', () => {
  it('logs create, edit (members too) and delete; nothing when refused; rolled back with its entry', async () => {
    const a = await insertBusiness(t);
    const b = await insertBusiness(t);
    let id = 0;
    const created = await entriesOf(async () => {
      const response = await api.owner.post('/api/business-group', {
        name: 'Retail H3',
        description: 'Tiendas',
        businessesIds: [b.id, a.id],
      });
      expect(response.statusCode, response.body).toBe(201);
      id = response.json().group.id;
    });
    await expectOneEntry(created, {
      kind: 'group',
      action: 'created',
      recordId: String(id),
      recordLabel: 'Retail H3',
      details: { after: { name: 'Retail H3', description: 'Tiendas', empresas: [a.id, b.id].sort((x, y) => x - y) } },
    });

    const edited = await entriesOf(async () => {
      const response = await api.owner.put(`/api/business-group/${id}`, {
        name: 'Retail H3',
        description: 'Tiendas',
        businessesIds: [a.id],
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(edited, {
      kind: 'group',
      action: 'updated',
      details: { before: { empresas: [a.id, b.id].sort((x, y) => x - y) }, after: { empresas: [a.id] } },
    });

    const refused = await entriesOf(async () => {
      expect((await api.client.delete(`/api/business-group/${id}`)).statusCode).toBe(403);
      expect((await api.anonymous.delete(`/api/business-group/${id}`)).statusCode).toBe(401);
      expect((await api.owner.delete('/api/business-group/999999')).statusCode).toBe(404);
      const missing = await api.owner.put(`/api/business-group/${id}`, { name: 'X', businessesIds: [999999] });
      expect(missing.statusCode).toBe(400);
    });
    expect(refused).toEqual([]);

    const restore = await failInsertsInto(t.database.db, activity);
    try {
      expect((await api.owner.delete(`/api/business-group/${id}`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await t.database.db.select().from(businessGroups).where(eq(businessGroups.id, id))).toHaveLength(1);

    const deleted = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/business-group/${id}`)).statusCode).toBe(200);
    });
    await expectOneEntry(deleted, { kind: 'group', action: 'deleted', recordLabel: 'Retail H3' });
  });
});

describe('activity of tasks', () => {
  it('logs create, edit and delete; nothing when refused; rolled back with its entry', async () => {
    const actor = await ownerActor();
    const body = {
      name: 'Conciliación H3',
      responsableCollaborator: actor.id,
      expirationDate: 15,
      showInSummary: true,
    };
    let id = 0;
    const created = await entriesOf(async () => {
      const response = await api.owner.post('/api/task', body);
      expect(response.statusCode, response.body).toBe(201);
      id = response.json().task.id;
    });
    await expectOneEntry(created, {
      kind: 'task',
      action: 'created',
      recordId: String(id),
      recordLabel: 'Conciliación H3',
      details: {
        after: { name: 'Conciliación H3', responsableId: actor.name, expirationDate: 15, showInSummary: true },
      },
    });

    const edited = await entriesOf(async () => {
      const response = await api.owner.put(`/api/task/${id}`, { ...body, expirationDate: 20 });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(edited, {
      kind: 'task',
      action: 'updated',
      details: { before: { expirationDate: 15 }, after: { expirationDate: 20 } },
    });

    const refused = await entriesOf(async () => {
      expect((await api.client.delete(`/api/task/${id}`)).statusCode).toBe(403);
      expect((await api.anonymous.delete(`/api/task/${id}`)).statusCode).toBe(401);
      expect((await api.owner.delete('/api/task/999999')).statusCode).toBe(404);
      expect((await api.owner.post('/api/task', { ...body, name: '' })).statusCode).toBe(400);
    });
    expect(refused).toEqual([]);

    const restore = await failInsertsInto(t.database.db, activity);
    try {
      expect((await api.owner.put(`/api/task/${id}`, { ...body, expirationDate: 3 })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row?.expirationDate).toBe(20);

    const company = await insertBusiness(t, { name: 'Taller H3' });
    const added = await entriesOf(async () => {
      const response = await api.owner.post(`/api/task/${id}/business/${company.id}`, { startDate: '2024-01-01' });
      expect(response.statusCode, response.body).toBe(201);
    });
    await expectOneEntry(added, {
      kind: 'task',
      action: 'updated',
      recordId: String(id),
      recordLabel: 'Conciliación H3',
      businessId: company.id,
      businessName: 'Taller H3',
      details: { before: { enTarea: false }, after: { enTarea: true, desde: '2024-01-01' } },
    });
    const moved = await entriesOf(async () => {
      const response = await api.owner.put(`/api/task/${id}/business/${company.id}`, { startDate: '2024-06-01' });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(moved, {
      kind: 'task',
      businessId: company.id,
      details: { before: { enTarea: true, desde: '2024-01-01' }, after: { enTarea: true, desde: '2024-06-01' } },
    });
    const removed = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/task/${id}/business/${company.id}`)).statusCode).toBe(200);
    });
    await expectOneEntry(removed, {
      kind: 'task',
      businessId: company.id,
      details: { before: { enTarea: true, desde: '2024-06-01' }, after: { enTarea: false } },
    });
    const all = await entriesOf(async () => {
      const response = await api.owner.post(`/api/task/${id}/create-all-business-in-task`, { startDate: '2024-02-01' });
      expect(response.statusCode, response.body).toBe(200);
    });
    await expectOneEntry(all, {
      kind: 'task',
      businessId: null,
      details: { after: { empresas: 'todas', desde: '2024-02-01' } },
    });
    const none = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/task/${id}/delete-all-business-in-task`)).statusCode).toBe(200);
    });
    await expectOneEntry(none, { kind: 'task', details: { after: { empresas: 'ninguna' } } });
    const refusedLinks = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/task/${id}/business/${company.id}`)).statusCode).toBe(404);
      expect((await api.anonymous.delete(`/api/task/${id}/delete-all-business-in-task`)).statusCode).toBe(401);
    });
    expect(refusedLinks).toEqual([]);

    const deleted = await entriesOf(async () => {
      expect((await api.owner.delete(`/api/task/${id}`)).statusCode).toBe(200);
    });
    await expectOneEntry(deleted, { kind: 'task', action: 'deleted', recordLabel: 'Conciliación H3' });
  });
});
