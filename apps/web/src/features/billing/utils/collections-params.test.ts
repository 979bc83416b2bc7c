import { describe, expect, it } from 'vitest';
import { collectionsFiltersOf, withCollectionsFilter } from './collections-params';

describe("'Saldos' filters in the address", () => {
  it('reads every filter and the order, beside the tab and the other parameters', () => {
    const params = new URLSearchParams(
      'vista=saldos&encargado=12&grupo=3&vencidos=1&buscar=Aromos&orden=saldo&sentido=desc',
    );
    expect(collectionsFiltersOf(params)).toEqual({
      responsible: 12,
      group: 3,
      overdue: true,
      search: 'Aromos',
      sort: { columnAccessor: 'balance', direction: 'desc' },
    });
    expect(collectionsFiltersOf(new URLSearchParams('encargado=none')).responsible).toBe('none');
  });

  it('reads nothing filtered and the order by name when the address names none, or garbles them', () => {
    const none = {
      responsible: null,
      group: null,
      overdue: false,
      search: '',
      sort: { columnAccessor: 'name', direction: 'asc' },
    };
    expect(collectionsFiltersOf(new URLSearchParams('vista=saldos'))).toEqual(none);
    expect(
      collectionsFiltersOf(new URLSearchParams('encargado=yo&grupo=-4&vencidos=si&orden=constructor&sentido=abajo')),
    ).toEqual(none);
  });

  it('writes a filter or the order keeping the other parameters, and drops what is the default', () => {
    let params = new URLSearchParams('vista=saldos&anio=2026&mes=4');
    params = withCollectionsFilter(params, 'group', 7);
    params = withCollectionsFilter(params, 'overdue', true);
    params = withCollectionsFilter(params, 'search', 'Los Aromos');
    params = withCollectionsFilter(params, 'sort', { columnAccessor: 'oldestDueDate', direction: 'desc' });
    expect(params.toString()).toBe(
      'vista=saldos&anio=2026&mes=4&grupo=7&vencidos=1&buscar=Los+Aromos&orden=vencimiento&sentido=desc',
    );
    params = withCollectionsFilter(params, 'overdue', false);
    params = withCollectionsFilter(params, 'search', '');
    params = withCollectionsFilter(params, 'group', null);
    params = withCollectionsFilter(params, 'sort', { columnAccessor: 'name', direction: 'asc' });
    expect(params.toString()).toBe('vista=saldos&anio=2026&mes=4');
  });
});
