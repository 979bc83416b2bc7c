import { createHash } from 'node:crypto';
import { msg } from '@app/shared/messages';
import { approvalsMsg } from '@app/shared/messages-approvals';
import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod } from '@app/shared/period';
import type { Approval } from '@app/shared/schemas/approvals';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles, pdfText, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approvals } from './approvals.tables.ts';

// Client approvals role by role: anonymous 401; staff ask, list and cancel; the company's client
// answers; a client of another company is refused (403) on every endpoint. The SHA-256 of the exact
// bytes is kept and checked again; an approved file is neither replaced nor deleted (409).

let t: TestApp;
let owner: string;
let collaborator: string;
let folderId: number;
let company: { id: number; name: string };
let client: { id: number; token: string; email: string };
let stranger: { id: number; token: string };
let otherCompany: { id: number };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const CLIENT_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1';

/** Uploads PDFs into the company's folder as the owner; answers the files' ids in order. */
async function uploadPdfs(...files: { name: string; bytes: Buffer }[]): Promise<number[]> {
  const body = multipartFiles(files);
  const answer = await t.request({
    method: 'POST',
    url: `/api/business-folder/${folderId}/file`,
    token: owner,
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return (answer.json().files as { id: number }[]).map((file) => file.id);
}

const requestApproval = (fileId: number, extra: Record<string, unknown> = {}, token = owner, businessId = company.id) =>
  t.request({
    method: 'POST',
    url: `/api/business/${businessId}/approvals`,
    token,
    payload: { fileId, title: 'Balance 2025', message: 'Revisa las notas', ...extra },
  });

const answer = (id: number, body: Record<string, unknown>, token = client.token) =>
  t.request({
    method: 'POST',
    url: `/api/approvals/${id}/answer`,
    token,
    payload: body,
    headers: { 'user-agent': CLIENT_AGENT },
    remoteAddress: '203.0.113.7',
  });

const replaceFile = (fileId: number, bytes: Buffer) =>
  t.request({
    method: 'PUT',
    url: `/api/business-folder/file/${fileId}`,
    token: owner,
    ...multipartFiles([{ name: 'nueva-version.pdf', bytes }]),
  });

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://estudio.example.cl' });
  owner = await t.ownerToken();
  collaborator = (await t.userWithRole('collaborator', { name: 'Javier', lastName: 'Soto' })).token;
  const business = await insertBusiness(t, { name: 'Los Aromos SpA' });
  company = { id: business.id, name: business.name };
  client = await t.userWithRole('client', { name: 'Camila', lastName: 'Rojas', businessId: company.id });
  otherCompany = await insertBusiness(t, { name: 'Ferretería El Roble' });
  stranger = await t.userWithRole('client', { businessId: otherCompany.id });
  const service = await createServiceWithStates(t, 'Contabilidad aprobaciones', [
    { name: 'Pendiente', pctProgress: 0 },
  ]);
  const template = await t.request({
    method: 'POST',
    url: `/api/service/${service.serviceId}/folder`,
    token: owner,
    payload: { name: 'Balances' },
  });
  expect(template.statusCode, template.body).toBe(201);
  await linkService(t, company.id, service.serviceId, '2020-01-01');
  const { year, month } = currentPeriod();
  const view = await t.request({
    method: 'GET',
    url: `/api/business/${company.id}/folder/${template.json().folder.id}/year/${year}/month/${month}`,
    token: owner,
  });
  folderId = view.json().folder.businessFolderId;
});
afterAll(() => t.close());

