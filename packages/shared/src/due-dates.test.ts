import { describe, expect, it } from 'vitest';
import { daysUntil, dueDateForWith, dueDateOf, dueDayFor, isOverdue, nextBusinessDay } from './due-dates.ts';
import { chileanDueDate, dueDateFor, isChileanHoliday } from './due-dates-cl.ts';
import { santiagoDate } from './period.ts';

// Edge days checked against the official calendar of Chile's public holidays (feriados.cl,
// Ley 19.668 moves 12 October and 29 June to a Monday; Ley 20.983 adds 20 September on a Friday).
describe('isChileanHoliday (date-holidays, CL, public only)', () => {
  it.each([
    ['2026-01-01', 'Año Nuevo'],
    ['2025-01-01', 'Año Nuevo'],
    ['2026-04-03', 'Viernes Santo 2026'],
    ['2025-04-18', 'Viernes Santo 2025'],
    ['2025-09-18', 'Fiestas Patrias'],
    ['2025-09-19', 'Glorias del Ejército'],
    ['2024-09-20', 'feriado adicional de Fiestas Patrias (viernes)'],
    ['2026-10-12', 'Encuentro de Dos Mundos (lunes)'],
    ['2023-10-09', 'Encuentro de Dos Mundos 2023, trasladado del jueves 12 al lunes 9'],
    ['2023-06-26', 'San Pedro y San Pablo 2023, trasladado al lunes'],
    ['2023-10-27', 'Iglesias Evangélicas 2023, trasladado del martes 31 al viernes 27'],
  ])('%s is a holiday (%s)', (day) => {
    expect(isChileanHoliday(day)).toBe(true);
  });

  it.each([
    ['2023-10-12', 'the Thursday whose holiday moved to Monday'],
    ['2026-12-31', 'a bank holiday, not a public one'],
    ['2026-09-17', 'an ordinary Thursday'],
    ['2026-11-13', 'an ordinary Friday'],
  ])('%s is not a holiday (%s)', (day) => {
    expect(isChileanHoliday(day)).toBe(false);
  });
});

describe('dueDateOf on the Chilean calendar', () => {
  it('falls due in the month after the period (October work, November)', () => {
    expect(chileanDueDate({ year: 2026, month: 10 }, 12)).toBe('2026-11-12');
    expect(chileanDueDate({ year: 2026, month: 10 }, 20)).toBe('2026-11-20');
  });

  it('December work falls due in January of the next year, past 1 January', () => {
    // 1 January 2026 is a Thursday holiday: the next business day is Friday the 2nd.
    expect(chileanDueDate({ year: 2025, month: 12 }, 1)).toBe('2026-01-02');
    expect(chileanDueDate({ year: 2025, month: 12 }, 12)).toBe('2026-01-12');
  });

  it('clamps the day to the month’s last day, leap years included', () => {
    expect(chileanDueDate({ year: 2024, month: 1 }, 30)).toBe('2024-02-29');
    // 28 February 2026 is a Saturday: Monday 2 March.
    expect(chileanDueDate({ year: 2026, month: 1 }, 31)).toBe('2026-03-02');
    expect(chileanDueDate({ year: 2026, month: 3 }, 31)).toBe('2026-04-30');
  });

  it('moves past Good Friday, the Saturday, and Easter Sunday (also the DST end of 2026-04-05)', () => {
    expect(chileanDueDate({ year: 2026, month: 3 }, 3)).toBe('2026-04-06');
    expect(chileanDueDate({ year: 2025, month: 3 }, 18)).toBe('2025-04-21');
  });

  it('moves past 18-19 September and the weekend after them', () => {
    // 2025: Thursday 18, Friday 19, weekend: Monday 22.
    expect(chileanDueDate({ year: 2025, month: 8 }, 18)).toBe('2025-09-22');
    expect(chileanDueDate({ year: 2025, month: 8 }, 17)).toBe('2025-09-17');
    // 2024: Wednesday 18, Thursday 19, the additional Friday 20, weekend: Monday 23.
    expect(chileanDueDate({ year: 2024, month: 8 }, 18)).toBe('2024-09-23');
  });

  it('moves a Saturday 10th before a holiday Monday 12th (October 2026) to Tuesday 13th', () => {
    expect(chileanDueDate({ year: 2026, month: 9 }, 10)).toBe('2026-10-13');
    expect(chileanDueDate({ year: 2026, month: 9 }, 12)).toBe('2026-10-13');
  });

  it('follows 12 October when it moves to a Monday (2023: Monday 9, Thursday 12 is a working day)', () => {
    expect(chileanDueDate({ year: 2023, month: 9 }, 9)).toBe('2023-10-10');
    expect(chileanDueDate({ year: 2023, month: 9 }, 12)).toBe('2023-10-12');
  });

  it('is unaffected by the DST changes of America/Santiago (Sundays 2026-09-06, 2025-04-06, 2025-09-07)', () => {
    expect(chileanDueDate({ year: 2026, month: 8 }, 6)).toBe('2026-09-07');
    expect(chileanDueDate({ year: 2026, month: 8 }, 5)).toBe('2026-09-07');
    expect(chileanDueDate({ year: 2025, month: 3 }, 6)).toBe('2025-04-07');
    expect(chileanDueDate({ year: 2025, month: 8 }, 7)).toBe('2025-09-08');
  });

  it('keeps a business day as it is', () => {
    expect(chileanDueDate({ year: 2026, month: 10 }, 13)).toBe('2026-11-13');
  });
});

