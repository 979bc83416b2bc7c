import fs from 'node:fs';
import path from 'node:path';
import { boardMsg } from '@app/shared/messages-board';
import { mailMsg } from '@app/shared/messages-mail';
import type { EmailLogPage } from '@app/shared/schemas/email';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
let business: { id: number; name: string };
let collaborator: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensForEveryRole(t);
  collaborator = await t.userWithRole('collaborator');
  tokens.collaborator = collaborator.token;
  business = await insertBusiness(t, { name: 'Panadería Los Aromos' });
});
afterAll(() => t.close());

const send = (payload: Record<string, unknown>, token = tokens.owner) =>
  t.request({ method: 'POST', url: '/api/utils/send-email', token, payload });
const log = async (query = '') =>
  (await t.request({ method: 'GET', url: `/api/email${query}`, token: tokens.owner })).json() as EmailLogPage;

describe('POST /api/utils/send-email', () => {
  it('sends to every recipient and logs the send with the provider answer', async () => {
    const response = await send({
      subject: 'Pago Impuesto Mensual (F29)',
      content: 'Estimado cliente:\nSu F29 está listo.',
      businessId: business.id,
      emails: 'ana@aromos.cl, Pedro@Aromos.cl',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: boardMsg.emailSent, delivery: 'sent' });
    expect(t.mailer.sent.at(-1)).toMatchObject({
      to: ['ana@aromos.cl', 'pedro@aromos.cl'],
      subject: 'Pago Impuesto Mensual (F29)',
    });
    const [latest] = (await log()).rows;
    expect(latest).toMatchObject({
      business: { id: business.id, name: 'Panadería Los Aromos' },
      emails: 'ana@aromos.cl,pedro@aromos.cl',
      ok: true,
      delivery: 'sent',
    });
    expect(latest?.providerResponse).toContain('250 OK');
  });

  it('refuses a missing field or an invalid recipient with the form message, sending nothing', async () => {
    const before = t.mailer.sent.length;
    const invalid = await send({ subject: 'Hola', content: 'Texto', emails: ['ana@aromos.cl', 'no-es-correo'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ field: 'emails', message: boardMsg.invalidEmail }]);
    const missing = await send({ subject: '', content: 'Texto', emails: ['ana@aromos.cl'] });
    expect(missing.json().errors).toEqual([{ field: 'subject', message: boardMsg.required }]);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('logs a send the provider refused, and says so with 502', async () => {
    vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('550 buzón no existe'));
    const response = await send({ subject: 'Pago Previsión', content: 'Hola', emails: ['nadie@aromos.cl'] });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(boardMsg.emailFailed);
    const [latest] = (await log()).rows;
    expect(latest).toMatchObject({
      business: null,
      subject: 'Pago Previsión',
      ok: false,
      delivery: 'failed',
      providerResponse: '550 buzón no existe',
    });
  });

  it('answers 404 for an unknown company', async () => {
    const payload = { subject: 'Hola', content: 'Texto', emails: ['ana@aromos.cl'] };
    expect((await send({ ...payload, businessId: 999_999 })).statusCode).toBe(404);
  });

  it('lets owners and collaborators send (logged with the sender), not clients (403) nor anonymous (401)', async () => {
    const payload = { subject: 'Pago Previsión', content: 'Texto', businessId: business.id, emails: ['ana@aromos.cl'] };
    expect((await t.request({ method: 'POST', url: '/api/utils/send-email', payload })).statusCode).toBe(401);
    expect((await send(payload, tokens.client)).statusCode).toBe(403);
    const byCollaborator = await send({ ...payload, subject: 'Del colaborador' }, tokens.collaborator);
    expect(byCollaborator.statusCode, byCollaborator.body).toBe(200);
    expect(byCollaborator.json()).toMatchObject({ message: boardMsg.emailSent, delivery: 'sent' });
    const byOwner = await send({ ...payload, subject: 'De la dueña' }, tokens.owner);
    expect(byOwner.statusCode).toBe(200);
    const rows = (await log()).rows;
    expect(rows.find((row) => row.subject === 'Del colaborador')?.sentBy).toEqual({
      id: collaborator.id,
      name: 'Usuario collaborator',
    });
    expect(rows.find((row) => row.subject === 'De la dueña')?.sentBy?.id).toEqual(expect.any(Number));
    expect(rows.find((row) => row.subject === 'De la dueña')?.sentBy?.id).not.toBe(collaborator.id);
  });
});

describe('GET /api/email', () => {
  it('pages newest first with the total count, and filters by company', async () => {
    const before = await log(`?businessId=${business.id}`);
    const allBefore = await log();
    for (let index = 0; index < 3; index++) {
      await send({ subject: `Aviso ${index}`, content: 'Texto', businessId: business.id, emails: ['ana@aromos.cl'] });
    }
    const all = await log('?page=1&size=2');
    expect(all.rows.map((row) => row.subject)).toEqual(['Aviso 2', 'Aviso 1']);
    const second = await log('?page=2&size=2');
    expect(second.rows[0]?.subject).toBe('Aviso 0');
    const ofCompany = await log(`?businessId=${business.id}`);
    expect(ofCompany.count).toBe(before.count + 3);
    expect(ofCompany.rows.every((row) => row.business?.id === business.id)).toBe(true);
    expect(all.count).toBe(allBefore.count + 3);
  });

  it('is the owner’s: 403 for a collaborator and a client, 401 anonymous', async () => {
    expect((await t.request({ method: 'GET', url: '/api/email', token: tokens.collaborator })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/email', token: tokens.client })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/email' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/email', token: tokens.owner })).statusCode).toBe(200);
  });
});

describe('GET /api/email/status', () => {
  it('tells the owner that mail and APP_URL are not configured, and no one else', async () => {
    const status = await t.request({ method: 'GET', url: '/api/email/status', token: tokens.owner });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ mailConfigured: false, appUrlConfigured: false });
    expect((await t.request({ method: 'GET', url: '/api/email/status', token: tokens.collaborator })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/email/status', token: tokens.client })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/email/status' })).statusCode).toBe(401);
  });

  it('says both are configured when SMTP_URL and APP_URL are set, without showing either', async () => {
    const configured = await createTestApp({
      SMTP_URL: 'smtps://usuario:secreto@smtp.example.com',
      APP_URL: 'https://estudio.example.cl',
    });
    try {
      const status = await configured.request({
        method: 'GET',
        url: '/api/email/status',
        token: await configured.ownerToken(),
      });
      expect(status.json()).toEqual({ mailConfigured: true, appUrlConfigured: true });
      expect(status.body).not.toMatch(/secreto|smtp\.example|estudio\.example/);
    } finally {
      await configured.close();
    }
  });
});

describe('without SMTP_URL (the outbox)', () => {
  it('says the message was saved in the local outbox, not sent, and the log says so too', async () => {
    const local = await createTestApp({}, { mailer: 'configured' });
    try {
      const token = await local.ownerToken();
      const response = await local.request({
        method: 'POST',
        url: '/api/utils/send-email',
        token,
        payload: { subject: 'Pago Previsión', content: 'Hola', emails: ['ana@aromos.cl'] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: mailMsg.savedToOutbox, delivery: 'outbox' });
      expect(response.json().message).not.toBe(boardMsg.emailSent);
      expect(fs.readdirSync(path.join(local.dataDir, 'outbox'))).toHaveLength(1);
      const page = (await local.request({ method: 'GET', url: '/api/email', token })).json() as EmailLogPage;
      expect(page.rows[0]).toMatchObject({ ok: true, delivery: 'outbox' });
    } finally {
      await local.close();
    }
  });
});
