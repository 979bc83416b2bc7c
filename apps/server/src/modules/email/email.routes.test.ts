import { boardMsg } from '@app/shared/messages-board';
import type { EmailLogPage } from '@app/shared/schemas/email';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
let business: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensForEveryRole(t);
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
    expect(response.json().message).toBe(boardMsg.emailSent);
    expect(t.mailer.sent.at(-1)).toMatchObject({
      to: ['ana@aromos.cl', 'pedro@aromos.cl'],
      subject: 'Pago Impuesto Mensual (F29)',
    });
    const [latest] = (await log()).rows;
    expect(latest).toMatchObject({
      business: { id: business.id, name: 'Panadería Los Aromos' },
      emails: 'ana@aromos.cl,pedro@aromos.cl',
      ok: true,
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
      providerResponse: '550 buzón no existe',
    });
  });

  it('is the owner’s: 403 for a collaborator and a client, 401 anonymous; an unknown company is 404', async () => {
    const payload = { subject: 'Hola', content: 'Texto', emails: ['ana@aromos.cl'] };
    expect((await send(payload, tokens.collaborator)).statusCode).toBe(403);
    expect((await send(payload, tokens.client)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/utils/send-email', payload })).statusCode).toBe(401);
    expect((await send({ ...payload, businessId: 999_999 })).statusCode).toBe(404);
  });
});

describe('GET /api/email', () => {
  it('pages newest first with the total count, and filters by company', async () => {
    for (let index = 0; index < 3; index++) {
      await send({ subject: `Aviso ${index}`, content: 'Texto', businessId: business.id, emails: ['ana@aromos.cl'] });
    }
    const all = await log('?page=1&size=2');
    expect(all.rows.map((row) => row.subject)).toEqual(['Aviso 2', 'Aviso 1']);
    const second = await log('?page=2&size=2');
    expect(second.rows[0]?.subject).toBe('Aviso 0');
    const ofCompany = await log(`?businessId=${business.id}`);
    expect(ofCompany.count).toBe(4);
    expect(ofCompany.rows.every((row) => row.business?.id === business.id)).toBe(true);
    expect(all.count).toBe(5);
  });

  it('is the owner’s: 403 for a collaborator', async () => {
    const response = await t.request({ method: 'GET', url: '/api/email', token: tokens.collaborator });
    expect(response.statusCode).toBe(403);
  });
});
