import { boardPeriodMsg } from '@app/shared/messages-board-period';
import { describe, expect, it } from 'vitest';
import { boardPeriodCorrection } from './use-board-period';

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