describe('who may reach each endpoint', () => {
  it('answers 401 to an anonymous caller and 403 to a client of another company on every endpoint', async () => {
    const [fileId] = await uploadPdfs({ name: 'permisos.pdf', bytes: tinyPdf('permisos') });
    const created = await requestApproval(fileId as number, { title: 'Carta de compromiso' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().approval.id as number;
    const endpoints: [string, string, unknown?][] = [
      ['GET', `/api/business/${company.id}/approvals`],
      ['GET', `/api/business/${company.id}/approvals/files`],
      ['POST', `/api/business/${company.id}/approvals`, { fileId, title: 'x' }],
      ['POST', `/api/business/${company.id}/approvals/upload`, {}],
      ['GET', `/api/approvals/${id}`],
      ['POST', `/api/approvals/${id}/answer`, { answer: 'approve' }],
      ['POST', `/api/approvals/${id}/cancel`, {}],
      ['GET', `/api/approvals/${id}/document`],
      ['GET', `/api/approvals/${id}/certificate`],
      ['GET', `/api/approvals/${id}/certificate.pdf`],
    ];
    for (const [method, url, payload] of endpoints) {
      const anonymous = await t.request({ method: method as 'GET', url, payload: payload as never });
      expect([url, anonymous.statusCode, anonymous.json().message]).toEqual([url, 401, msg.unauthorized]);
      const refused = await t.request({
        method: method as 'GET',
        url,
        payload: payload as never,
        token: stranger.token,
      });
      expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, msg.forbidden]);
    }
    // 'Reemplazar' a file is the staff's: 401 anonymous, 403 to any client (its own company's too).
    const replaceBody = multipartFiles([{ name: 'x.pdf', bytes: tinyPdf('x') }]);
    const url = `/api/business-folder/file/${fileId}`;
    expect((await t.request({ method: 'PUT', url, ...replaceBody })).statusCode).toBe(401);
    for (const token of [stranger.token, client.token]) {
      const refused = await t.request({
        method: 'PUT',
        url,
        token,
        ...multipartFiles([{ name: 'x.pdf', bytes: tinyPdf('x') }]),
      });
      expect([refused.statusCode, refused.json().message]).toEqual([403, msg.forbidden]);
    }
    const byCollaborator = await t.request({
      method: 'PUT',
      url,
      token: collaborator,
      ...multipartFiles([{ name: 'permisos-v2.pdf', bytes: tinyPdf('permisos v2') }]),
    });
    expect(byCollaborator.statusCode, byCollaborator.body).toBe(200);
    expect(byCollaborator.json().files[0]).toMatchObject({ id: fileId, name: 'permisos-v2.pdf' });
    // The request is still pending: nothing above changed it.
    const read = await t.request({ method: 'GET', url: `/api/approvals/${id}`, token: owner });
    expect(read.json().status).toBe('pending');
  });

  it('lets staff list, ask and cancel but never answer, and the client list and answer but never ask or cancel', async () => {
    const [fileId] = await uploadPdfs({ name: 'roles.pdf', bytes: tinyPdf('roles') });
    const asClient = await requestApproval(fileId as number, {}, client.token);
    expect([asClient.statusCode, asClient.json().message]).toEqual([403, msg.forbidden]);
    const byCollaborator = await requestApproval(
      fileId as number,
      { title: 'Borrador F29 octubre 2026' },
      collaborator,
    );
    expect(byCollaborator.statusCode, byCollaborator.body).toBe(201);
    const id = byCollaborator.json().approval.id as number;
    expect(byCollaborator.json().approval.requestedBy).toBe('Javier Soto');

    for (const token of [owner, collaborator]) {
      const listed = await t.request({ method: 'GET', url: `/api/business/${company.id}/approvals`, token });
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as Approval[]).some((row) => row.id === id)).toBe(true);
      const staffAnswer = await answer(id, { answer: 'approve' }, token);
      expect([staffAnswer.statusCode, staffAnswer.json().message]).toEqual([403, msg.forbidden]);
    }
    const clientList = await t.request({
      method: 'GET',
      url: `/api/business/${company.id}/approvals`,
      token: client.token,
    });
    expect(clientList.statusCode).toBe(200);
    expect((clientList.json() as Approval[]).find((row) => row.id === id)?.statusText).toBe('Pendiente');
    const clientCancel = await t.request({
      method: 'POST',
      url: `/api/approvals/${id}/cancel`,
      token: client.token,
      payload: {},
    });
    expect(clientCancel.statusCode).toBe(403);
    const clientFiles = await t.request({
      method: 'GET',
      url: `/api/business/${company.id}/approvals/files`,
      token: client.token,
    });
    expect(clientFiles.statusCode).toBe(403);

    const cancelled = await t.request({
      method: 'POST',
      url: `/api/approvals/${id}/cancel`,
      token: collaborator,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: approvalsMsg.cancelled,
      approval: { status: 'cancelled', statusText: 'Anulado', cancelledBy: 'Javier Soto' },
    });
    const late = await answer(id, { answer: 'approve' });
    expect([late.statusCode, late.json().message]).toEqual([409, approvalsMsg.notPending('Anulado')]);
    const logged = await t.database.db
      .select({ action: activity.action })
      .from(activity)
      .where(and(eq(activity.kind, 'approval'), eq(activity.recordId, String(id))))
      .orderBy(activity.id);
    expect(logged.map((entry) => entry.action)).toEqual(['requested', 'cancelled']);
    const again = await t.request({ method: 'POST', url: `/api/approvals/${id}/cancel`, token: owner, payload: {} });
    expect([again.statusCode, again.json().message]).toEqual([409, approvalsMsg.notPending('Anulado')]);
  });
});

