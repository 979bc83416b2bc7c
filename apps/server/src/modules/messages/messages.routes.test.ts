import { msg } from '@app/shared/messages';
import { messagesMsg } from '@app/shared/messages-messages';
import { currentPeriod } from '@app/shared/period';
import { type ConversationList, MESSAGE_NEW_EVENT, type Message, type ThreadPage } from '@app/shared/schemas/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { type Caller, callerFor } from '../../test/route-suite.ts';
import { closeSocketsAfterEach, eventsWithin, nextEvent, socketFor } from '../../test/sockets.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tinyJpeg } from '../../test/upload-fixtures.ts';
import { messageAttachments, messages } from './messages.tables.ts';

// 'Mensajes', role by role: anonymous 401 everywhere, a client of another company 403 on every
// endpoint, a client their own company's thread only, staff every company's thread and the inbox.

let t: TestApp;
let api: Record<'owner' | 'collaborator' | 'client' | 'anonymous' | 'stranger', Caller>;
let clientBusinessId: number;
let strangerBusinessId: number;
let clock = new Date('2026-11-20T13:00:00Z');
let strangerToken: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const tokens = await tokensForEveryRole(t);
  clientBusinessId = tokens.clientBusinessId;
  const stranger = await insertBusiness(t, { name: 'Ferretería Ajena' });
  strangerBusinessId = stranger.id;
  const strangerUser = await t.userWithRole('client', { businessId: stranger.id });
  strangerToken = strangerUser.token;
  api = {
    owner: callerFor(t, () => tokens.owner),
    collaborator: callerFor(t, () => tokens.collaborator),
    client: callerFor(t, () => tokens.client),
    anonymous: callerFor(t),
    stranger: callerFor(t, () => strangerUser.token),
  };
});
afterAll(() => t.close());

const post = (caller: Caller, businessId: number, text: string) =>
  caller.post(`/api/messages/business/${businessId}`, { text });
const postFiles = (
  token: string | undefined,
  businessId: number,
  text: string,
  files: { name: string; bytes: Buffer }[],
) => {
  const body = multipartFiles(files, { text });
  return t.request({
    method: 'POST',
    url: `/api/messages/business/${businessId}`,
    token,
    payload: body.payload,
    headers: body.headers,
  });
};
const thread = async (caller: Caller, businessId: number, query = '') => {
  const response = await caller.get(`/api/messages/business/${businessId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ThreadPage;
};

describe('who may reach each endpoint', () => {
  it('answers 401 without a session and 403 to a client of another company, on every endpoint', async () => {
    const own = await postFiles(await t.ownerToken(), clientBusinessId, 'Hola', [
      { name: 'balance.pdf', bytes: tinyPdf('balance') },
    ]);
    expect(own.statusCode, own.body).toBe(201);
    const message = own.json().item as Message;
    const attachmentId = message.attachments[0]?.id;
    const endpoints: [string, string, unknown?][] = [
      ['GET', `/api/messages/business/${clientBusinessId}`],
      ['POST', `/api/messages/business/${clientBusinessId}`, { text: 'x' }],
      ['POST', `/api/messages/business/${clientBusinessId}/read`, { lastReadId: message.id }],
      ['PUT', `/api/messages/${message.id}`, { text: 'x' }],
      ['DELETE', `/api/messages/${message.id}`],
      ['GET', `/api/messages/attachments/${attachmentId}`],
      ['POST', `/api/messages/attachments/${attachmentId}/file`, { year: 2026, month: 11, folderId: 1 }],
      ['GET', '/api/messages/conversations'],
      ['PUT', '/api/messages/settings', { notifyAfterMinutes: 5 }],
    ];
    for (const [method, url, payload] of endpoints) {
      const anonymous = await t.request({ method: method as 'GET', url, payload: payload as object });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
      const stranger = await t.request({
        method: method as 'GET',
        url,
        payload: payload as object,
        token: strangerToken,
      });
      expect(stranger.statusCode, `${method} ${url} as another company's client`).toBe(403);
    }
    // The message of the test's client is untouched by all that.
    const after = await thread(api.client, clientBusinessId);
    expect(after.messages.map((item) => item.text)).toContain('Hola');
  });

  it("refuses the staff's inbox and filing to clients, and the settings to collaborators", async () => {
    expect((await api.client.get('/api/messages/conversations')).statusCode).toBe(403);
    expect((await api.client.get('/api/messages/settings')).statusCode).toBe(403);
    expect(
      (await api.client.post('/api/messages/attachments/1/file', { year: 2026, month: 11, folderId: 1 })).statusCode,
    ).toBe(403);
    const collaborator = await api.collaborator.put('/api/messages/settings', { notifyAfterMinutes: 5 });
    expect(collaborator.statusCode).toBe(403);
    const owner = await api.owner.put('/api/messages/settings', { notifyAfterMinutes: 20 });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await api.collaborator.get('/api/messages/settings')).json()).toEqual({ notifyAfterMinutes: 20 });
    const wrong = await api.owner.put('/api/messages/settings', { notifyAfterMinutes: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messagesMsg.invalidMinutes);
    await api.owner.put('/api/messages/settings', { notifyAfterMinutes: 15 });
  });
});

