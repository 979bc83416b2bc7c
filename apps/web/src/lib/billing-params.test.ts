import { describe, expect, it } from 'vitest';
import { billingMonthOf } from './billing-params';
import { billingLoaderRerunsFor, showsChargesTab } from './billing-tab-param';

const url = (search: string) => new URL(`http://localhost/cobranza${search}`);

describe("/cobranza's address", () => {
  it('names the month shown: the current calendar month when absent or garbled, clamped to January 2000 .. next month', () => {
    const today = '2026-12-31';
    const month = (search: string) => billingMonthOf(new URLSearchParams(search), today);
    expect(month('')).toEqual({ year: 2026, month: 12 });
    expect(month('anio=2026&mes=13')).toEqual({ year: 2026, month: 12 });
    expect(month('anio=2025&mes=03')).toEqual({ year: 2025, month: 3 });
    expect(month('anio=2027&mes=6')).toEqual({ year: 2027, month: 1 });
    expect(month('anio=1999&mes=6')).toEqual({ year: 2000, month: 1 });
  });

  it("shows 'Cobros del mes' without a tab or with its own", () => {
    expect(showsChargesTab(new URLSearchParams(''))).toBe(true);
    expect(showsChargesTab(new URLSearchParams('vista=cobros'))).toBe(true);
    expect(showsChargesTab(new URLSearchParams('vista=saldos'))).toBe(false);
  });

  it("runs the route's loader again for another tab or month only, not for a filter of 'Saldos'", () => {
    const reruns = (from: string, to: string) => billingLoaderRerunsFor({ currentUrl: url(from), nextUrl: url(to) });
    expect(reruns('?vista=saldos', '?vista=saldos&buscar=Aromos')).toBe(false);
    expect(reruns('?vista=saldos&buscar=Aromos', '?vista=saldos&buscar=Aromos&orden=saldo')).toBe(false);
    expect(reruns('?vista=saldos', '')).toBe(true);
    expect(reruns('', '?anio=2026&mes=3')).toBe(true);
  });
});
