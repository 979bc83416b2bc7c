import type { RequestState, RequestSummary } from '@app/shared/schemas/requests';
import { describe, expect, it } from 'vitest';
import {
  countByState,
  filterRequests,
  filterRequestsButState,
  NO_SERVICE,
  type RequestFilters,
  requestFiltersOf,
  sortRequests,
  withRequestFilter,
} from './request-filters';

function request(
  id: number,
  business: { id: number; name: string; rut: string },
  state: RequestState,
  service: { id: number; name: string } | null,
  extra: Partial<RequestSummary> = {},
): RequestSummary {
  return {
    id,
    business,
    year: 2026,
    month: 3,
    title: `Documentos ${id}`,
    dueDate: '2026-04-10',
    service,
    state,
    missing: 1,
    toReview: 0,
    itemCount: 1,
    createdAt: '2026-04-01T12:00:00.000Z',
    ...extra,
  };
}

const aromos = { id: 1, name: 'Panadería Los Aromos', rut: '76.086.428-5' };
const roble = { id: 2, name: 'Ferretería El Roble', rut: '77.123.456-7' };
const quillay = { id: 3, name: 'Quillay Ltda', rut: '78.000.001-K' };
const contabilidad = { id: 10, name: 'Contabilidad' };
const remuneraciones = { id: 11, name: 'Remuneraciones' };
const rows = [
  request(100, aromos, 'pendiente', contabilidad),
  request(101, aromos, 'atrasada', remuneraciones),
  request(102, roble, 'completa', contabilidad),
  request(103, quillay, 'parcial', null),
];
/** Aromos and Quillay belong to user 7; Roble has no owner. */
const owners = new Map([
  [1, 7],
  [3, 7],
]);
const context = (groupMembers: number[] | null = null) => ({
  groupMembers: groupMembers ? new Set(groupMembers) : null,
  responsibleOf: (businessId: number) => owners.get(businessId) ?? null,
});
const none: RequestFilters = { serviceId: null, groupId: null, state: null, responsible: null, search: '' };
const ids = (filters: Partial<RequestFilters>, groupMembers: number[] | null = null) =>
  filterRequests(rows, { ...none, ...filters }, context(groupMembers)).map((row) => row.id);

describe('the filters of /solicitudes in the address', () => {
  it('reads each filter, and anything malformed as no filter', () => {
    expect(
      requestFiltersOf(
        new URLSearchParams('anio=2026&mes=3&servicio=10&grupo=4&estado=atrasada&encargado=7&buscar=roble'),
      ),
    ).toEqual({ serviceId: 10, groupId: 4, state: 'atrasada', responsible: 7, search: 'roble' });
    expect(requestFiltersOf(new URLSearchParams('servicio=ninguno&encargado=none'))).toMatchObject({
      serviceId: NO_SERVICE,
      responsible: 'none',
    });
    expect(requestFiltersOf(new URLSearchParams('servicio=-1&grupo=0&estado=vencida&encargado=abc&anio=2026'))).toEqual(
      none,
    );
    expect(requestFiltersOf(new URLSearchParams('servicio=99999999999'))).toEqual(none);
  });

  it('sets and removes one filter, keeping the month and the others in their order', () => {
    const start = new URLSearchParams('anio=2026&mes=3&estado=parcial');
    const withService = withRequestFilter(start, 'serviceId', 10);
    expect(withService.toString()).toBe('anio=2026&mes=3&estado=parcial&servicio=10');
    expect(withRequestFilter(withService, 'state', null).toString()).toBe('anio=2026&mes=3&servicio=10');
    expect(withRequestFilter(start, 'search', '').toString()).toBe('anio=2026&mes=3&estado=parcial');
    expect(withRequestFilter(start, 'responsible', 'none').get('encargado')).toBe('none');
    // What is written reads back the same.
    const written = withRequestFilter(withRequestFilter(start, 'serviceId', NO_SERVICE), 'search', 'Año ñandú');
    expect(requestFiltersOf(written)).toMatchObject({ serviceId: NO_SERVICE, state: 'parcial', search: 'Año ñandú' });
    expect(start.toString()).toBe('anio=2026&mes=3&estado=parcial');
  });
});

describe('narrowing the requests of a period', () => {
  it('shows every request without filters', () => {
    expect(ids({})).toEqual([100, 101, 102, 103]);
  });

  it('by service, or those without one', () => {
    expect(ids({ serviceId: 10 })).toEqual([100, 102]);
    expect(ids({ serviceId: NO_SERVICE })).toEqual([103]);
  });

  it('by state', () => {
    expect(ids({ state: 'atrasada' })).toEqual([101]);
    expect(ids({ state: 'completa' })).toEqual([102]);
  });

  it("by the company's owner: a person, or companies without one", () => {
    expect(ids({ responsible: 7 })).toEqual([100, 101, 103]);
    expect(ids({ responsible: 'none' })).toEqual([102]);
    expect(ids({ responsible: 8 })).toEqual([]);
  });

  it("by the chosen group's companies", () => {
    expect(ids({}, [2, 3])).toEqual([102, 103]);
  });

  it('by company name (accents and case aside) or RUT (with or without dots)', () => {
    expect(ids({ search: 'PANADERIA' })).toEqual([100, 101]);
    expect(ids({ search: '77123' })).toEqual([102]);
    expect(ids({ search: '78.000.001-k' })).toEqual([103]);
  });

  it('with every filter at once', () => {
    expect(ids({ serviceId: 10, responsible: 7, state: 'pendiente', search: 'aromos' }, [1])).toEqual([100]);
    expect(ids({ serviceId: 10, responsible: 7, state: 'completa' })).toEqual([]);
  });

  it('counts per state over the other filters, so the counts do not change with the state chosen', () => {
    const filters = { ...none, responsible: 7, state: 'pendiente' as const };
    expect(countByState(filterRequestsButState(rows, filters, context()))).toEqual({
      pendiente: 1,
      parcial: 1,
      completa: 0,
      atrasada: 1,
    });
  });

  it('orders by company name, then due date, then title', () => {
    const later = request(104, roble, 'pendiente', null, { dueDate: '2026-04-20', title: 'A' });
    const sooner = request(105, roble, 'pendiente', null, { dueDate: '2026-04-05', title: 'Z' });
    expect(sortRequests([...rows, later, sooner]).map((row) => row.id)).toEqual([105, 102, 104, 100, 101, 103]);
  });
});