describe('a thread between a client and the firm', () => {
  it('carries a photo from the client, counts it unread for staff, and the reply unread for the client', async () => {
    const company = await insertBusiness(t, { name: 'Panadería Ñandú' });
    const client = await t.userWithRole('client', { businessId: company.id, name: 'Rosa', lastName: 'Díaz' });
    const sent = await postFiles(client.token, company.id, 'Les mando la boleta', [
      { name: 'IMG_0001.JPG', bytes: tinyJpeg() },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const item = sent.json().item as Message;
    expect(item).toMatchObject({ side: 'client', text: 'Les mando la boleta', author: { name: 'Rosa Díaz' } });
    expect(item.attachments).toEqual([
      { id: expect.any(Number), name: 'IMG_0001.jpg', size: tinyJpeg().length, contentType: 'image/jpeg', filed: null },
    ]);

    const inbox = (await api.collaborator.get('/api/messages/conversations')).json() as ConversationList;
    const row = inbox.conversations.find((conversation) => conversation.businessId === company.id);
    expect(row).toMatchObject({
      businessName: 'Panadería Ñandú',
      unread: 1,
      last: { preview: 'Les mando la boleta', attachments: 1 },
    });
    expect(inbox.conversations[0]?.unread).toBeGreaterThan(0);
    const unreadBefore = (await api.collaborator.get('/api/messages/unread')).json().total as number;

    const download = await api.collaborator.get(`/api/messages/attachments/${item.attachments[0]?.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.equals(tinyJpeg())).toBe(true);

    const read = await api.collaborator.post(`/api/messages/business/${company.id}/read`, { lastReadId: item.id });
    expect(read.json()).toEqual({ lastReadId: item.id, unread: 0 });
    expect((await api.collaborator.get('/api/messages/unread')).json().total).toBe(unreadBefore - 1);

    const answer = await post(api.collaborator, company.id, 'Recibida, gracias');
    expect(answer.statusCode).toBe(201);
    const clientCaller = callerFor(t, () => client.token);
    expect((await clientCaller.get('/api/messages/unread')).json()).toEqual({ total: 1, threads: 1 });
    const page = await thread(clientCaller, company.id);
    expect(page.messages.map((message) => [message.side, message.text])).toEqual([
      ['client', 'Les mando la boleta'],
      ['staff', 'Recibida, gracias'],
    ]);
    expect(page.otherSideReadId).toBe(answer.json().item.id);
    expect(page.clientUsers).toBe(1);
    expect((await thread(api.owner, (await insertBusiness(t)).id)).clientUsers).toBe(0);
  });

  it('counts nothing unread for a staff member who joins after the clients wrote; what comes later counts', async () => {
    const company = await insertBusiness(t, { name: 'Librería Ágora' });
    const client = await t.userWithRole('client', { businessId: company.id });
    const clientCaller = callerFor(t, () => client.token);
    expect((await post(clientCaller, company.id, '¿Recibieron la cartola?')).statusCode).toBe(201);
    expect((await post(clientCaller, company.id, 'La mando de nuevo por si acaso')).statusCode).toBe(201);
    const ownersUnread = (await api.owner.get('/api/messages/unread')).json().total as number;
    expect(ownersUnread).toBeGreaterThanOrEqual(2);

    const created = await api.owner.post('/api/user', {
      name: 'Nora',
      lastName: 'Quiroga',
      email: 'nora.quiroga@estudio.cl',
      password: 'secreto-nora-1',
      role: 'collaborator',
    });
    expect(created.statusCode, created.body).toBe(201);
    const login = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nora.quiroga@estudio.cl', password: 'secreto-nora-1' },
    });
    const nora = callerFor(t, () => login.json().token as string);
    expect((await nora.get('/api/messages/unread')).json()).toEqual({ total: 0, threads: 0 });
    // The staff who were there still have them unread.
    expect((await api.owner.get('/api/messages/unread')).json().total).toBe(ownersUnread);

    expect((await post(clientCaller, company.id, 'Ya la subí')).statusCode).toBe(201);
    expect((await nora.get('/api/messages/unread')).json()).toEqual({ total: 1, threads: 1 });
  });

  it("answers 404 for a company that does not exist, keeping none of the message's files", async () => {
    const before = await t.database.db.select().from(messageAttachments);
    const missing = await postFiles(await t.ownerToken(), 999_999, 'Hola', [{ name: 'a.pdf', bytes: tinyPdf('a') }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messagesMsg.businessNotFound);
    expect(await t.database.db.select().from(messageAttachments)).toHaveLength(before.length);
    expect((await post(api.owner, 999_999, 'Hola')).statusCode).toBe(404);
  });

  it('refuses an empty message, a file of another kind and a text past the limit, storing nothing', async () => {
    const empty = await post(api.client, clientBusinessId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messagesMsg.empty);
    const before = await t.database.db.select().from(messageAttachments);
    const exe = await postFiles(strangerToken, strangerBusinessId, 'ver', [
      { name: 'programa.pdf', bytes: Buffer.from('MZ\x90\x00 not a document at all') },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(messagesMsg.notAccepted);
    expect(await t.database.db.select().from(messageAttachments)).toHaveLength(before.length);
    const long = await post(api.client, clientBusinessId, 'a'.repeat(4001));
    expect(long.statusCode).toBe(400);
  });

  it('pages a long thread newest first with a cursor', async () => {
    const company = await insertBusiness(t);
    for (let index = 1; index <= 120; index++) {
      await post(api.owner, company.id, `Mensaje ${index}`);
    }
    const first = await thread(api.collaborator, company.id);
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]?.text).toBe('Mensaje 71');
    expect(first.messages.at(-1)?.text).toBe('Mensaje 120');
    expect(first.hasOlder).toBe(true);
    const second = await thread(api.collaborator, company.id, `?antes=${first.messages[0]?.id}&limite=60`);
    expect(second.messages.map((message) => message.text)).toEqual(
      Array.from({ length: 60 }, (_, index) => `Mensaje ${index + 11}`),
    );
    const last = await thread(api.collaborator, company.id, `?antes=${second.messages[0]?.id}`);
    expect(last.messages).toHaveLength(10);
    expect(last.hasOlder).toBe(false);
  });
});

describe('editing and deleting', () => {
  it("edits one's own message within 15 minutes, marked edited; never another's, nor later", async () => {
    const created = (await post(api.client, clientBusinessId, 'Mañana paso')).json().item as Message;
    const other = await api.collaborator.put(`/api/messages/${created.id}`, { text: 'cambiado' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messagesMsg.notOwn);
    clock = new Date(clock.getTime() + 10 * 60_000);
    const edited = await api.client.put(`/api/messages/${created.id}`, { text: 'Mañana paso a las 10' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().item).toMatchObject({ text: 'Mañana paso a las 10', editedAt: clock.toISOString() });
    clock = new Date(clock.getTime() + 6 * 60_000);
    const late = await api.client.put(`/api/messages/${created.id}`, { text: 'otra vez' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messagesMsg.editWindow(15));
  });

  it('deletes a message leaving a row without text or files, and logs it without its text', async () => {
    const sent = await postFiles(strangerToken, strangerBusinessId, 'Texto confidencial que se borra', [
      { name: 'cartola.pdf', bytes: tinyPdf('cartola') },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const item = sent.json().item as Message;
    const [stored] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, item.id));
    expect(await t.modules.storage.open(stored?.storageKey ?? '')).not.toBeNull();
    // Another user of the same company may read it but not delete it.
    const colleague = await t.userWithRole('client', { businessId: strangerBusinessId });
    const notOwn = await t.request({ method: 'DELETE', url: `/api/messages/${item.id}`, token: colleague.token });
    expect(notOwn.statusCode).toBe(403);
    const token = strangerToken;
    const gone = await t.request({ method: 'DELETE', url: `/api/messages/${item.id}`, token });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().item).toMatchObject({ deleted: true, text: '', attachments: [] });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, item.id));
    expect(row?.body).toBe('');
    expect(
      await t.database.db.select().from(messageAttachments).where(eq(messageAttachments.messageId, item.id)),
    ).toEqual([]);
    expect(await t.modules.storage.open(stored?.storageKey ?? '')).toBeNull();
    const download = await api.owner.get(`/api/messages/attachments/${stored?.id}`);
    expect(download.statusCode).toBe(404);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'message'), eq(activity.recordId, String(item.id))));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['created', 'deleted']);
    expect(JSON.stringify(entries)).not.toContain('confidencial');
    const again = await t.request({ method: 'DELETE', url: `/api/messages/${item.id}`, token });
    expect(again.statusCode).toBe(409);
  });
});

describe("the documents' hourly sweep of stored bytes no row names", () => {
  it("keeps the bytes of messages' attachments", async () => {
    const sent = await postFiles(await t.ownerToken(), clientBusinessId, 'Adjunto que se queda', [
      { name: 'balance.pdf', bytes: tinyPdf('se queda') },
    ]);
    const id = (sent.json().item as Message).attachments[0]?.id;
    const [row] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, id ?? 0));
    await t.modules.documents.sweepOrphans(new Date(Date.now() + 3 * 60 * 60_000));
    expect(await t.modules.storage.open(row?.storageKey ?? '')).not.toBeNull();
    const download = await api.client.get(`/api/messages/attachments/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPdf('se queda'))).toBe(true);
  });
});

describe('system lines', () => {
  it('posts a centred line without author that the client counts unread', async () => {
    const company = await insertBusiness(t);
    const client = await t.userWithRole('client', { businessId: company.id });
    const line = await t.modules.messages.postSystemMessage(
      company.id,
      'Aprobación solicitada: F29 de octubre',
      '/aprobaciones',
    );
    expect(line).toMatchObject({ side: 'system', author: null, link: '/aprobaciones' });
    const clientCaller = callerFor(t, () => client.token);
    expect((await clientCaller.get('/api/messages/unread')).json().total).toBe(1);
    const edit = await api.owner.put(`/api/messages/${line.id}`, { text: 'x' });
    expect(edit.statusCode).toBe(409);
  });
});

describe('filing an attachment into documents', () => {
  it("copies the file into the company's folder of the period chosen, and remembers where", async () => {
    const service = await createServiceWithStates(t, `Contabilidad ${Math.random()}`, [
      { name: 'Pendiente', pctProgress: 0 },
    ]);
    const template = await api.owner.post(`/api/service/${service.serviceId}/folder`, { name: 'Boletas' });
    expect(template.statusCode, template.body).toBe(201);
    const folderId = template.json().folder.id as number;
    const company = await insertBusiness(t, { startContract: '2020-01-01' });
    await linkService(t, company.id, service.serviceId, '2020-01-01');
    const client = await t.userWithRole('client', { businessId: company.id });
    const sent = await postFiles(client.token, company.id, '', [{ name: 'foto.jpg', bytes: tinyJpeg() }]);
    const attachmentId = (sent.json().item as Message).attachments[0]?.id;
    const { year, month } = currentPeriod();

    expect(
      (await api.client.post(`/api/messages/attachments/${attachmentId}/file`, { year, month, folderId })).statusCode,
    ).toBe(403);
    const future = await api.collaborator.post(`/api/messages/attachments/${attachmentId}/file`, {
      year: year + 1,
      month,
      folderId,
    });
    expect(future.statusCode).toBe(400);
    const filed = await api.collaborator.post(`/api/messages/attachments/${attachmentId}/file`, {
      year,
      month,
      folderId,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().attachment.filed).toEqual({ year, month, folderName: 'Boletas' });
    const view = await api.owner.get(`/api/business/${company.id}/folder/${folderId}/year/${year}/month/${month}`);
    expect(view.json().files.map((file: { name: string }) => file.name)).toEqual(['foto.jpg']);
    const entry = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'message'), eq(activity.action, 'filed')));
    expect(entry.at(-1)?.businessId).toBe(company.id);
  });
});

describe('live delivery', () => {
  closeSocketsAfterEach();
  it("sends a client's message to staff and to that company's clients, never to another company's", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = await socketFor(baseUrl, await t.ownerToken());
    const otherClient = await socketFor(baseUrl, strangerToken);
    const company = await insertBusiness(t);
    const writer = await t.userWithRole('client', { businessId: company.id });
    const colleague = await t.userWithRole('client', { businessId: company.id });
    const colleagueSocket = await socketFor(baseUrl, colleague.token);
    const silent = eventsWithin(otherClient, MESSAGE_NEW_EVENT, 600);
    const toStaff = nextEvent<{ businessId: number; item: Message }>(staff, MESSAGE_NEW_EVENT);
    const toColleague = nextEvent<{ businessId: number; item: Message }>(colleagueSocket, MESSAGE_NEW_EVENT);
    await post(
      callerFor(t, () => writer.token),
      company.id,
      'En vivo',
    );
    expect((await toStaff).item).toMatchObject({ businessId: company.id, text: 'En vivo' });
    expect((await toColleague).item.text).toBe('En vivo');
    expect(await silent).toEqual([]);
  });
});
