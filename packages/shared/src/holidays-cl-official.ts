/**
 * Chile's national public holidays as the law fixes them, written out by hand for the years the
 * firm plans ahead, so that a test can hold the `date-holidays` library (which computes the due
 * dates) to them: when the library or the law changes, the comparison fails and a person checks
 * which one is right. Regional holidays and the banks' 31 December are not national holidays.
 *
 * The rules that move days, as applied here:
 * - Ley 19.668: 29 June (San Pedro y San Pablo) and 12 October (Encuentro de Dos Mundos) move to
 *   the Monday of their week when they fall on a Tuesday, Wednesday or Thursday, to the next
 *   Monday when they fall on a Friday; on a weekend or a Monday they stay.
 * - Ley 20.299: 31 October (Iglesias Evangélicas y Protestantes) moves to the Friday before when it
 *   falls on a Tuesday, to the Friday after when it falls on a Wednesday.
 * - Ley 21.357: the Día Nacional de los Pueblos Indígenas is the day of the winter solstice (20 or
 *   21 June in Chile).
 * - Ley 20.983: Friday 17 September is a holiday when 18 and 19 September fall on Saturday and
 *   Sunday; Monday 2 January when 1 January is a Sunday. Código del Trabajo art. 35 ter (Ley
 *   20.215): Monday 17 or Friday 20 September when 18-19 fall on Tuesday-Wednesday or
 *   Wednesday-Thursday.
 * - Election days: Ley 21.693 holds elections over a Saturday (a working day) and a Sunday (a
 *   holiday). None is listed: no election falls on a weekday in these years, and a Sunday is never a
 *   business day anyway.
 *
 * The library's known difference: it lists Easter Sunday ('Pascua') where the law has Holy
 * Saturday ('Sábado Santo'). Both are weekend days, so no due date moves because of it; the test
 * names the difference instead of hiding it (`LIBRARY_KNOWN_DIFFERENCES`).
 */
export interface OfficialHoliday {
  /** 'YYYY-MM-DD' */
  date: string;
  name: string;
}

export const CHILE_OFFICIAL_HOLIDAYS: Readonly<Record<number, readonly OfficialHoliday[]>> = {
  2026: [
    { date: '2026-01-01', name: 'Año Nuevo' },
    { date: '2026-04-03', name: 'Viernes Santo' },
    { date: '2026-04-04', name: 'Sábado Santo' },
    { date: '2026-05-01', name: 'Día Nacional del Trabajo' },
    { date: '2026-05-21', name: 'Día de las Glorias Navales' },
    { date: '2026-06-21', name: 'Día Nacional de los Pueblos Indígenas (solsticio, domingo)' },
    { date: '2026-06-29', name: 'San Pedro y San Pablo (lunes)' },
    { date: '2026-07-16', name: 'Día de la Virgen del Carmen' },
    { date: '2026-08-15', name: 'Asunción de la Virgen' },
    { date: '2026-09-18', name: 'Independencia Nacional' },
    { date: '2026-09-19', name: 'Día de las Glorias del Ejército' },
    { date: '2026-10-12', name: 'Encuentro de Dos Mundos (lunes)' },
    { date: '2026-10-31', name: 'Día de las Iglesias Evangélicas y Protestantes (sábado)' },
    { date: '2026-11-01', name: 'Día de Todos los Santos' },
    { date: '2026-12-08', name: 'Inmaculada Concepción' },
    { date: '2026-12-25', name: 'Navidad' },
  ],
  2027: [
    { date: '2027-01-01', name: 'Año Nuevo' },
    { date: '2027-03-26', name: 'Viernes Santo' },
    { date: '2027-03-27', name: 'Sábado Santo' },
    { date: '2027-05-01', name: 'Día Nacional del Trabajo' },
    { date: '2027-05-21', name: 'Día de las Glorias Navales' },
    { date: '2027-06-21', name: 'Día Nacional de los Pueblos Indígenas (solsticio)' },
    { date: '2027-06-28', name: 'San Pedro y San Pablo (del martes 29 al lunes 28)' },
    { date: '2027-07-16', name: 'Día de la Virgen del Carmen' },
    { date: '2027-08-15', name: 'Asunción de la Virgen' },
    { date: '2027-09-17', name: 'Feriado adicional de Fiestas Patrias (Ley 20.983: 18 y 19 en fin de semana)' },
    { date: '2027-09-18', name: 'Independencia Nacional' },
    { date: '2027-09-19', name: 'Día de las Glorias del Ejército' },
    { date: '2027-10-11', name: 'Encuentro de Dos Mundos (del martes 12 al lunes 11)' },
    { date: '2027-10-31', name: 'Día de las Iglesias Evangélicas y Protestantes (domingo)' },
    { date: '2027-11-01', name: 'Día de Todos los Santos' },
    { date: '2027-12-08', name: 'Inmaculada Concepción' },
    { date: '2027-12-25', name: 'Navidad' },
  ],
  2028: [
    { date: '2028-01-01', name: 'Año Nuevo' },
    { date: '2028-04-14', name: 'Viernes Santo' },
    { date: '2028-04-15', name: 'Sábado Santo' },
    { date: '2028-05-01', name: 'Día Nacional del Trabajo' },
    { date: '2028-05-21', name: 'Día de las Glorias Navales' },
    { date: '2028-06-20', name: 'Día Nacional de los Pueblos Indígenas (solsticio)' },
    { date: '2028-06-26', name: 'San Pedro y San Pablo (del jueves 29 al lunes 26)' },
    { date: '2028-07-16', name: 'Día de la Virgen del Carmen' },
    { date: '2028-08-15', name: 'Asunción de la Virgen' },
    { date: '2028-09-18', name: 'Independencia Nacional' },
    { date: '2028-09-19', name: 'Día de las Glorias del Ejército' },
    { date: '2028-10-09', name: 'Encuentro de Dos Mundos (del jueves 12 al lunes 9)' },
    { date: '2028-10-27', name: 'Día de las Iglesias Evangélicas y Protestantes (del martes 31 al viernes 27)' },
    { date: '2028-11-01', name: 'Día de Todos los Santos' },
    { date: '2028-12-08', name: 'Inmaculada Concepción' },
    { date: '2028-12-25', name: 'Navidad' },
  ],
};

/** Easter Sunday of a year (anonymous Gregorian algorithm), 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The library's differences from the law in a year, both weekend days: it lists Easter Sunday and
 * not Holy Saturday (the day before).
 */
export function libraryKnownDifferences(year: number): { libraryOnly: string[]; officialOnly: string[] } {
  const sunday = easterSunday(year);
  const saturday = new Date(`${sunday}T00:00:00Z`);
  saturday.setUTCDate(saturday.getUTCDate() - 1);
  return { libraryOnly: [sunday], officialOnly: [saturday.toISOString().slice(0, 10)] };
}
