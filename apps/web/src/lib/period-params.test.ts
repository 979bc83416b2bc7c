import { describe, expect, it } from 'vitest';
import { canonicalPeriodParams, periodYearParam } from './period-params';

describe('the period in the address: one spelling, ?anio=', () => {
  it('reads the year from ?anio= and from the old ?año=, the current spelling first', () => {
    expect(periodYearParam(new URLSearchParams('anio=2026&mes=3'))).toBe('2026');
    expect(periodYearParam(new URLSearchParams('a%C3%B1o=2022&mes=6'))).toBe('2022');
    expect(periodYearParam(new URLSearchParams('año=2022&anio=2024'))).toBe('2024');
    expect(periodYearParam(new URLSearchParams('mes=6'))).toBeNull();
  });

  it('rewrites an old ?año= link to ?anio=, keeping the other parameters in their place', () => {
    expect(canonicalPeriodParams(new URLSearchParams('a%C3%B1o=2022&mes=6'))?.toString()).toBe('anio=2022&mes=6');
    expect(canonicalPeriodParams(new URLSearchParams('q=x&año=2022&mes=6'))?.toString()).toBe('q=x&anio=2022&mes=6');
    expect(canonicalPeriodParams(new URLSearchParams('año=2022&anio=2024&mes=6'))?.toString()).toBe('anio=2024&mes=6');
  });

  it('leaves an address already in the one spelling alone', () => {
    expect(canonicalPeriodParams(new URLSearchParams('anio=2026&mes=3'))).toBeNull();
    expect(canonicalPeriodParams(new URLSearchParams(''))).toBeNull();
  });
});
