import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { companiesMsg } from '@app/shared/messages-companies';
import { requestsMsg } from '@app/shared/messages-requests';
import { currentPeriod, type Period, periodMonthText } from '@app/shared/period';
import {
  type DocumentRequest,
  REQUESTS_EVENT,
  type RequestList,
  type RequestSummaryList,
  type RequestTemplate,
} from '@app/shared/schemas/requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { tinyPdf } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole, type Caller, callerFor } from '../../test/route-suite.ts';
import { closeSocketsAfterEach, eventsWithin, nextEvent, socketFor } from '../../test/sockets.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { emailLog } from '../email/email.tables.ts';
import { requestsRepository } from './requests.repository.ts';
import { templateDueDate } from './requests.service.ts';
import { documentRequests } from './requests.tables.ts';

closeSocketsAfterEach();

let serviceCounter = 0;

/** A service with folder templates (through the API, as the owner): its id and the folders' ids. */
async function serviceWithFolders(t: TestApp, folderNames = ['Facturas de compra', 'Cartola bancaria']) {
  serviceCounter += 1;
  const { serviceId } = await createServiceWithStates(t, `Contabilidad ${serviceCounter} ${randomUUID()}`, [
    { name: 'Pendiente', pctProgress: 0 },
  ]);
  const folderIds: number[] = [];
  for (const name of folderNames) {
    const response = await t.request({
      method: 'POST',
      url: `/api/service/${serviceId}/folder`,
      token: await t.ownerToken(),
      payload: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    folderIds.push(response.json().folder.id);
  }
  return { serviceId, folderIds };
}

const templateBody = (folderIds: number[], extra: Record<string, unknown> = {}) => ({
  title: 'Documentos del mes',
  dueDay: 10,
  sendDay: null,
  items: folderIds.map((serviceFolderId, index) => ({ name: `Documento ${index + 1}`, serviceFolderId })),
  ...extra,
});

async function createTemplate(api: Caller, serviceId: number, body: Record<string, unknown>): Promise<RequestTemplate> {
  const response = await api.post(`/api/service/${serviceId}/request-template`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().template;
}

const requestBody = (businessId: number, period: Period, folderIds: number[], extra: Record<string, unknown> = {}) => ({
  businessId,
  ...period,
  title: 'Papeles de marzo',
  dueDate: '2026-04-12',
  items: folderIds.map((serviceFolderId, index) => ({ name: `Papel ${index + 1}`, serviceFolderId })),
  ...extra,
});

async function createRequest(api: Caller, body: Record<string, unknown>): Promise<DocumentRequest> {
  const response = await api.post('/api/requests', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request;
}

/** The user who sends files against a company's items in these tests: a client of it, or a staff member. */
const uploaders = new WeakMap<TestApp, Map<string, number>>();
async function uploaderId(t: TestApp, key: string, create: () => Promise<{ id: number }>): Promise<number> {
  const known = uploaders.get(t) ?? new Map<string, number>();
  uploaders.set(t, known);
  const id = known.get(key) ?? (await create()).id;
  known.set(key, id);
  return id;
}

/** A file sent against an item through this module's item upload: by a client of the company, or by staff. */
async function insertClientFile(t: TestApp, request: DocumentRequest, itemIndex: number, fromClient = true) {
  const item = request.items[itemIndex];
  if (!item) throw new Error('no such item');
  const businessId = request.business.id;
  const actor: AuthUser = fromClient
    ? {
        id: await uploaderId(t, `client-${businessId}`, () => t.userWithRole('client', { businessId })),
        role: 'client',
        businessId,
        sessionId: 'prueba',
      }
    : {
        id: await uploaderId(t, 'staff', () => t.userWithRole('collaborator')),
        role: 'collaborator',
        businessId: null,
        sessionId: 'prueba',
      };
  const [file] = await t.modules.requests.itemUploads.upload(
    actor,
    item.id,
    [{ fileName: 'factura.pdf', content: Readable.from([tinyPdf(randomUUID())]) }],
    { maxMegabytes: 1 },
    SYSTEM_ACTOR,
  );
  if (!file) throw new Error('file not stored');
  return file;
}

const logRowsOf = (t: TestApp, businessId: number) =>
  t.database.db.select().from(emailLog).where(eq(emailLog.businessId, businessId));

describe('document requests: routes', () => {
  const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();
  const period = currentPeriod();

  describe('permissions of every endpoint', () => {
    let serviceId: number;
    let folderIds: number[];
    let template: RequestTemplate;
    let request: DocumentRequest;

    beforeAll(async () => {
      ({ serviceId, folderIds } = await serviceWithFolders(t));
      template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const company = await insertBusiness(t);
      await linkService(t, company.id, serviceId);
      request = await createRequest(api.owner, requestBody(company.id, period, folderIds));
    });

    it('templates: staff read, only owners write; clients and anonymous callers are refused', async () => {
      const url = `/api/service/${serviceId}/request-template`;
      await expectClientAndAnonymousRefused({ method: 'GET', url });
      for (const caller of [api.owner, api.collaborator]) {
        const listed = await caller.get(url);
        expect(listed.statusCode).toBe(200);
        expect(listed.json().rows.map((row: RequestTemplate) => row.id)).toContain(template.id);
      }
      const body = templateBody(folderIds);
      const writes = [
        { method: 'POST' as const, url, payload: body },
        { method: 'PUT' as const, url: `/api/request-template/${template.id}`, payload: body },
        { method: 'DELETE' as const, url: `/api/request-template/${template.id}` },
      ];
      for (const write of writes) {
        await expectClientAndAnonymousRefused(write);
        const asCollaborator = await t.request({ ...write, token: roles.collaborator });
        expect(asCollaborator.statusCode).toBe(403);
        expect(asCollaborator.json()).toEqual({ message: msg.forbidden });
      }
      expect((await api.owner.put(`/api/request-template/${template.id}`, body)).statusCode).toBe(200);
    });

    it("'Solicitar a todas', requests, lists, reviews and to-review counts: owners and collaborators only", async () => {
      const item = request.items[0];
      if (!item) throw new Error('no item');
      const staffOnly = [
        { method: 'POST' as const, url: `/api/request-template/${template.id}/send`, payload: period },
        { method: 'GET' as const, url: `/api/requests?year=${period.year}&month=${period.month}` },
        {
          method: 'GET' as const,
          url: `/api/business/${request.business.id}/requests?year=${period.year}&month=${period.month}`,
        },
        { method: 'GET' as const, url: '/api/requests/to-review' },
        { method: 'POST' as const, url: '/api/requests', payload: requestBody(request.business.id, period, folderIds) },
        { method: 'PUT' as const, url: `/api/request-item/${item.id}`, payload: { status: 'received' } },
        { method: 'DELETE' as const, url: `/api/requests/${request.id}` },
      ];
      for (const call of staffOnly) {
        await expectClientAndAnonymousRefused(call);
        for (const token of [roles.collaborator, roles.owner]) {
          const response = await t.request({ ...call, token });
          expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBeLessThan(300);
          // Deleted once; the owner's second delete finds nothing.
          if (call.method === 'DELETE') break;
        }
      }
      expect((await api.owner.delete(`/api/requests/${request.id}`)).statusCode).toBe(404);
    });

    it("GET /api/my/requests: a client's own only; staff are refused, anonymous callers too", async () => {
      expect((await api.client.get('/api/my/requests')).statusCode).toBe(200);
      for (const caller of [api.owner, api.collaborator]) {
        const refused = await caller.get('/api/my/requests');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: msg.forbidden });
      }
      const anonymous = await api.anonymous.get('/api/my/requests');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
    });
  });

  describe('templates', () => {
    it('are written whole: items replaced in order, folder names shown, deleted with 404 after', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t, ['F29', 'Libro de compras', 'Cartola']);
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds.slice(0, 2), { sendDay: 3 }));
      expect(template).toMatchObject({
        serviceId,
        title: 'Documentos del mes',
        dueDay: 10,
        sendDay: 3,
        items: [
          { name: 'Documento 1', serviceFolderId: folderIds[0], folderName: 'F29' },
          { name: 'Documento 2', serviceFolderId: folderIds[1], folderName: 'Libro de compras' },
        ],
      });

      const updated = await api.owner.put(`/api/request-template/${template.id}`, {
        title: '  Cierre mensual  ',
        dueDay: 31,
        sendDay: null,
        items: [{ name: 'Cartola del banco', serviceFolderId: folderIds[2] }],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        message: requestsMsg.templateUpdated,
        template: {
          title: 'Cierre mensual',
          dueDay: 31,
          sendDay: null,
          items: [{ name: 'Cartola del banco', serviceFolderId: folderIds[2], folderName: 'Cartola' }],
        },
      });
      const listed = (await api.collaborator.get(`/api/service/${serviceId}/request-template`)).json();
      expect(listed.rows).toEqual([updated.json().template]);

      const deleted = await api.owner.delete(`/api/request-template/${template.id}`);
      expect(deleted.json()).toEqual({ message: requestsMsg.templateDeleted });
      const again = await api.owner.delete(`/api/request-template/${template.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: requestsMsg.templateNotFound });
      expect((await api.owner.put(`/api/request-template/${template.id}`, templateBody(folderIds))).statusCode).toBe(
        404,
      );
    });

    it("refuse a folder of another service on the item's field, and bad input in Spanish (400, never 500)", async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const other = await serviceWithFolders(t, ['Ajena']);
      const url = `/api/service/${serviceId}/request-template`;
      const foreign = await api.owner.post(url, templateBody([folderIds[0] ?? 0, other.folderIds[0] ?? 0]));
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({
        message: requestsMsg.folderNotOfService,
        errors: [{ field: 'items.1.serviceFolderId', message: requestsMsg.folderNotOfService }],
      });
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const foreignUpdate = await api.owner.put(`/api/request-template/${template.id}`, templateBody(other.folderIds));
      expect(foreignUpdate.statusCode).toBe(400);
      expect(foreignUpdate.json().errors).toEqual([
        { field: 'items.0.serviceFolderId', message: requestsMsg.folderNotOfService },
      ]);

      const cases: [Record<string, unknown>, string][] = [
        [templateBody(folderIds, { title: 'Con \u0000 nulo' }), msg.forbiddenChars],
        [templateBody(folderIds, { title: 'Medio \ud800 par' }), msg.forbiddenChars],
        [templateBody(folderIds, { title: 'x'.repeat(1_000_000) }), 'Debe tener como máximo 120 caracteres'],
        [templateBody(folderIds, { title: '   ' }), requestsMsg.titleRequired],
        [templateBody(folderIds, { dueDay: 32 }), requestsMsg.dueDayRange],
        [templateBody(folderIds, { sendDay: 0 }), requestsMsg.dueDayRange],
        [templateBody([]), requestsMsg.itemsRequired],
        [templateBody([2_147_483_648]), requestsMsg.folderRequired],
        [templateBody(Array.from({ length: 31 }, () => folderIds[0] ?? 0)), requestsMsg.tooManyItems],
      ];
      for (const [body, message] of cases) {
        const response = await api.owner.post(url, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(JSON.stringify(response.json())).toContain(message);
      }
      for (const path of ['/api/request-template/2147483648', '/api/request-template/0', '/api/request-template/abc']) {
        const response = await api.owner.put(path, templateBody(folderIds));
        expect(response.statusCode, path).toBe(400);
      }
      expect((await api.owner.get('/api/service/2147483648/request-template')).json()).toEqual({
        message: msg.invalidId,
        errors: [{ field: 'serviceId', message: msg.invalidId }],
      });
      expect((await api.owner.get('/api/service/2147483647/request-template')).statusCode).toBe(404);
    });
  });

  describe("'Solicitar a todas'", () => {
    it('creates one request per company the service applies to (and tracks) that period, e-mails those with contacts, skips on a second send', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const template = await createTemplate(
        api.owner,
        serviceId,
        templateBody(folderIds, { title: 'Documentos de contabilidad', dueDay: 31 }),
      );
      const withContacts = await insertBusiness(t, { contact: 'ana@empresa.cl, pagos@empresa.cl' });
      const withoutContacts = await insertBusiness(t, { contact: '' });
      const notLinked = await insertBusiness(t);
      const contractEnded = await insertBusiness(t, { startContract: '2020-01-01', endContract: '2020-12-31' });
      const linkedLater = await insertBusiness(t);
      // 'Seguimiento desde' the month after: not asked for this one.
      const trackedLater = await insertBusiness(t, {
        trackingSince: `${periodMonthText(period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 })}-01`,
      });
      for (const company of [withContacts, withoutContacts, contractEnded, trackedLater])
        await linkService(t, company.id, serviceId);
      await linkService(t, linkedLater.id, serviceId, '2100-01-01');
      const mailsBefore = t.mailer.sent.length;

      const sent = await api.collaborator.post(`/api/request-template/${template.id}/send`, period);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({
        message: `${requestsMsg.sentToAll(2, 0)}; el aviso por correo quedará en la bandeja local (el correo no está configurado) a 1 empresa; el registro de correos muestra cada envío`,
        created: 2,
        skipped: 0,
        emailed: 1,
      });
      await t.modules.requests.mailsSettled();

      const list: RequestSummaryList = (
        await api.owner.get(`/api/requests?year=${period.year}&month=${period.month}`)
      ).json();
      const mine = list.rows.filter((row) => row.service?.id === serviceId);
      expect(mine.map((row) => row.business.id).sort()).toEqual([withContacts.id, withoutContacts.id].sort());
      for (const row of mine) {
        expect(row).toMatchObject({
          title: 'Documentos de contabilidad',
          dueDate: templateDueDate(period, 31),
          missing: 2,
          toReview: 0,
          itemCount: 2,
          ...period,
        });
        const own: RequestList = (
          await api.owner.get(`/api/business/${row.business.id}/requests?year=${period.year}&month=${period.month}`)
        ).json();
        expect(own.rows[0]?.items.map((item) => [item.name, item.folder.id, item.look])).toEqual([
          ['Documento 1', folderIds[0], 'pendiente'],
          ['Documento 2', folderIds[1], 'pendiente'],
        ]);
      }
      for (const company of [notLinked, contractEnded, linkedLater, trackedLater]) {
        expect(list.rows.some((row) => row.business.id === company.id)).toBe(false);
      }

      // One mail, to both addresses of the company that has them, logged as sent by the collaborator.
      const mails = t.mailer.sent.slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual(['ana@empresa.cl', 'pagos@empresa.cl']);
      expect(mails[0]?.subject).toBe(requestsMsg.createdSubject(withContacts.name, 'Documentos de contabilidad'));
      expect(mails[0]?.text).toContain('- Documento 1');
      expect(mails[0]?.text).toContain(templateDueDate(period, 31).split('-').reverse().join('-'));
      expect(mails[0]?.text).toContain('http://localhost:3000/');
      const logged = await logRowsOf(t, withContacts.id);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ emails: 'ana@empresa.cl,pagos@empresa.cl', ok: true });
      expect(await logRowsOf(t, withoutContacts.id)).toHaveLength(0);

      const second = await api.owner.post(`/api/request-template/${template.id}/send`, period);
      expect(second.json()).toEqual({ message: requestsMsg.sentToAll(0, 2), created: 0, skipped: 2, emailed: 0 });
      expect(t.mailer.sent.length - mailsBefore).toBe(1);
    });

    it("the scheduler's send (no staff actor) e-mails as the app; a mail server failure keeps the requests", async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const failing = await insertBusiness(t, { contact: 'caido@pyme.cl' });
      const working = await insertBusiness(t, { contact: 'bien@pyme.cl' });
      for (const company of [failing, working]) await linkService(t, company.id, serviceId);
      const send = vi
        .spyOn(t.mailer, 'send')
        .mockImplementation(async (message) =>
          message.to.includes('caido@pyme.cl')
            ? Promise.reject(new Error('421 servidor no disponible'))
            : { messageId: '<ok@test>', response: '250 OK', outbox: false },
        );
      try {
        const sent = await t.modules.requests.sendTemplate(null, template.id, period);
        expect(sent).toMatchObject({ created: 2, skipped: 0, emailed: 2 });
        await t.modules.requests.mailsSettled();
      } finally {
        send.mockRestore();
      }
      const [failed] = await logRowsOf(t, failing.id);
      expect(failed).toMatchObject({ ok: false, sentBy: null });
      expect((await logRowsOf(t, working.id))[0]).toMatchObject({ ok: true, sentBy: null });
      const listed = (
        await api.owner.get(`/api/business/${failing.id}/requests?year=${period.year}&month=${period.month}`)
      ).json();
      expect(listed.rows).toHaveLength(1);
    });

    it('answers once the requests are written, before the e-mails are handed to the mail server', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const companies = await Promise.all([0, 1].map((n) => insertBusiness(t, { contact: `lento${n}@pyme.cl` })));
      for (const company of companies) await linkService(t, company.id, serviceId);
      let release = () => {};
      const slow = new Promise<void>((resolve) => {
        release = resolve;
      });
      const handed: string[] = [];
      const send = vi.spyOn(t.mailer, 'send').mockImplementation(async (message) => {
        await slow;
        handed.push(...message.to);
        return { messageId: '<lento@test>', response: '250 OK', outbox: false };
      });
      try {
        const answer = await Promise.race([
          api.owner.post(`/api/request-template/${template.id}/send`, period),
          new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000)),
        ]);
        expect(answer).not.toBe('no answer');
        expect(answer !== 'no answer' && answer.json()).toMatchObject({ created: 2, emailed: 2 });
        expect(handed).toEqual([]);
        release();
        await t.modules.requests.mailsSettled();
        expect(handed.sort()).toEqual(['lento0@pyme.cl', 'lento1@pyme.cl']);
      } finally {
        release();
        send.mockRestore();
      }
      for (const company of companies) expect(await logRowsOf(t, company.id)).toHaveLength(1);
    });

    it('five sends at the same moment still give each company one request', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const companies = await Promise.all([0, 1, 2].map(() => insertBusiness(t)));
      for (const company of companies) await linkService(t, company.id, serviceId);

      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          (index % 2 === 0 ? api.owner : api.collaborator).post(`/api/request-template/${template.id}/send`, period),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers.reduce((sum, answer) => sum + answer.json().created, 0)).toBe(3);
      expect(answers.reduce((sum, answer) => sum + answer.json().skipped, 0)).toBe(12);
      const rows = await t.database.db
        .select()
        .from(documentRequests)
        .where(eq(documentRequests.templateId, template.id));
      expect(rows.map((row) => row.businessId).sort()).toEqual(companies.map((company) => company.id).sort());
      await t.modules.requests.mailsSettled();
      for (const company of companies) expect(await logRowsOf(t, company.id)).toHaveLength(1);
    });

    it('refuses a period after the current one and an unknown template', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 };
      const future = await api.owner.post(`/api/request-template/${template.id}/send`, next);
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(boardMsg.periodInFuture);
      const unknown = await api.owner.post('/api/request-template/2147483647/send', period);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: requestsMsg.templateNotFound });
      const badMonth = await api.owner.post(`/api/request-template/${template.id}/send`, { ...period, month: 13 });
      expect(badMonth.statusCode).toBe(400);
    });

    it('tells staff sockets once per send (company 0: several), never client sockets', async () => {
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const template = await createTemplate(api.owner, serviceId, templateBody(folderIds));
      const company = await insertBusiness(t);
      await linkService(t, company.id, serviceId);
      const staff = await socketFor(baseUrl, roles.collaborator);
      const client = await socketFor(baseUrl, roles.client);
      const clientSaw = eventsWithin(client, REQUESTS_EVENT, 700);
      const staffGot = nextEvent(staff, REQUESTS_EVENT);
      expect((await api.owner.post(`/api/request-template/${template.id}/send`, period)).json().created).toBe(1);
      expect(await staffGot).toEqual({ businessId: 0, ...period });
      expect(await clientSaw).toEqual([]);

      const [item] = (
        await api.owner.get(`/api/business/${company.id}/requests?year=${period.year}&month=${period.month}`)
      ).json().rows[0].items;
      const reviewed = nextEvent(staff, REQUESTS_EVENT);
      await api.owner.put(`/api/request-item/${item.id}`, { status: 'received' });
      expect(await reviewed).toEqual({ businessId: company.id, ...period });
    });
  });

  describe('requests written by hand', () => {
    it('accept only folders of services that apply to the company that period; no contacts: no mail, and the answer says so', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const unlinked = await serviceWithFolders(t, ['Remuneraciones']);
      const company = await insertBusiness(t, { contact: '' });
      await linkService(t, company.id, serviceId);
      const mailsBefore = t.mailer.sent.length;

      const created = await api.collaborator.post('/api/requests', requestBody(company.id, period, folderIds));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        message: requestsMsg.requestCreatedNoEmail,
        request: {
          business: { id: company.id, name: company.name, rut: company.rut },
          title: 'Papeles de marzo',
          dueDate: '2026-04-12',
          service: { id: serviceId },
          items: [
            { name: 'Papel 1', folder: { id: folderIds[0], businessFolderId: 0 }, status: 'pending', files: [] },
            { name: 'Papel 2', folder: { id: folderIds[1], businessFolderId: 0 }, status: 'pending', files: [] },
          ],
        },
      });
      expect(t.mailer.sent.length).toBe(mailsBefore);
      expect(await logRowsOf(t, company.id)).toHaveLength(0);

      const notOfPeriod = await api.owner.post(
        '/api/requests',
        requestBody(company.id, period, [folderIds[0] ?? 0, unlinked.folderIds[0] ?? 0]),
      );
      expect(notOfPeriod.statusCode).toBe(400);
      expect(notOfPeriod.json()).toEqual({
        message: requestsMsg.folderNotOfPeriod,
        errors: [{ field: 'items.1.serviceFolderId', message: requestsMsg.folderNotOfPeriod }],
      });
      // A link that starts after the period does not apply to it.
      const later = await insertBusiness(t);
      await linkService(t, later.id, serviceId, '2100-01-01');
      expect((await api.owner.post('/api/requests', requestBody(later.id, period, folderIds))).statusCode).toBe(400);

      const unknownCompany = await api.owner.post('/api/requests', requestBody(2_147_483_647, period, folderIds));
      expect(unknownCompany.statusCode).toBe(400);
      expect(unknownCompany.json().errors).toEqual([{ field: 'businessId', message: companiesMsg.businessNotFound }]);
      const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 };
      expect((await api.owner.post('/api/requests', requestBody(company.id, next, folderIds))).json().message).toBe(
        boardMsg.periodInFuture,
      );
      const cases: [Record<string, unknown>, string][] = [
        [requestBody(company.id, period, folderIds, { title: 'a\u0000b' }), msg.forbiddenChars],
        [requestBody(company.id, period, folderIds, { dueDate: '2026-02-30' }), requestsMsg.dueDateInvalid],
        [requestBody(company.id, period, folderIds, { dueDate: '' }), requestsMsg.dueDateRequired],
        [requestBody(2_147_483_648, period, folderIds), msg.invalidId],
        [requestBody(company.id, period, [2_147_483_648]), requestsMsg.folderRequired],
        [requestBody(company.id, period, []), requestsMsg.itemsRequired],
        [
          requestBody(company.id, period, folderIds, { items: [{ name: '', serviceFolderId: folderIds[0] }] }),
          requestsMsg.itemNameRequired,
        ],
        [
          requestBody(company.id, period, folderIds, {
            items: [{ name: 'x'.repeat(1_000_000), serviceFolderId: folderIds[0] }],
          }),
          'Debe tener como máximo 120 caracteres',
        ],
      ];
      for (const [body, message] of cases) {
        const response = await api.owner.post('/api/requests', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(JSON.stringify(response.json())).toContain(message);
      }
    });

    it('e-mail the contacts a link and the list; deleting removes the request (404 after)', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const company = await insertBusiness(t, { contact: 'dueno@pyme.cl' });
      await linkService(t, company.id, serviceId);
      const created = await api.owner.post('/api/requests', requestBody(company.id, period, folderIds));
      expect(created.json().message).toBe(requestsMsg.requestCreated);
      const [logged] = await logRowsOf(t, company.id);
      expect(logged).toMatchObject({
        emails: 'dueno@pyme.cl',
        subject: requestsMsg.createdSubject(company.name, 'Papeles de marzo'),
      });
      expect(logged?.content).toContain('12-04-2026');
      expect(logged?.content).toContain('- Papel 2');

      const id = created.json().request.id;
      expect((await api.collaborator.delete(`/api/requests/${id}`)).json()).toEqual({
        message: requestsMsg.requestDeleted,
      });
      const list = (
        await api.owner.get(`/api/business/${company.id}/requests?year=${period.year}&month=${period.month}`)
      ).json();
      expect(list.rows).toEqual([]);
      expect((await api.owner.delete(`/api/requests/${id}`)).json()).toEqual({ message: requestsMsg.requestNotFound });
      expect((await api.owner.delete('/api/requests/2147483648')).statusCode).toBe(400);
      expect(
        (await api.owner.get(`/api/business/2147483647/requests?year=${period.year}&month=${period.month}`)).statusCode,
      ).toBe(404);
      expect((await api.owner.get('/api/requests?year=abc&month=1')).statusCode).toBe(400);
    });

    it('says the e-mail failed and will be tried again when the mail server refuses it, never that it was sent', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const company = await insertBusiness(t, { contact: 'rechazo@pyme.cl' });
      await linkService(t, company.id, serviceId);
      const send = vi.spyOn(t.mailer, 'send').mockRejectedValue(new Error('550 buzón no disponible'));
      try {
        const created = await api.owner.post('/api/requests', requestBody(company.id, period, folderIds));
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().message).toBe(
          'Solicitud creada; el correo al cliente no se pudo enviar y se volverá a intentar',
        );
      } finally {
        send.mockRestore();
      }
      const [logged] = await logRowsOf(t, company.id);
      expect(logged).toMatchObject({ emails: 'rechazo@pyme.cl', ok: false });
    });

    it('answers 201 with the request the transaction wrote when the database is lost right after the commit', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const company = await insertBusiness(t, { contact: '' });
      await linkService(t, company.id, serviceId);
      // From the commit on (the live event leaves after it), every read of requests fails as a
      // database going down does.
      const lost = () =>
        Promise.reject(
          Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        );
      const spies: { mockRestore(): void }[] = [];
      const stop = t.modules.events.on('requests.changed', () => {
        spies.push(vi.spyOn(requestsRepository, 'listRequests').mockImplementation(lost));
        spies.push(vi.spyOn(requestsRepository, 'listItems').mockImplementation(lost));
      });
      let created: Awaited<ReturnType<Caller['post']>>;
      try {
        created = await api.owner.post('/api/requests', requestBody(company.id, period, folderIds));
      } finally {
        stop();
        for (const spy of spies) spy.mockRestore();
      }
      expect(spies).toHaveLength(2);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        message: requestsMsg.requestCreatedNoEmail,
        request: {
          business: { id: company.id, name: company.name },
          title: 'Papeles de marzo',
          items: [
            { name: 'Papel 1', folder: { id: folderIds[0] }, status: 'pending', files: [] },
            { name: 'Papel 2', folder: { id: folderIds[1] }, status: 'pending', files: [] },
          ],
        },
      });
      const written = await t.database.db
        .select({ id: documentRequests.id })
        .from(documentRequests)
        .where(eq(documentRequests.businessId, company.id));
      expect(written).toEqual([{ id: created.json().request.id }]);
    });
  });

  describe('review and what awaits it', () => {
    it('keeps the to-review counts between changes: repeated reads do not query, a client file renews them', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const company = await insertBusiness(t, { contact: '' });
      await linkService(t, company.id, serviceId);
      const request = await createRequest(api.owner, requestBody(company.id, period, folderIds));
      const counted = vi.spyOn(requestsRepository, 'countToReview');
      try {
        const first = (await api.owner.get('/api/requests/to-review')).json();
        for (let read = 0; read < 4; read++) {
          expect((await api.collaborator.get('/api/requests/to-review')).json()).toEqual(first);
        }
        expect(counted).toHaveBeenCalledTimes(1);
        await insertClientFile(t, request, 0);
        await vi.waitFor(async () => {
          const after = (await api.owner.get('/api/requests/to-review')).json();
          expect(after.total).toBe(first.total + 1);
        });
        expect(counted.mock.calls.length).toBeGreaterThanOrEqual(2);
      } finally {
        counted.mockRestore();
      }
    });

    it("lists the month as summaries, the same bytes for every staff member, kept until a client's file renews them", async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const company = await insertBusiness(t, { contact: '' });
      await linkService(t, company.id, serviceId);
      const request = await createRequest(api.owner, requestBody(company.id, period, folderIds));
      const url = `/api/requests?year=${period.year}&month=${period.month}`;
      const listed = vi.spyOn(requestsRepository, 'listRequests');
      try {
        const first = await api.owner.get(url);
        expect(first.statusCode).toBe(200);
        const row = (first.json() as RequestSummaryList).rows.find((listedRow) => listedRow.id === request.id);
        // States and counts only: no items, files or per-reader download links.
        expect(row).toEqual({
          id: request.id,
          business: request.business,
          year: period.year,
          month: period.month,
          title: 'Papeles de marzo',
          dueDate: '2026-04-12',
          service: request.service,
          state: request.state,
          missing: 2,
          toReview: 0,
          itemCount: 2,
          createdAt: request.createdAt,
        });
        for (let read = 0; read < 3; read++) expect((await api.collaborator.get(url)).body).toBe(first.body);
        expect(listed).toHaveBeenCalledTimes(1);

        await insertClientFile(t, request, 0);
        await vi.waitFor(async () => {
          const after: RequestSummaryList = (await api.owner.get(url)).json();
          expect(after.rows.find((listedRow) => listedRow.id === request.id)?.toReview).toBe(1);
        });
      } finally {
        listed.mockRestore();
      }
    });

    it('received, asked again (the client is e-mailed the comment) and reopened; client files count until reviewed', async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const company = await insertBusiness(t, { contact: 'cliente@pyme.cl' });
      await linkService(t, company.id, serviceId);
      const request = await createRequest(
        api.owner,
        requestBody(company.id, period, folderIds, { dueDate: '2099-01-31' }),
      );
      const [first, second] = request.items;
      if (!first || !second) throw new Error('items missing');
      const countOf = async () => {
        const body = (await api.collaborator.get('/api/requests/to-review')).json();
        return body.byBusiness.find((row: { businessId: number }) => row.businessId === company.id)?.count ?? 0;
      };
      const totalBefore = (await api.owner.get('/api/requests/to-review')).json().total;
      expect(await countOf()).toBe(0);

      // A staff file against the item is not the client's: nothing to review.
      await insertClientFile(t, request, 0, false);
      expect(await countOf()).toBe(0);
      await insertClientFile(t, request, 0);
      await insertClientFile(t, request, 0);
      await insertClientFile(t, request, 1);
      expect(await countOf()).toBe(2);
      const toReview = (await api.owner.get('/api/requests/to-review')).json();
      expect(toReview.total).toBe(totalBefore + 2);
      // The period it waits in, so the board's badge leads there whatever month the board shows.
      expect(toReview.byBusiness.find((row: { businessId: number }) => row.businessId === company.id)).toEqual({
        businessId: company.id,
        count: 2,
        year: period.year,
        month: period.month,
      });
      expect(await t.modules.requests.countToReview()).toMatchObject({ total: totalBefore + 2 });

      const mailsBefore = t.mailer.sent.length;
      const rejected = await api.collaborator.put(`/api/request-item/${first.id}`, {
        status: 'rejected',
        comment: '  Falta la página 2  ',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const afterReject: DocumentRequest = rejected.json().request;
      expect(rejected.json().message).toBe(requestsMsg.itemRejected);
      expect(afterReject.items[0]).toMatchObject({
        status: 'rejected',
        look: 'rechazado',
        comment: 'Falta la página 2',
      });
      expect(afterReject.items[0]?.reviewedAt).not.toBeNull();
      expect(afterReject.items[1]).toMatchObject({ status: 'pending', look: 'enviado' });
      // The files sent against each item, oldest first, with links issued to the reader.
      expect(afterReject.items[0]?.files.map((file) => [file.fromClient, file.requestItemId])).toEqual([
        [false, first.id],
        [true, first.id],
        [true, first.id],
      ]);
      expect(afterReject.items[0]?.files[0]?.url).toMatch(/^\/api\/download\//);
      expect(afterReject.items[1]?.files).toHaveLength(1);
      expect(afterReject).toMatchObject({ state: 'parcial', missing: 2, toReview: 1 });
      expect(await countOf()).toBe(1);
      const mail = t.mailer.sent.at(-1);
      expect(t.mailer.sent.length).toBe(mailsBefore + 1);
      expect(mail?.to).toEqual(['cliente@pyme.cl']);
      expect(mail?.subject).toBe(requestsMsg.rejectedSubject(company.name, 'Papel 1'));
      expect(mail?.text).toContain('Falta la página 2');

      // The client sends again: the item awaits review once more.
      await insertClientFile(t, request, 0);
      expect(await countOf()).toBe(2);

      const received = await api.owner.put(`/api/request-item/${first.id}`, { status: 'received' });
      expect(received.json()).toMatchObject({
        message: requestsMsg.itemReceived,
        request: { items: [{ status: 'received', look: 'recibido', comment: '' }, { look: 'enviado' }], missing: 1 },
      });
      const all = await api.owner.put(`/api/request-item/${second.id}`, { status: 'received' });
      expect(all.json().request).toMatchObject({ state: 'completa', missing: 0, toReview: 0 });
      expect(await countOf()).toBe(0);

      const reopened = await api.owner.put(`/api/request-item/${second.id}`, { status: 'pending' });
      expect(reopened.json()).toMatchObject({
        message: requestsMsg.itemReopened,
        request: { items: [{ look: 'recibido' }, { status: 'pending', look: 'pendiente' }], missing: 1 },
      });
      expect(t.mailer.sent.length).toBe(mailsBefore + 1);

      const noComment = await api.owner.put(`/api/request-item/${first.id}`, { status: 'rejected', comment: ' ' });
      expect(noComment.statusCode).toBe(400);
      expect(JSON.stringify(noComment.json())).toContain(requestsMsg.commentRequired);
      const badStatus = await api.owner.put(`/api/request-item/${first.id}`, { status: 'aprobado' });
      expect(badStatus.statusCode).toBe(400);
      const unknown = await api.owner.put('/api/request-item/2147483647', { status: 'received' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: requestsMsg.itemNotFound });
      expect((await api.owner.put('/api/request-item/2147483648', { status: 'received' })).statusCode).toBe(400);
    });

    it("a client sees only their own company's requests", async () => {
      const { serviceId, folderIds } = await serviceWithFolders(t);
      const other = await insertBusiness(t);
      for (const id of [roles.clientBusinessId, other.id]) await linkService(t, id, serviceId);
      const own = await createRequest(api.owner, requestBody(roles.clientBusinessId, period, folderIds));
      const foreign = await createRequest(api.owner, requestBody(other.id, period, folderIds));

      const mine: RequestList = (await api.client.get('/api/my/requests')).json();
      const ids = mine.rows.map((row) => row.id);
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(foreign.id);
      expect(mine.rows.every((row) => row.business.id === roles.clientBusinessId)).toBe(true);
      // The client's requests of another company's period are not reachable through the staff routes.
      const refused = await api.client.get(
        `/api/business/${other.id}/requests?year=${period.year}&month=${period.month}`,
      );
      expect(refused.statusCode).toBe(403);
    });
  });
});

describe('document request states by the Santiago day', () => {
  // 10 April 2026, 12:00 in Santiago (UTC-4 since the DST change of 5 April): the period open is March.
  let clock = new Date('2026-04-10T16:00:00Z');
  const period = { year: 2026, month: 3 };
  let t: TestApp;
  let owner: Caller;
  let client: Caller;
  let clientBusinessId: number;
  let folderIds: number[];

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    const tokens = await tokensForEveryRole(t);
    owner = callerFor(t, () => tokens.owner);
    client = callerFor(t, () => tokens.client);
    clientBusinessId = tokens.clientBusinessId;
    const service = await serviceWithFolders(t);
    folderIds = service.folderIds;
    await linkService(t, clientBusinessId, service.serviceId);
  });
  afterAll(() => t?.close());

  const stateOf = async (id: number) => {
    const list: RequestSummaryList = (
      await owner.get(`/api/requests?year=${period.year}&month=${period.month}`)
    ).json();
    return { today: list.today, state: list.rows.find((row) => row.id === id)?.state };
  };

  it('pendiente until 23:59 of the due date, atrasada from 00:00 the next day; parcial and completa by the items', async () => {
    const request = await createRequest(
      owner,
      requestBody(clientBusinessId, period, folderIds, { dueDate: '2026-04-12' }),
    );
    expect(await stateOf(request.id)).toEqual({ today: '2026-04-10', state: 'pendiente' });

    clock = new Date('2026-04-13T03:59:00Z'); // 23:59 of the 12th in Santiago
    expect(await stateOf(request.id)).toEqual({ today: '2026-04-12', state: 'pendiente' });
    // A client's file makes it 'parcial' while not late.
    await insertClientFile(t, request, 0);
    expect((await stateOf(request.id)).state).toBe('parcial');

    clock = new Date('2026-04-13T04:00:00Z'); // 00:00 of the 13th
    expect(await stateOf(request.id)).toEqual({ today: '2026-04-13', state: 'atrasada' });

    for (const item of request.items) await owner.put(`/api/request-item/${item.id}`, { status: 'received' });
    expect((await stateOf(request.id)).state).toBe('completa');
  });

  it("a client's list: open ones first by due date, then those completed in the last 60 days", async () => {
    clock = new Date('2026-04-10T16:00:00Z');
    const later = await createRequest(
      owner,
      requestBody(clientBusinessId, period, folderIds, { dueDate: '2026-04-20' }),
    );
    const sooner = await createRequest(
      owner,
      requestBody(clientBusinessId, period, folderIds, { dueDate: '2026-04-15' }),
    );
    const done = await createRequest(
      owner,
      requestBody(clientBusinessId, period, folderIds, { dueDate: '2026-04-01' }),
    );
    for (const item of done.items) await owner.put(`/api/request-item/${item.id}`, { status: 'received' });

    const ids = (await client.get('/api/my/requests')).json().rows.map((row: DocumentRequest) => row.id);
    const open = ids.filter((id: number) => [sooner.id, later.id].includes(id));
    expect(open).toEqual([sooner.id, later.id]);
    expect(ids.indexOf(done.id)).toBeGreaterThan(ids.indexOf(later.id));

    // 61 days after its last item was received, a complete request leaves the client's list.
    clock = new Date(Date.now() + 61 * 86_400_000);
    const afterwards = (await client.get('/api/my/requests')).json().rows.map((row: DocumentRequest) => row.id);
    expect(afterwards).not.toContain(done.id);
    expect(afterwards).toEqual(expect.arrayContaining([sooner.id, later.id]));
  });
});

describe('templateDueDate', () => {
  it("is the due day of the month after the period, that month's last day when shorter", () => {
    expect(templateDueDate({ year: 2026, month: 1 }, 31)).toBe('2026-02-28');
    expect(templateDueDate({ year: 2028, month: 1 }, 30)).toBe('2028-02-29');
    expect(templateDueDate({ year: 2026, month: 12 }, 5)).toBe('2027-01-05');
    expect(templateDueDate({ year: 2026, month: 3 }, 31)).toBe('2026-04-30');
  });
});

describe('document requests without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { mailer: 'configured' });
  });
  afterAll(() => t.close());

  it("says the request's e-mail was kept in the local outbox, not that the client was told", async () => {
    const token = await t.ownerToken();
    const owner = callerFor(t, () => token);
    const { serviceId, folderIds } = await serviceWithFolders(t);
    const company = await insertBusiness(t, { contact: 'dueno@pyme.cl' });
    await linkService(t, company.id, serviceId);
    const created = await owner.post('/api/requests', requestBody(company.id, currentPeriod(), folderIds));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(
      'Solicitud creada. Guardado en la bandeja local: el correo no está configurado',
    );
    expect(created.json().message).not.toContain('enviada');
  });
});
