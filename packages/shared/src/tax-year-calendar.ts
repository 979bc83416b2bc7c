import type { Period } from './period.ts';

/**
 * 'Calendario AT': the dates the SII sets each tax year (Año Tributario, AT) for the annual
 * obligations the firm files: Operación Renta (F22) and the Declaraciones Juradas. AT 2026 is filed
 * in 2026 about the commercial year 2025, so an AT's dates fall in the calendar year of its number.
 *
 * The dates below ship with the app; the firm corrects or adds dates in 'Calendario AT' (stored
 * over these, never changing them). A date is `confirmed` only when read from the SII's own
 * published calendar; the others come from the press or from the pattern of earlier years and
 * say so in their note, until the firm confirms them.
 */

/** The keys of the annual obligations: a service's `catalogueKey` names one of these (or a key the firm added). */
export const TAX_YEAR_KEYS = {
  f22: 'F22 Operación Renta: plazo con pago de impuesto',
  'f22-inicio': 'F22 Operación Renta: inicio de la declaración',
  'f22-devolucion': 'F22 Operación Renta: plazo sin pago (con devolución o sin impuesto)',
  'dj-1835': 'DJ 1835 Bienes raíces arrendados',
  'dj-1847': 'DJ 1847 Balance de 8 columnas',
  'dj-1879': 'DJ 1879 Retenciones de honorarios (art. 42 N° 2 y 48)',
  'dj-1887': 'DJ 1887 Sueldos y retenciones (art. 42 N° 1)',
  'dj-1926': 'DJ 1926 Base imponible de primera categoría y datos contables',
  'dj-1948': 'DJ 1948 Retiros, remesas y dividendos (régimen 14 A)',
  'dj-1959': 'DJ 1959 Información de operaciones (vencimiento excepcional)',
} as const;

export type ShippedTaxYearKey = keyof typeof TAX_YEAR_KEYS;

/** A key: lower-case letters, digits and dashes, as 'f22' or 'dj-1887'. */
export const TAX_YEAR_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The tax years the app ships dates for; the firm may add others. */
export const SHIPPED_TAX_YEARS = [2026, 2027] as const;
/** Tax years 'Calendario AT' accepts. */
export const TAX_YEAR_MIN = 2020;
export const TAX_YEAR_MAX = 2100;

/** One annual obligation's date in one tax year. */
export interface TaxYearDate {
  key: string;
  taxYear: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Read from the SII's own published calendar. */
  confirmed: boolean;
  /** Where the date was read (an address), or null. */
  source: string | null;
  note: string | null;
}

const PRESS_2026 =
  'https://elpinguino.com/noticia/2026/02/18/operacion-renta-2026-se-aproxima-uno-de-los-procesos-mas-exigentes-del-calendario-tributario';
const DJ_SUMMARY_2026 =
  'https://blog.uwigo.com/declaraciones-juradas-2026-fechas-y-tips-para-operaci%C3%B3n-renta?hs_amp=true';
const BUK_1887_2026 =
  'https://supportcenter.buk.cl/hc/es-419/articles/36669453412635-Preguntas-Frecuentes-Declaraciones-Juradas-1887';
const USUAL = 'Fecha habitual de años anteriores: confirmar con el calendario de vencimientos del SII.';

const shipped = (
  key: ShippedTaxYearKey,
  taxYear: number,
  date: string,
  source: string | null,
  note: string,
): TaxYearDate => ({ key, taxYear, date, confirmed: false, source, note });

