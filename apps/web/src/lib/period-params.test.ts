import { boardPeriodMsg } from '@app/shared/messages-board-period';
import { describe, expect, it } from 'vitest';
import { boardPeriodCorrection, canonicalPeriodParams, periodOf, periodYearParam } from './period-params';

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

const november = { year: 2026, month: 11 };
const correctionOf = (query: string) => boardPeriodCorrection(new URLSearchParams(query), november);

describe('the month in the address against the month the board shows', () => {
  it('names the shown month and why when the address asks for a month not open yet', () => {
    expect(correctionOf('anio=2026&mes=12')).toEqual({
      shown: november,
      message: boardPeriodMsg.notOpenYet({ year: 2026, month: 12 }, november),
    });
    expect(boardPeriodMsg.notOpenYet({ year: 2026, month: 12 }, november)).toBe(
      'diciembre 2026 aún no está abierto: se muestra noviembre 2026, el último mes disponible.',
    );
  });

  it('names January 2010 for an earlier month, and the default month for a garbled one', () => {
    expect(correctionOf('anio=2001&mes=5')?.shown).toEqual({ year: 2010, month: 1 });
    expect(correctionOf('anio=2026&mes=13')).toEqual({ shown: november, message: boardPeriodMsg.invalid(november) });
  });

  it('leaves alone an address that names the shown month, or none', () => {
    expect(correctionOf('anio=2026&mes=10')).toBeNull();
    expect(correctionOf('encargado=3')).toBeNull();
    expect(correctionOf('anio=2026&mes=03')).toEqual({ shown: { year: 2026, month: 3 }, message: '' });
  });
});

describe('the month a screen shows from its address', () => {
  it('is the month named, clamped into the first month .. the current one, or the current one', () => {
    const client = { year: 2018, month: 1 };
    expect(periodOf(new URLSearchParams('anio=2025&mes=3'), undefined, november)).toEqual({ year: 2025, month: 3 });
    expect(periodOf(new URLSearchParams('anio=2015&mes=6'), client, november)).toEqual(client);
    expect(periodOf(new URLSearchParams('a%C3%B1o=2015&mes=6'), undefined, november)).toEqual({ year: 2015, month: 6 });
    expect(periodOf(new URLSearchParams('anio=2027&mes=1'), client, november)).toEqual(november);
    expect(periodOf(new URLSearchParams('anio=dos&mes=1'), client, november)).toEqual(november);
    expect(periodOf(new URLSearchParams(''), client, november)).toEqual(november);
  });
});
