import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import type {
  Incident,
  PrivacyNoticeAdmin,
  PrivacyNoticeForUser,
  RightsRequest,
} from '@app/shared/schemas/data-protection';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { tokensForEveryRole } from '../../test/factories.ts';
import { type Caller, callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// 'Protección de datos': requests from a person and their terms, incidents, the privacy notice and its
// acknowledgements (who may reach each endpoint: data-protection.roles.routes.test.ts).

let t: TestApp;
let api: Record<'owner' | 'collaborator' | 'client' | 'anonymous', Caller>;
let clientBusinessId: number;
let clientToken: string;
/** 10 December 2026, 12:00 in Santiago (summer time, UTC−3). */
const clock = new Date('2026-12-10T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const tokens = await tokensForEveryRole(t);
  clientBusinessId = tokens.clientBusinessId;
  clientToken = tokens.client;
  api = {
    owner: callerFor(t, () => tokens.owner),
    collaborator: callerFor(t, () => tokens.collaborator),
    client: callerFor(t, () => tokens.client),
    anonymous: callerFor(t),
  };
});
afterAll(() => t.close());

const accessRequest = {
  kind: 'access',
  requesterName: 'Ana Pérez',
  requesterEmail: 'Ana.Perez@correo.cl',
  requesterRut: '12345678-5',
  receivedOn: '2026-12-02',
  channel: 'email',
  description: 'Pide copia de sus datos',
};

async function created(payload: Record<string, unknown>): Promise<RightsRequest> {
  const response = await api.owner.post('/api/data-protection/requests', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request as RightsRequest;
}

const entriesOf = (kind: string, recordId: number) =>
  t.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.kind, kind), eq(activity.recordId, String(recordId))))
    .orderBy(activity.id);

