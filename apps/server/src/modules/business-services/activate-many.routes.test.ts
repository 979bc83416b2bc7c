import { companiesMsg } from '@app/shared/messages-companies';
import { servicesMsg } from '@app/shared/messages-services';
import type { BusinessDetailResponse } from '@app/shared/schemas/businesses';
import { describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, nextRut } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

// A company's tax profile and 'Activar' of the obligations it suggests, several services in one call.
const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();

const company = (overrides: Record<string, unknown> = {}) => ({
  name: 'Aromos',
  razonSocial: 'Aromos SpA',
  rut: nextRut().typed,
  startContract: '2024-01-01',
  endContract: '2030-12-31',
  legalRepresentative: 'Ana Pérez',
  contact: 'ana@aromos.cl',
  ...overrides,
});

describe('the tax profile of a company', () => {
  it('is not set by default: no régimen, no employees, no IVA postergado', async () => {
    const created = await api.collaborator.post('/api/business', company());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().business).toMatchObject({ taxRegime: null, hasEmployees: false, vatDeferred: false });
  });

  it('is stored, kept when left out on an update, and emptied with an empty régimen', async () => {
    const withoutProfile = company();
    const body = { ...withoutProfile, taxRegime: '14 D N°3 Pro Pyme General', hasEmployees: true, vatDeferred: true };
    const created = await api.owner.post('/api/business', body);
    const id = created.json().business.id as number;
    expect(created.json().business).toMatchObject({
      taxRegime: '14 D N°3 Pro Pyme General',
      hasEmployees: true,
      vatDeferred: true,
    });
    const kept = await api.owner.put(`/api/business/${id}`, withoutProfile);
    expect(kept.json().business).toMatchObject({ taxRegime: '14 D N°3 Pro Pyme General', hasEmployees: true });
    const emptied = await api.owner.put(`/api/business/${id}`, { ...withoutProfile, taxRegime: '' });
    expect(emptied.json().business.taxRegime).toBeNull();
  });

  it('refuses a régimen outside the list and a non-boolean with Spanish messages', async () => {
    const response = await api.owner.post('/api/business', company({ taxRegime: '14 ter', hasEmployees: 'sí' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'taxRegime', message: companiesMsg.taxRegimeInvalid },
      { field: 'hasEmployees', message: companiesMsg.hasEmployeesInvalid },
    ]);
  });
});

describe('POST /api/business/{businessId}/service/activate-many', () => {
  it('links every service named from the start date in one call; a second call activates none', async () => {
    const business = await insertBusiness(t);
    const f29 = await createServiceWithStates(t, 'F29 sugerido', [{ name: 'Pendiente', pctProgress: 0 }]);
    const previred = await createServiceWithStates(t, 'Previred sugerido', [{ name: 'Pendiente', pctProgress: 0 }]);
    const url = `/api/business/${business.id}/service/activate-many`;
    const body = { serviceIds: [f29.serviceId, previred.serviceId], startDate: '2026-03-01' };
    const first = await api.collaborator.post(url, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: servicesMsg.suggestionsActivated(2), activated: 2 });
    const detail = (await api.owner.get(`/api/business/${business.id}`)).json() as BusinessDetailResponse;
    const linked = detail.business.services.filter((row) => row.active).map((row) => [row.service.name, row.startDate]);
    expect(linked).toEqual([
      ['F29 sugerido', '2026-03-01'],
      ['Previred sugerido', '2026-03-01'],
    ]);
    const again = await api.owner.post(url, { ...body, startDate: '2026-05-01' });
    expect(again.json().activated).toBe(0);
    const after = (await api.owner.get(`/api/business/${business.id}`)).json() as BusinessDetailResponse;
    expect(after.business.services.filter((row) => row.active).map((row) => row.startDate)).toEqual([
      '2026-03-01',
      '2026-03-01',
    ]);
  });

  it('links nothing when one service named does not exist (400 on serviceIds)', async () => {
    const business = await insertBusiness(t);
    const real = await createServiceWithStates(t, 'Real', [{ name: 'Pendiente', pctProgress: 0 }]);
    const response = await api.owner.post(`/api/business/${business.id}/service/activate-many`, {
      serviceIds: [real.serviceId, 999_999],
      startDate: '2026-03-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'serviceIds', message: servicesMsg.serviceNotFound }]);
    const detail = (await api.owner.get(`/api/business/${business.id}`)).json() as BusinessDetailResponse;
    expect(detail.business.services.filter((row) => row.active)).toEqual([]);
  });

  it('refuses a client (403) and an anonymous caller (401)', async () => {
    const business = await insertBusiness(t);
    await expectClientAndAnonymousRefused({
      method: 'POST',
      url: `/api/business/${business.id}/service/activate-many`,
      payload: { serviceIds: [1], startDate: '2026-03-01' },
    });
  });
});
