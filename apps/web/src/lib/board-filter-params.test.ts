import { describe, expect, it } from 'vitest';
import { boardFiltersOf, withBoardFilter } from './board-filter-params';

describe('the boards filters in the address', () => {
  it('reads each filter, and nothing from an address without them', () => {
    expect(
      boardFiltersOf(new URLSearchParams('anio=2026&mes=10&encargado=7&estado=12&atrasadas=1&orden=3&responsable=5')),
    ).toEqual({ responsible: 7, stateId: 12, onlyOverdue: true, sortServiceId: 3, taskResponsible: 5 });
    expect(boardFiltersOf(new URLSearchParams('anio=2026&mes=10'))).toEqual({
      responsible: null,
      stateId: null,
      onlyOverdue: false,
      sortServiceId: null,
      taskResponsible: null,
    });
  });

  it("reads 'Sin encargado', and a malformed value as no filter", () => {
    expect(boardFiltersOf(new URLSearchParams('encargado=none')).responsible).toBe('none');
    const bad = boardFiltersOf(new URLSearchParams('encargado=abc&estado=-1&atrasadas=si&orden=0&responsable=1.5'));
    expect(bad).toEqual({
      responsible: null,
      stateId: null,
      onlyOverdue: false,
      sortServiceId: null,
      taskResponsible: null,
    });
  });

  it('sets and removes one filter, keeping the month and the other filters in their order', () => {
    const params = new URLSearchParams('anio=2026&mes=10&estado=12');
    const set = withBoardFilter(withBoardFilter(params, 'onlyOverdue', true), 'responsible', 7);
    expect(set.toString()).toBe('anio=2026&mes=10&estado=12&atrasadas=1&encargado=7');
    expect(withBoardFilter(set, 'onlyOverdue', false).toString()).toBe('anio=2026&mes=10&estado=12&encargado=7');
    expect(withBoardFilter(set, 'stateId', null).toString()).toBe('anio=2026&mes=10&atrasadas=1&encargado=7');
    // The address the filter came from is left alone.
    expect(params.toString()).toBe('anio=2026&mes=10&estado=12');
  });
});
