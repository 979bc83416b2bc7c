import { BILLING_IMPORT_MAX_BYTES, BILLING_IMPORT_MAX_ROWS, billingSheetMsg } from '@app/shared/messages-billing';
import type { Cell, SheetRules } from '../../lib/sheet-upload.ts';

/** The billing imports' limits (UF values, the invoicing tool's export): small files of a few columns. */
export const BILLING_SHEET_RULES: SheetRules = {
  limits: {
    maxBytes: BILLING_IMPORT_MAX_BYTES,
    // A UF file may be one line without a header.
    minRows: 1,
    maxRows: BILLING_IMPORT_MAX_ROWS,
    maxCells: BILLING_IMPORT_MAX_ROWS * 20,
    maxColumns: 50,
    maxTextLength: 2_000_000,
  },
  messages: billingSheetMsg,
};

/** A header as compared: lower case, without accents, 'N°' and extra spaces. */
export const headerKey = (cell: Cell) =>
  String(cell ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/n[°º]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A day in a cell, 'YYYY-MM-DD': a real date, or text '01-11-2026', '01/11/2026' (day first, as
 * the SII and the CMF publish) or '2026-11-01'; null when it is none or not a calendar day.
 */
export function dayOfCell(cell: Cell, minYear: number, maxYear: number): string | null {
  let year: number;
  let month: number;
  let day: number;
  if (cell instanceof Date) {
    [year, month, day] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
  } else if (typeof cell === 'string') {
    const text = cell.trim();
    const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    if (dayFirst) [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    else if (yearFirst) [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
    else return null;
  } else {
    return null;
  }
  if (year < minYear || year > maxYear || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