/** The dates shipped with the app, by tax year; none confirmed yet (see each note). */
export const SHIPPED_TAX_YEAR_DATES: readonly TaxYearDate[] = [
  // AT 2026 (commercial year 2025).
  shipped(
    'f22-inicio',
    2026,
    '2026-04-01',
    null,
    'La Operación Renta se abre en abril (art. 69 de la Ley sobre Impuesto a la Renta).',
  ),
  shipped(
    'f22',
    2026,
    '2026-04-30',
    PRESS_2026,
    'Plazo legal con pago de impuesto, según la prensa (febrero de 2026).',
  ),
  shipped(
    'f22-devolucion',
    2026,
    '2026-05-09',
    PRESS_2026,
    'Declaraciones con devolución o sin pago, según la prensa (febrero de 2026).',
  ),
  shipped('dj-1879', 2026, '2026-03-19', DJ_SUMMARY_2026, USUAL),
  shipped(
    'dj-1887',
    2026,
    '2026-03-27',
    BUK_1887_2026,
    'Hasta el 27 de marzo de 2026 según la Resolución Exenta SII N° 123, del 25 de septiembre de 2025 (citada por Buk); confirmar con el SII.',
  ),
  shipped('dj-1835', 2026, '2026-03-26', DJ_SUMMARY_2026, USUAL),
  shipped('dj-1948', 2026, '2026-03-26', DJ_SUMMARY_2026, USUAL),
  shipped('dj-1847', 2026, '2026-04-30', DJ_SUMMARY_2026, `Vence con el F22. ${USUAL}`),
  shipped('dj-1926', 2026, '2026-04-30', DJ_SUMMARY_2026, `Vence con el F22. ${USUAL}`),
  shipped(
    'dj-1959',
    2026,
    '2026-07-31',
    DJ_SUMMARY_2026,
    'Vencimiento excepcional del 31 de julio, según el resumen publicado.',
  ),
  // AT 2027 (commercial year 2026): not yet published by the SII; the usual dates moved to business days.
  shipped('f22-inicio', 2027, '2027-04-01', null, USUAL),
  shipped('f22', 2027, '2027-04-30', null, USUAL),
  shipped('f22-devolucion', 2027, '2027-05-10', null, `El 9 de mayo de 2027 es domingo. ${USUAL}`),
  shipped('dj-1879', 2027, '2027-03-19', null, USUAL),
  shipped('dj-1887', 2027, '2027-03-19', null, `En el AT 2026 una resolución la movió al 27 de marzo. ${USUAL}`),
  shipped('dj-1835', 2027, '2027-03-29', null, `El 26 de marzo de 2027 es Viernes Santo. ${USUAL}`),
  shipped('dj-1948', 2027, '2027-03-29', null, `El 26 de marzo de 2027 es Viernes Santo. ${USUAL}`),
  shipped('dj-1847', 2027, '2027-04-30', null, `Vence con el F22. ${USUAL}`),
  shipped('dj-1926', 2027, '2027-04-30', null, `Vence con el F22. ${USUAL}`),
  shipped('dj-1959', 2027, '2027-07-30', null, `El 31 de julio de 2027 es sábado. ${USUAL}`),
];

/** Where a date of 'Calendario AT' comes from: the app's data, the firm's change of it, or the firm's own. */
export type TaxYearDateOrigin = 'shipped' | 'edited' | 'added';

/** A date as 'Calendario AT' lists it: the shipped date with the firm's edit over it. */
export interface TaxYearEntry extends TaxYearDate {
  origin: TaxYearDateOrigin;
  /** The shipped date this one replaces ('edited' only). */
  shippedDate: string | null;
}

/**
 * A year's dates: the shipped ones with the firm's edits laid over them (an edit of the same key and
 * year replaces the shipped date), plus the firm's own keys; by date, then key.
 */
export function overlayTaxYear(
  taxYear: number,
  edits: readonly TaxYearDate[],
  shippedDates: readonly TaxYearDate[] = SHIPPED_TAX_YEAR_DATES,
): TaxYearEntry[] {
  const byKey = new Map<string, TaxYearEntry>();
  for (const entry of shippedDates) {
    if (entry.taxYear === taxYear) byKey.set(entry.key, { ...entry, origin: 'shipped', shippedDate: null });
  }
  for (const edit of edits) {
    if (edit.taxYear !== taxYear) continue;
    const shippedEntry = byKey.get(edit.key);
    byKey.set(edit.key, {
      ...edit,
      origin: shippedEntry && shippedEntry.origin === 'shipped' ? 'edited' : 'added',
      shippedDate: shippedEntry && shippedEntry.origin === 'shipped' ? shippedEntry.date : null,
    });
  }
  return [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
}

/** The tax year whose dates fall in a calendar year: AT 2026's dates are in 2026. */
export const taxYearOfDate = (isoDate: string) => Number(isoDate.slice(0, 4));

/**
 * The period an annual date belongs to on the boards: its own month (the F22 of 30 April is April's
 * cell). Monthly work falls due in the month after its period; a yearly obligation is worked on and
 * filed in the month the SII sets, which is the month its service is active in.
 */
export function periodOfAnnualDate(isoDate: string): Period {
  return { year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) };
}

/**
 * The due date of an annual service (one with a `catalogueKey`) in a period: the tax year's date for
 * its key when that date falls in this period's month, else null (the service's own due days then
 * apply). `annualDueDate` answers a key's date in a tax year (AT 2026's dates fall in 2026).
 */
export function annualDueDateInPeriod(
  catalogueKey: string,
  period: Period,
  annualDueDate: (key: string, taxYear: number) => string | null,
): string | null {
  const date = annualDueDate(catalogueKey, period.year);
  if (date === null) return null;
  const belongs = periodOfAnnualDate(date);
  return belongs.year === period.year && belongs.month === period.month ? date : null;
}