describe('requests from a person', () => {
  it('computes the last day to answer, thirty calendar days after it came in, and marks it due soon', async () => {
    const request = await created(accessRequest);
    expect(request).toMatchObject({
      kind: 'access',
      kindText: 'Acceso',
      requesterEmail: 'ana.perez@correo.cl',
      requesterRut: '12.345.678-5',
      receivedOn: '2026-12-02',
      firstDueOn: '2027-01-01',
      // New Year's Day: calendar days are not moved to a business day.
      dueOn: '2027-01-01',
      status: 'received',
      statusText: 'Recibida',
      temporaryBlock: false,
      temporaryBlockDueOn: null,
      daysLeft: 22,
      urgency: 'ok',
      extendedAt: null,
    });
    const [entry] = await entriesOf('rights_request', request.id);
    expect(entry).toMatchObject({ action: 'created', recordLabel: 'Acceso · Ana Pérez' });
    expect(entry?.details?.after).toMatchObject({ kind: 'Acceso', dueOn: '2027-01-01', status: 'Recibida' });
  });

  it('refuses a RUT with a wrong check digit, a future day, and a temporary block with an access request', async () => {
    const badRut = await api.owner.post('/api/data-protection/requests', {
      ...accessRequest,
      requesterRut: '12345678-9',
    });
    expect(badRut.statusCode).toBe(400);
    expect(badRut.json().errors).toEqual([{ field: 'requesterRut', message: m.requesterRutInvalid }]);
    const future = await api.owner.post('/api/data-protection/requests', {
      ...accessRequest,
      receivedOn: '2026-12-11',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(m.receivedInFuture);
    const block = await api.owner.post('/api/data-protection/requests', { ...accessRequest, temporaryBlock: true });
    expect(block.statusCode).toBe(400);
    expect(block.json().errors).toEqual([{ field: 'temporaryBlock', message: m.temporaryBlockOnlyWith }]);
    const badEmail = await api.owner.post('/api/data-protection/requests', {
      ...accessRequest,
      requesterEmail: 'ana@',
    });
    expect(badEmail.json().errors).toEqual([{ field: 'requesterEmail', message: m.requesterEmailInvalid }]);
  });

  it('gives a temporary block two business days on the firm calendar, past a holiday', async () => {
    // Monday 7 December 2026; Tuesday the 8th is a holiday.
    const request = await created({
      ...accessRequest,
      kind: 'erasure',
      requesterRut: '',
      receivedOn: '2026-12-07',
      temporaryBlock: true,
    });
    expect(request).toMatchObject({ requesterRut: null, temporaryBlockDueOn: '2026-12-10', dueOn: '2027-01-06' });
  });

  it("extends the term once by thirty days ('Prorrogar'), logged with its reason", async () => {
    const request = await created({ ...accessRequest, receivedOn: '2026-12-05' });
    expect(request.dueOn).toBe('2027-01-04');
    const empty = await api.owner.post(`/api/data-protection/requests/${request.id}/extend`, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    const extended = await api.owner.post(`/api/data-protection/requests/${request.id}/extend`, {
      reason: 'Los datos están en archivos de 2019 que hay que revisar',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().message).toBe(m.extended('03-02-2027'));
    expect(extended.json().request).toMatchObject({
      firstDueOn: '2027-01-04',
      dueOn: '2027-02-03',
      status: 'extended',
      statusText: 'Prorrogada',
      extensionReason: 'Los datos están en archivos de 2019 que hay que revisar',
    });
    const again = await api.owner.post(`/api/data-protection/requests/${request.id}/extend`, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyExtended);
    const entries = await entriesOf('rights_request', request.id);
    expect(entries.at(-1)).toMatchObject({ action: 'extended' });
    expect(entries.at(-1)?.details).toMatchObject({ before: { dueOn: '2027-01-04' }, after: { dueOn: '2027-02-03' } });
    // 'Prorrogada' is not a state one picks by hand.
    const other = await created(accessRequest);
    const picked = await api.owner.put(`/api/data-protection/requests/${other.id}`, {
      ...accessRequest,
      status: 'extended',
    });
    expect(picked.statusCode).toBe(400);
    expect(picked.json().message).toBe(m.extendedOnlyByExtending);
  });

  it('refuses to extend once the last day passed, and marks the request overdue in red from the day after', async () => {
    const request = await created({ ...accessRequest, receivedOn: '2026-11-01' });
    expect(request).toMatchObject({ dueOn: '2026-12-01', daysLeft: -9, urgency: 'overdue' });
    const late = await api.owner.post(`/api/data-protection/requests/${request.id}/extend`, { reason: 'Tarde' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(m.extendAfterDeadline);
  });

  it('needs the answer and its date to close a request, and logs the answer without its text', async () => {
    const request = await created(accessRequest);
    const base = { ...accessRequest, handledById: null };
    const noAnswer = await api.owner.put(`/api/data-protection/requests/${request.id}`, {
      ...base,
      status: 'answered',
    });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().errors).toEqual([
      { field: 'answerText', message: m.answerRequired },
      { field: 'answeredOn', message: m.answeredOnRequired },
    ]);
    const before = await api.owner.put(`/api/data-protection/requests/${request.id}`, {
      ...base,
      status: 'answered',
      answerText: 'Adjuntamos sus datos',
      answeredOn: '2026-12-01',
    });
    expect(before.json().errors).toEqual([{ field: 'answeredOn', message: m.answeredBeforeReceived }]);
    const answered = await api.owner.put(`/api/data-protection/requests/${request.id}`, {
      ...base,
      status: 'answered',
      answerText: 'Adjuntamos sus datos en formato CSV',
      answeredOn: '2026-12-09',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().request).toMatchObject({ status: 'answered', urgency: 'closed', answeredOn: '2026-12-09' });
    const entry = (await entriesOf('rights_request', request.id)).at(-1);
    expect(entry?.action).toBe('answered');
    expect(JSON.stringify(entry?.details)).not.toContain('Adjuntamos');
    const closed = await api.owner.post(`/api/data-protection/requests/${request.id}/extend`, { reason: 'x' });
    expect(closed.json().message).toBe(m.extendClosed);
  });

  it('answers 404 for a request that does not exist, and refuses a handler who is not staff', async () => {
    const missing = await api.owner.put('/api/data-protection/requests/999999', {
      ...accessRequest,
      status: 'received',
    });
    expect(missing.statusCode).toBe(404);
    const client = await t.userWithRole('client', { businessId: clientBusinessId });
    const refused = await api.owner.post('/api/data-protection/requests', { ...accessRequest, handledById: client.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(m.handlerInvalid);
  });

  it("lists owners' open requests due within the week or overdue for the morning digest", async () => {
    const owner = (await t.modules.users.listStaff()).find((user) => user.role === 'owner');
    const collaborator = (await t.modules.users.listStaff()).find((user) => user.role === 'collaborator');
    if (!owner || !collaborator) throw new Error('staff expected');
    const due = await t.modules.dataProtection.rightsDueFor('2026-12-28', [owner.id, collaborator.id]);
    expect(due.has(collaborator.id)).toBe(false);
    const lines = due.get(owner.id) ?? [];
    // Open and due by 4 January 2027: the overdue one of November, those due 1 and 4 January; not the
    // answered one, nor the extended one (3 February).
    expect(lines.map((line) => line.dueOn)).toEqual(['2026-12-01', '2027-01-01', '2027-01-01']);
    expect(lines[0]?.daysLeft).toBe(-27);
  });
});

describe('security incidents', () => {
  const incident = {
    detectedAt: '2026-12-09 22:15',
    description: 'Se perdió un notebook con respaldos de clientes',
    dataCategories: ['identification', 'tax', 'tax'],
    peopleAffected: 120,
    measures: 'Se cambiaron las claves y se bloqueó el equipo',
    agencyNotifiedOn: '',
    agencyNoticeHow: '',
    peopleNotifiedOn: null,
    peopleNoticeHow: '',
    status: 'open',
  };

  it('records an incident with its categories and notices, in Santiago time', async () => {
    const response = await api.owner.post('/api/data-protection/incidents', incident);
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json().incident as Incident;
    expect(saved).toMatchObject({
      detectedAt: '2026-12-09 22:15',
      dataCategories: ['identification', 'tax'],
      dataCategoryTexts: ['Identificación (nombre, RUT)', 'Tributarios y contables'],
      peopleAffected: 120,
      agencyNotifiedOn: null,
      statusText: 'Abierto',
    });
    const noHow = await api.owner.put(`/api/data-protection/incidents/${saved.id}`, {
      ...incident,
      agencyNotifiedOn: '2026-12-10',
    });
    expect(noHow.statusCode).toBe(400);
    expect(noHow.json().errors).toEqual([{ field: 'agencyNoticeHow', message: m.noticeHowRequired }]);
    const notified = await api.owner.put(`/api/data-protection/incidents/${saved.id}`, {
      ...incident,
      agencyNotifiedOn: '2026-12-10',
      agencyNoticeHow: 'Formulario de la Agencia, folio 123',
      peopleNotifiedOn: '2026-12-10',
      peopleNoticeHow: 'Correo a cada persona',
      status: 'contained',
    });
    expect(notified.statusCode, notified.body).toBe(200);
    expect(notified.json().incident).toMatchObject({ status: 'contained', agencyNotifiedOn: '2026-12-10' });
    const [first, second] = await entriesOf('security_incident', saved.id);
    expect(first?.action).toBe('created');
    expect(second?.details?.after).toMatchObject({ status: 'Contenido', agencyNotifiedOn: '2026-12-10' });
    const list = (await api.owner.get('/api/data-protection/incidents')).json() as Incident[];
    expect(list.map((row) => row.id)).toContain(saved.id);
  });

  it('refuses a detection in the future, a notice before it, and no category', async () => {
    const future = await api.owner.post('/api/data-protection/incidents', {
      ...incident,
      detectedAt: '2026-12-10 13:00',
    });
    expect(future.json().message).toBe(m.detectedInFuture);
    const early = await api.owner.post('/api/data-protection/incidents', {
      ...incident,
      peopleNotifiedOn: '2026-12-08',
      peopleNoticeHow: 'Correo',
    });
    expect(early.json().errors).toEqual([{ field: 'peopleNotifiedOn', message: m.noticeBeforeDetection }]);
    const none = await api.owner.post('/api/data-protection/incidents', { ...incident, dataCategories: [] });
    expect(none.json().errors).toEqual([{ field: 'dataCategories', message: m.categoriesRequired }]);
    const bad = await api.owner.post('/api/data-protection/incidents', { ...incident, detectedAt: '10-12-2026 10:00' });
    expect(bad.json().errors).toEqual([{ field: 'detectedAt', message: m.detectedAtInvalid }]);
  });
});

describe('the privacy notice', () => {
  it('offers a starting text naming the firm and Ley 21.719 while none is published; nobody must acknowledge yet', async () => {
    await api.owner.put('/api/firm/settings', {
      name: 'Estudio Contable Pérez',
      rut: '76.086.428-5',
      address: 'Av. Siempre Viva 123',
      monthlyReportDay: null,
    });
    const admin = (await api.owner.get('/api/data-protection/notice')).json() as PrivacyNoticeAdmin;
    expect(admin.current).toBeNull();
    expect(admin.template).toContain('Estudio Contable Pérez, RUT 76.086.428-5, con domicilio en Av. Siempre Viva 123');
    expect(admin.template).toContain('Ley N° 21.719');
    expect(admin.template).toContain('30 días corridos');
    expect(((await api.client.get('/api/privacy-notice')).json() as PrivacyNoticeForUser).mustAcknowledge).toBe(false);
  });

  it('publishes versions; a client must acknowledge the current one, staff never must', async () => {
    const first = await api.owner.post('/api/data-protection/notice', {
      text: 'Primer aviso.\r\n\r\nSegundo párrafo.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(m.noticePublished(1));
    expect(first.json().notice.current).toMatchObject({ version: 1, text: 'Primer aviso.\n\nSegundo párrafo.' });
    // The starting text's blanks must be filled first.
    const blank = await api.owner.post('/api/data-protection/notice', {
      text: 'El estudio [Nombre del estudio] responde en [correo de contacto].',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([
      { field: 'text', message: m.noticeHasBlanks(['[Nombre del estudio]', '[correo de contacto]']) },
    ]);
    const same = await api.owner.post('/api/data-protection/notice', { text: 'Primer aviso.\n\nSegundo párrafo.  ' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(m.noticeUnchanged);

    const forClient = (await api.client.get('/api/privacy-notice')).json() as PrivacyNoticeForUser;
    expect(forClient).toMatchObject({ mustAcknowledge: true, acknowledgedAt: null, notice: { version: 1 } });
    expect(((await api.collaborator.get('/api/privacy-notice')).json() as PrivacyNoticeForUser).mustAcknowledge).toBe(
      false,
    );

    const second = await api.owner.post('/api/data-protection/notice', { text: 'Aviso nuevo.' });
    expect(second.json().notice.current.version).toBe(2);
    // The version the client read is no longer the current one.
    const stale = await api.client.post('/api/privacy-notice/acknowledge', { versionId: forClient.notice?.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.noticeNotCurrent);

    const current = second.json().notice.current.id as number;
    const acknowledged = await t.request({
      method: 'POST',
      url: '/api/privacy-notice/acknowledge',
      token: clientToken,
      payload: { versionId: current },
      remoteAddress: '203.0.113.9',
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json().message).toBe(m.noticeAcknowledged);
    expect(acknowledged.json().notice).toMatchObject({ mustAcknowledge: false, notice: { version: 2 } });
    // Twice is once.
    const again = await api.client.post('/api/privacy-notice/acknowledge', { versionId: current });
    expect(again.statusCode).toBe(200);

    const acks = (await api.owner.get(`/api/data-protection/notice/${current}/acknowledgements`)).json();
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ ip: '203.0.113.9' });
    const admin = (await api.owner.get('/api/data-protection/notice')).json() as PrivacyNoticeAdmin;
    expect(admin.versions.map((version) => [version.version, version.acknowledgements])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(admin.clientsAcknowledged).toBe(1);
    expect(admin.clientUsers).toBeGreaterThanOrEqual(2);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'privacy_notice'), eq(activity.action, 'acknowledged')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ip: '203.0.113.9', businessId: clientBusinessId, recordLabel: 'Versión 2' });
  });
});