describe('asking, answering and the certificate', () => {
  it('keeps the SHA-256 of the exact bytes, records who answered from where, and writes it in the certificate', async () => {
    const bytes = tinyPdf('balance-2025');
    const [fileId] = await uploadPdfs({ name: 'balance-2025.pdf', bytes });
    const mailsBefore = t.mailer.sent.length;
    const created = await requestApproval(fileId as number, { reminderDays: 5 });
    expect(created.statusCode, created.body).toBe(201);
    const approval = created.json().approval as Approval;
    expect(created.json().message).toBe(approvalsMsg.requestedSent);
    expect(approval).toMatchObject({
      title: 'Balance 2025',
      status: 'pending',
      reminderDays: 5,
      requestMail: 'sent',
      document: { name: 'balance-2025.pdf', sha256: sha256(bytes), size: bytes.length, fileId, source: 'file' },
    });
    const mail = t.mailer.sent.slice(mailsBefore).find((sent) => sent.to.includes(client.email));
    expect(mail?.subject).toContain('Balance 2025');
    expect(mail?.text).toContain(`https://estudio.example.cl/aprobaciones/${approval.id}`);

    // A second request of the same file waits for the first one's answer.
    const twice = await requestApproval(fileId as number);
    expect([twice.statusCode, twice.json().message]).toEqual([409, approvalsMsg.alreadyPending]);

    // The client opens the document: the same bytes.
    const opened = await t.request({
      method: 'GET',
      url: `/api/approvals/${approval.id}/document`,
      token: client.token,
    });
    expect(opened.statusCode).toBe(200);
    expect(sha256(opened.rawPayload)).toBe(approval.document.sha256);

    // No certificate while pending.
    const early = await t.request({
      method: 'GET',
      url: `/api/approvals/${approval.id}/certificate.pdf`,
      token: owner,
    });
    expect([early.statusCode, early.json().message]).toEqual([409, approvalsMsg.certificateNotYet]);

    const approved = await answer(approval.id, { answer: 'approve', comment: 'Conforme' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: approvalsMsg.approved,
      approval: {
        status: 'approved',
        statusText: 'Aprobado',
        answer: 'approve',
        answerText: 'Apruebo',
        answeredBy: 'Camila Rojas',
        answeredByEmail: client.email,
        answerIp: '203.0.113.7',
        answerUserAgent: CLIENT_AGENT,
        comment: 'Conforme',
      },
    });
    const twiceAnswered = await answer(approval.id, { answer: 'reject', comment: 'No' });
    expect([twiceAnswered.statusCode, twiceAnswered.json().message]).toEqual([
      409,
      approvalsMsg.notPending('Aprobado'),
    ]);

    const page = await t.request({
      method: 'GET',
      url: `/api/approvals/${approval.id}/certificate`,
      token: client.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().approval.document.sha256).toBe(sha256(bytes));
    const pdf = await t.request({ method: 'GET', url: `/api/approvals/${approval.id}/certificate.pdf`, token: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Certificado de aprobación',
      sha256(bytes),
      'balance-2025.pdf',
      'Los Aromos SpA',
      'Camila Rojas',
      '203.0.113.7',
      'Apruebo',
      'Conforme',
      'America/Santiago',
    ]) {
      expect(text).toContain(expected);
    }

    const entries = await t.database.db
      .select({ action: activity.action, ip: activity.ip, label: activity.recordLabel })
      .from(activity)
      .where(and(eq(activity.kind, 'approval'), eq(activity.recordId, String(approval.id))))
      .orderBy(activity.id);
    expect(entries.map((entry) => entry.action)).toEqual(['requested', 'downloaded', 'approved']);
    expect(entries[2]).toMatchObject({ ip: '203.0.113.7', label: 'Balance 2025' });
  });

  it('refuses to replace or delete an approved file (409 in Spanish); a new version is a new file with a new approval', async () => {
    const [fileId] = await uploadPdfs({ name: 'carta.pdf', bytes: tinyPdf('carta') });
    const created = await requestApproval(fileId as number, { title: 'Carta de compromiso' });
    const id = created.json().approval.id as number;
    expect((await answer(id, { answer: 'approve' })).statusCode).toBe(200);

    const replaced = await replaceFile(fileId as number, tinyPdf('carta v2'));
    expect([replaced.statusCode, replaced.json().message]).toEqual([
      409,
      approvalsMsg.fileApproved('Carta de compromiso'),
    ]);
    const deleted = await t.request({ method: 'DELETE', url: `/api/business-folder/file/${fileId}`, token: owner });
    expect([deleted.statusCode, deleted.json().message]).toEqual([
      409,
      approvalsMsg.fileApproved('Carta de compromiso'),
    ]);
    const again = await requestApproval(fileId as number);
    expect([again.statusCode, again.json().message]).toEqual([409, approvalsMsg.alreadyApproved]);

    // The bytes are untouched: the certificate's hash still matches the file.
    const opened = await t.request({ method: 'GET', url: `/api/approvals/${id}/document`, token: owner });
    expect(sha256(opened.rawPayload)).toBe(sha256(tinyPdf('carta')));

    const [newVersion] = await uploadPdfs({ name: 'carta-v2.pdf', bytes: tinyPdf('carta v2') });
    const second = await requestApproval(newVersion as number, { title: 'Carta de compromiso v2' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().approval.document.sha256).toBe(sha256(tinyPdf('carta v2')));
  });

  it('refuses to approve when the file was replaced after the request, but lets the client reject it', async () => {
    const [fileId] = await uploadPdfs({ name: 'f29.pdf', bytes: tinyPdf('f29 original') });
    const created = await requestApproval(fileId as number, { title: 'Borrador F29 octubre 2026' });
    const id = created.json().approval.id as number;
    const replaced = await replaceFile(fileId as number, tinyPdf('f29 cambiado'));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().message).toBe(documentsMsg.fileReplaced);
    const [logged] = await t.database.db
      .select({ action: activity.action, label: activity.recordLabel, details: activity.details })
      .from(activity)
      .where(and(eq(activity.kind, 'file'), eq(activity.recordId, String(fileId))))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(logged).toMatchObject({
      action: 'replaced',
      label: 'nueva-version.pdf',
      details: { before: { name: 'f29.pdf' }, after: { name: 'nueva-version.pdf' } },
    });

    const refused = await answer(id, { answer: 'approve' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, approvalsMsg.documentChanged]);
    const noComment = await answer(id, { answer: 'reject', comment: '  ' });
    expect([noComment.statusCode, noComment.json().message]).toEqual([400, approvalsMsg.commentRequired]);
    const rejected = await answer(id, { answer: 'reject', comment: 'El archivo cambió' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().approval).toMatchObject({
      status: 'rejected',
      answerText: 'Rechazo',
      comment: 'El archivo cambió',
    });
    const pdf = await t.request({ method: 'GET', url: `/api/approvals/${id}/certificate.pdf`, token: client.token });
    expect(pdfText(pdf.rawPayload)).toContain('Constancia de rechazo');
    // A rejected file is not locked: it can be replaced again.
    expect((await replaceFile(fileId as number, tinyPdf('f29 corregido'))).statusCode).toBe(200);
  });

  it('refuses to approve a document whose file was deleted after the request', async () => {
    const [fileId] = await uploadPdfs({ name: 'borrar.pdf', bytes: tinyPdf('borrar') });
    const id = (await requestApproval(fileId as number)).json().approval.id as number;
    const deleted = await t.request({ method: 'DELETE', url: `/api/business-folder/file/${fileId}`, token: owner });
    expect(deleted.statusCode).toBe(200);
    const refused = await answer(id, { answer: 'approve' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, approvalsMsg.documentGone]);
    const read = await t.request({ method: 'GET', url: `/api/approvals/${id}`, token: owner });
    expect(read.json().document).toMatchObject({ fileId: null, available: false, name: 'borrar.pdf' });
  });

  it('takes a PDF uploaded with the request, keeps its bytes from the orphan sweep, and refuses anything but a PDF', async () => {
    const bytes = tinyPdf('subido-ahi');
    const upload = multipartFiles([{ name: 'balance-subido.pdf', bytes }], {
      title: 'Balance 2025 (subido)',
      message: '',
      reminderDays: '7',
    });
    const created = await t.request({
      method: 'POST',
      url: `/api/business/${company.id}/approvals/upload`,
      token: collaborator,
      ...upload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const approval = created.json().approval as Approval;
    expect(approval).toMatchObject({
      title: 'Balance 2025 (subido)',
      reminderDays: 7,
      document: { source: 'upload', fileId: null, sha256: sha256(bytes), available: true },
    });
    const [row] = await t.database.db
      .select({ key: approvals.storageKey })
      .from(approvals)
      .where(eq(approvals.id, approval.id));
    expect(row?.key).toBeTruthy();
    // The documents' hourly sweep keeps the bytes of a PDF uploaded with a request.
    expect(await t.modules.approvals.keysAmong([row?.key as string, 'otra-clave'])).toEqual(new Set([row?.key]));

    const approved = await answer(approval.id, { answer: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);

    const image = multipartFiles([{ name: 'foto.pdf', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) }], {
      title: 'Foto',
    });
    const refused = await t.request({
      method: 'POST',
      url: `/api/business/${company.id}/approvals/upload`,
      token: owner,
      ...image,
    });
    expect(refused.statusCode).toBe(415);
    const noTitle = await t.request({
      method: 'POST',
      url: `/api/business/${company.id}/approvals/upload`,
      token: owner,
      ...multipartFiles([{ name: 'sin-titulo.pdf', bytes: tinyPdf('sin titulo') }]),
    });
    expect([noTitle.statusCode, noTitle.json().message]).toEqual([400, approvalsMsg.titleRequired]);
  });

  it('refuses a request for a company without a client user, or for a file of another company', async () => {
    const lonely = await insertBusiness(t);
    const [fileId] = await uploadPdfs({ name: 'ajeno.pdf', bytes: tinyPdf('ajeno') });
    const noClient = await requestApproval(fileId as number, {}, owner, lonely.id);
    expect([noClient.statusCode, noClient.json().message]).toEqual([409, approvalsMsg.noClientUser]);
    const otherClient = await t.userWithRole('client', { businessId: lonely.id });
    expect(otherClient.id).toBeGreaterThan(0);
    const wrongCompany = await requestApproval(fileId as number, {}, owner, lonely.id);
    expect([wrongCompany.statusCode, wrongCompany.json().message]).toEqual([404, approvalsMsg.fileNotFound]);
    const badDays = await requestApproval(fileId as number, { reminderDays: 0 });
    expect([badDays.statusCode, badDays.json().message]).toEqual([400, approvalsMsg.reminderDaysInvalid]);
  });

  it('lists the company files to choose from, newest first, and the approvals newest first', async () => {
    const files = await t.request({ method: 'GET', url: `/api/business/${company.id}/approvals/files`, token: owner });
    expect(files.statusCode).toBe(200);
    const names = (files.json() as { name: string; place: string }[]).map((file) => file.name);
    expect(names[0]).toBe('ajeno.pdf');
    expect(names).toContain('carta-v2.pdf');
    const listed = (
      await t.request({ method: 'GET', url: `/api/business/${company.id}/approvals`, token: owner })
    ).json() as Approval[];
    const ids = listed.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [newest] = await t.database.db
      .select({ action: activity.action })
      .from(activity)
      .where(eq(activity.kind, 'approval'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(newest?.action).toBe('approved');
  });
});
