import { msg } from '@app/shared/messages';
import { describe, expect, it } from 'vitest';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

const { t, roles } = appWithEveryRole();

type Endpoint = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; headers?: Record<string, string> };

/** Every collections endpoint for the owner only, with a body each would accept from an owner. */
const OWNER_ONLY = (businessId: number): Endpoint[] => {
  const cartola = multipartFiles([
    { name: 'cartola.csv', bytes: Buffer.from('Fecha;Descripción;Monto\n01/11/2026;TRANSFERENCIA;10.000\n') },
  ]);
  return [
    { method: 'GET', url: '/api/billing/payments' },
    {
      method: 'POST',
      url: '/api/billing/payments',
      payload: { businessId, date: '2026-01-05', amount: '10.000', method: 'efectivo' },
    },
    { method: 'GET', url: '/api/billing/payments/1' },
    { method: 'POST', url: '/api/billing/payments/1/reverse', payload: { reason: 'Error' } },
    { method: 'POST', url: '/api/billing/payments/1/confirm', payload: {} },
    { method: 'POST', url: '/api/billing/payments/1/reject', payload: { reason: 'Error' } },
    { method: 'GET', url: '/api/billing/payments/1/receipt' },
    { method: 'POST', url: `/api/billing/business/${businessId}/apply-credit`, payload: {} },
    { method: 'POST', url: '/api/billing/cartola/preview', ...cartola },
    {
      method: 'POST',
      url: '/api/billing/cartola/confirm',
      payload: {
        lines: [
          { date: '2026-01-05', description: 'X', amount: 1, occurrence: 1, key: 'x', action: 'keep', rut: null },
        ],
      },
    },
    { method: 'GET', url: '/api/billing/cartola/lines' },
    { method: 'POST', url: '/api/billing/cartola/lines/1/match', payload: { businessId } },
    { method: 'POST', url: '/api/billing/cartola/lines/1/ignore', payload: { reason: 'Traspaso' } },
    { method: 'GET', url: '/api/billing/collections' },
    { method: 'GET', url: '/api/billing/collections/export' },
    { method: 'GET', url: '/api/billing/collections/overdue-ids' },
    { method: 'GET', url: '/api/billing/settings' },
    {
      method: 'PUT',
      url: '/api/billing/settings',
      payload: { reminderOffsets: [0], remindersEnabled: false },
    },
    { method: 'PUT', url: `/api/billing/business/${businessId}/reminders`, payload: { stopped: true } },
    { method: 'GET', url: `/api/billing/business/${businessId}/reminders` },
  ];
};

const receipt = () => ({
  method: 'POST' as const,
  url: '/api/billing/my/receipts',
  ...multipartFiles([{ name: 'r.pdf', bytes: tinyPdf() }], { amount: '1.000', date: '2026-01-05' }),
});

describe('collections are for owners only', () => {
  it('refuses every owner endpoint to an anonymous caller (401), a client (403) and a collaborator (403)', async () => {
    for (const endpoint of OWNER_ONLY(roles.clientBusinessId)) {
      const request = { ...endpoint, payload: endpoint.payload as never };
      const anonymous = await t.request(request);
      expect([endpoint.method, endpoint.url, anonymous.statusCode]).toEqual([endpoint.method, endpoint.url, 401]);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
      for (const token of [roles.client, roles.collaborator]) {
        const refused = await t.request({ ...request, token });
        expect([endpoint.method, endpoint.url, refused.statusCode]).toEqual([endpoint.method, endpoint.url, 403]);
        expect(refused.json()).toEqual({ message: msg.forbidden });
      }
    }
  });

  it('lets the owner reach every owner endpoint (no 401, 403 or 500)', async () => {
    for (const endpoint of OWNER_ONLY(roles.clientBusinessId)) {
      const answer = await t.request({ ...endpoint, payload: endpoint.payload as never, token: roles.owner });
      expect([endpoint.method, endpoint.url, [401, 403].includes(answer.statusCode)]).toEqual([
        endpoint.method,
        endpoint.url,
        false,
      ]);
      expect(answer.statusCode, `${endpoint.method} ${endpoint.url}: ${answer.body}`).toBeLessThan(500);
    }
  });
});

describe("the client's side", () => {
  it("lets a client read their own company's statement (JSON and PDF) and send a receipt", async () => {
    for (const url of [
      `/api/billing/business/${roles.clientBusinessId}/statement`,
      `/api/billing/business/${roles.clientBusinessId}/statement/pdf`,
    ]) {
      expect((await t.request({ method: 'GET', url, token: roles.client })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url, token: roles.owner })).statusCode).toBe(200);
      const collaborator = await t.request({ method: 'GET', url, token: roles.collaborator });
      expect([url, collaborator.statusCode, collaborator.json()]).toEqual([url, 403, { message: msg.forbidden }]);
      const anonymous = await t.request({ method: 'GET', url });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
    }
    const sent = await t.request({ ...receipt(), token: roles.client });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('refuses receipts to staff (403) and to anonymous callers (401)', async () => {
    for (const token of [roles.owner, roles.collaborator]) {
      const refused = await t.request({ ...receipt(), token });
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: msg.forbidden }]);
    }
    expect((await t.request(receipt())).statusCode).toBe(401);
  });
});