describe('dueDayFor / dueDateFor', () => {
  const f29 = { dueDay: 12, dueDayElectronic: 20 };

  it('uses the electronic day for a company that files online, the ordinary one otherwise', () => {
    expect(dueDayFor(f29, { electronicFiling: true })).toBe(20);
    expect(dueDayFor(f29, { electronicFiling: false })).toBe(12);
    expect(dueDateFor(f29, { electronicFiling: true }, { year: 2026, month: 10 })).toBe('2026-11-20');
    expect(dueDateFor(f29, { electronicFiling: false }, { year: 2026, month: 10 })).toBe('2026-11-12');
  });

  it('falls back to the ordinary day when the service has no electronic one', () => {
    expect(dueDayFor({ dueDay: 12, dueDayElectronic: null }, { electronicFiling: true })).toBe(12);
  });

  it('is null when no due day applies', () => {
    expect(
      dueDateFor({ dueDay: null, dueDayElectronic: null }, { electronicFiling: true }, { year: 2026, month: 1 }),
    ).toBe(null);
    expect(dueDayFor({ dueDay: null, dueDayElectronic: 13 }, { electronicFiling: false })).toBe(null);
  });

  it('takes any holiday predicate (the rule itself holds no calendar)', () => {
    const none = () => false;
    expect(dueDateForWith(f29, { electronicFiling: false }, { year: 2025, month: 8 }, none)).toBe('2025-09-12');
    expect(dueDateOf({ year: 2025, month: 8 }, 18, none)).toBe('2025-09-18');
    expect(nextBusinessDay('2026-10-10', (day) => day === '2026-10-12' || day === '2026-10-13')).toBe('2026-10-14');
  });
});

describe('isOverdue', () => {
  it('is late only after the due date, and never at the last state', () => {
    expect(isOverdue('2026-11-12', '2026-11-12', false)).toBe(false);
    expect(isOverdue('2026-11-12', '2026-11-13', false)).toBe(true);
    expect(isOverdue('2026-11-12', '2026-11-13', true)).toBe(false);
    expect(isOverdue('2026-11-12', '2026-11-11', false)).toBe(false);
    expect(isOverdue(null, '2030-01-01', false)).toBe(false);
  });

  it('counts today in America/Santiago, across the DST start (2026-09-06, 00:00 → 01:00)', () => {
    // Due Monday 2026-09-07: 23:30 in Santiago (UTC-3 since the change) is still the 7th.
    expect(isOverdue('2026-09-07', santiagoDate(new Date('2026-09-08T02:30:00Z')), false)).toBe(false);
    expect(isOverdue('2026-09-07', santiagoDate(new Date('2026-09-08T03:00:00Z')), false)).toBe(true);
    // The change itself: 03:59Z is Saturday 23:59 (UTC-4), 04:00Z is Sunday 01:00 (UTC-3).
    expect(santiagoDate(new Date('2026-09-06T03:59:00Z'))).toBe('2026-09-05');
    expect(santiagoDate(new Date('2026-09-06T04:00:00Z'))).toBe('2026-09-06');
  });

  it('counts today in America/Santiago, across the DST end (2026-04-05, 00:00 → 23:00 of the 4th)', () => {
    // Due Monday 2026-04-06 (after Easter): 23:30 of the 6th is 03:30Z (UTC-4).
    expect(isOverdue('2026-04-06', santiagoDate(new Date('2026-04-07T03:30:00Z')), false)).toBe(false);
    expect(isOverdue('2026-04-06', santiagoDate(new Date('2026-04-07T04:00:00Z')), false)).toBe(true);
    // 03:30Z on the 5th is 23:30 of Saturday the 4th again, after the clocks went back.
    expect(santiagoDate(new Date('2026-04-05T02:30:00Z'))).toBe('2026-04-04');
    expect(santiagoDate(new Date('2026-04-05T03:30:00Z'))).toBe('2026-04-04');
    expect(santiagoDate(new Date('2026-04-05T04:00:00Z'))).toBe('2026-04-05');
  });

  it('daysUntil counts calendar days, across a DST change', () => {
    expect(daysUntil('2026-09-07', '2026-09-04')).toBe(3);
    expect(daysUntil('2026-04-06', '2026-04-07')).toBe(-1);
  });
});
