import { msg } from '@app/shared/messages';
import { describe, expect, it } from 'vitest';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

const { t, roles } = appWithEveryRole();

/** Every billing endpoint, with a body each would accept from an owner. */
const ENDPOINTS = (businessId: number) => {
  const csv = multipartFiles([{ name: 'uf.csv', bytes: Buffer.from('Fecha;Valor\n01-11-2026;39.643,59\n') }]);
  return [
    { method: 'GET', url: `/api/billing/business/${businessId}/terms` },
    {
      method: 'POST',
      url: `/api/billing/business/${businessId}/terms`,
      payload: {
        effectiveFrom: { year: 2026, month: 11 },
        currency: 'CLP',
        amount: '100.000',
        documentType: 'factura_afecta',
        billingDay: 5,
        paymentTermDays: 10,
      },
    },
    { method: 'GET', url: `/api/billing/business/${businessId}/extras` },
    {
      method: 'POST',
      url: `/api/billing/business/${businessId}/extras`,
      payload: {
        description: 'Operación Renta',
        currency: 'UF',
        amount: '3',
        documentType: 'factura_afecta',
        recurrence: 'yearly',
        monthOfYear: 4,
      },
    },
    {
      method: 'PUT',
      url: '/api/billing/extras/1',
      payload: {
        description: 'Operación Renta',
        currency: 'UF',
        amount: '3',
        documentType: 'factura_afecta',
        recurrence: 'yearly',
        monthOfYear: 4,
      },
    },
    { method: 'DELETE', url: '/api/billing/extras/1' },
    { method: 'GET', url: '/api/billing/uf?year=2026&month=11' },
    { method: 'PUT', url: '/api/billing/uf', payload: { date: '2026-11-01', value: '39.643,59' } },
    { method: 'POST', url: '/api/billing/uf/import/preview', ...csv },
    { method: 'POST', url: '/api/billing/uf/import/confirm', ...csv },
    { method: 'GET', url: '/api/billing/charges?year=2026&month=11' },
    { method: 'POST', url: '/api/billing/charges/generate', payload: { year: 2026, month: 11 } },
    { method: 'GET', url: '/api/billing/charges/export?year=2026&month=11&format=csv' },
    { method: 'GET', url: '/api/billing/charges/export?year=2026&month=11' },
    {
      method: 'POST',
      url: '/api/billing/charges/issue',
      payload: { items: [{ chargeId: 1, dteType: '33', folio: 1 }] },
    },
    { method: 'POST', url: '/api/billing/charges/issued-import/preview?year=2026&month=11', ...csv },
    { method: 'POST', url: '/api/billing/charges/issued-import/confirm?year=2026&month=11', ...csv },
    { method: 'GET', url: '/api/billing/charges/1' },
    { method: 'PUT', url: '/api/billing/charges/1', payload: { description: 'Honorarios' } },
    { method: 'POST', url: '/api/billing/charges/1/void', payload: { reason: 'Error' } },
  ] as const;
};

describe('billing is for owners only', () => {
  it('refuses every billing endpoint to an anonymous caller (401), a client (403) and a collaborator (403)', async () => {
    for (const endpoint of ENDPOINTS(roles.clientBusinessId)) {
      const request = { ...endpoint, headers: 'headers' in endpoint ? { ...endpoint.headers } : undefined };
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

  it('lets the owner reach every billing endpoint (no 401 or 403)', async () => {
    for (const endpoint of ENDPOINTS(roles.clientBusinessId)) {
      const request = { ...endpoint, headers: 'headers' in endpoint ? { ...endpoint.headers } : undefined };
      const answer = await t.request({ ...request, token: roles.owner });
      expect([endpoint.method, endpoint.url, [401, 403].includes(answer.statusCode)]).toEqual([
        endpoint.method,
        endpoint.url,
        false,
      ]);
      expect(answer.statusCode, `${endpoint.method} ${endpoint.url}: ${answer.body}`).toBeLessThan(500);
    }
  });
});
