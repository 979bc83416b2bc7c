import { randomUUID } from 'node:crypto';
import { currentPeriod } from '@app/shared/period';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupsRepository } from '../modules/groups/groups.repository.ts';
import { businessGroups } from '../modules/groups/groups.tables.ts';
import { notes } from '../modules/notes/notes.tables.ts';
import { documentRequests } from '../modules/requests/requests.tables.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let owner: string;
let collaborator: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.ownerToken();
  collaborator = (await t.userWithRole('collaborator')).token;
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: unknown, key?: string) =>
  t.request({
    method: 'POST',
    url,
    token,
    payload: payload as Record<string, unknown>,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** A company with an e-mail contact and a service with one folder applying to it this period. */
async function companyToAsk() {
  const { serviceId } = await createServiceWithStates(t, `Contabilidad ${randomUUID()}`, [
    { name: 'Pendiente', pctProgress: 0 },
  ]);
  const folder = await post(`/api/service/${serviceId}/folder`, owner, { name: 'Facturas' });
  expect(folder.statusCode, folder.body).toBe(201);
  const company = await insertBusiness(t, { contact: 'dueno@pyme.cl' });
  await linkService(t, company.id, serviceId);
  const body = {
    businessId: company.id,
    ...currentPeriod(),
    title: 'Papeles del mes',
    dueDate: '2030-01-10',
    items: [{ name: 'Facturas de compra', serviceFolderId: folder.json().folder.id }],
  };
  return { company, body };
}

const requestsOf = (businessId: number) =>
  t.database.db.select().from(documentRequests).where(eq(documentRequests.businessId, businessId));

describe('Idempotency-Key on creating POSTs', () => {
  it('a retried request with the same key answers the first result and writes (and e-mails) once', async () => {
    const { company, body } = await companyToAsk();
    const key = randomUUID();
    const mailsBefore = t.mailer.sent.length;
    const first = await post('/api/requests', owner, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/requests', owner, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await requestsOf(company.id)).map((row) => row.id)).toEqual([first.json().request.id]);
    expect(t.mailer.sent.length).toBe(mailsBefore + 1);
  });

  it('a note sent twice with one key is written once', async () => {
    const description = `Llamar al contador ${randomUUID()}`;
    const key = randomUUID();
    const first = await post('/api/note', owner, { description }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/note', owner, { description }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const stored = await t.database.db.select().from(notes).where(eq(notes.description, description));
    expect(stored).toHaveLength(1);
  });

  it('without the header each POST writes, as before', async () => {
    const { company, body } = await companyToAsk();
    expect((await post('/api/requests', owner, body)).statusCode).toBe(201);
    expect((await post('/api/requests', owner, body)).statusCode).toBe(201);
    expect(await requestsOf(company.id)).toHaveLength(2);
  });

  it('two parallel requests with the same key write one row and both answer it', async () => {
    const { company, body } = await companyToAsk();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/requests', owner, body, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => answer.json().request.id));
    expect(ids.size).toBe(1);
    expect((await requestsOf(company.id)).map((row) => row.id)).toEqual([...ids]);
  });

  it("another user's same key is their own: it writes their request", async () => {
    const { company, body } = await companyToAsk();
    const key = randomUUID();
    const mine = await post('/api/requests', owner, body, key);
    const theirs = await post('/api/requests', collaborator, body, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().request.id).not.toBe(mine.json().request.id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsOf(company.id)).toHaveLength(2);
  });

  it('the same key with other data, or on another route, is refused with 422 in Spanish and writes nothing', async () => {
    const { company, body } = await companyToAsk();
    const key = randomUUID();
    expect((await post('/api/requests', owner, body, key)).statusCode).toBe(201);
    const changed = await post('/api/requests', owner, { ...body, title: 'Otro título' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      message: 'Esta clave Idempotency-Key ya se usó con otros datos: envía el formulario de nuevo',
    });
    const elsewhere = await post('/api/business-group', owner, { name: `Grupo ${randomUUID()}` }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await requestsOf(company.id)).toHaveLength(1);
  });

  it('a refused submission lets its key go: the corrected one with the same key is written', async () => {
    const { company, body } = await companyToAsk();
    const key = randomUUID();
    const refused = await post('/api/requests', owner, { ...body, title: '' }, key);
    expect(refused.statusCode).toBe(400);
    const corrected = await post('/api/requests', owner, body, key);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await requestsOf(company.id)).toHaveLength(1);
  });

  it('a malformed key is refused with 400 in Spanish', async () => {
    const { body } = await companyToAsk();
    const answer = await post('/api/requests', owner, body, 'a b');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'La clave Idempotency-Key no es válida: deben ser de 8 a 128 letras, números o . _ : -',
    );
  });

  it('a server failure keeps the key: a retry asks to reload instead of writing again', async () => {
    const key = randomUUID();
    const name = `Grupo ${randomUUID()}`;
    // The group is written, then the answer fails (as a database lost after the commit would).
    const original = groupsRepository.findById;
    const failing = vi.spyOn(groupsRepository, 'findById').mockImplementation((db, id) =>
      // Outside the transaction only: the read-back after the commit.
      db === t.database.db
        ? Promise.reject(Object.assign(new Error('terminating connection'), { code: '57P01' }))
        : original(db, id),
    );
    let first: Awaited<ReturnType<typeof post>>;
    try {
      first = await post('/api/business-group', owner, { name }, key);
    } finally {
      failing.mockRestore();
    }
    expect(first.statusCode).toBe(503);
    const retry = await post('/api/business-group', owner, { name }, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(
      'No se pudo confirmar si la operación anterior se guardó: recarga la página para revisarlo antes de intentarlo de nuevo',
    );
    const groups = await t.database.db.select().from(businessGroups).where(eq(businessGroups.name, name));
    expect(groups).toHaveLength(1);
  });

  it('companies, groups and services honour the key too', async () => {
    const key = randomUUID();
    const group = { name: `Grupo ${randomUUID()}` };
    const first = await post('/api/business-group', owner, group, key);
    const again = await post('/api/business-group', owner, group, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    const service = { name: `Servicio ${randomUUID()}`, startMonthDay: 1, lastMonthDay: 20, order: 1 };
    const serviceKey = randomUUID();
    const created = await post('/api/service', owner, service, serviceKey);
    const replayed = await post('/api/service', owner, service, serviceKey);
    expect(created.statusCode, created.body).toBe(201);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.body).toBe(created.body);
  });
});
