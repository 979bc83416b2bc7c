import { taxCalendarMsg, taxCalendarSheetMsg } from '@app/shared/messages-tax-calendar';
import { TAX_CALENDAR_TEXT_MAX, type TaxYearImportLine } from '@app/shared/schemas/tax-calendar';
import { TAX_YEAR_KEY_PATTERN, type TaxYearEntry } from '@app/shared/tax-year-calendar';
import type { SheetRow, SheetRules } from '../../lib/sheet-upload.ts';
import { dayOfCell, headerKey } from '../billing/billing-sheets.ts';

/** 'Calendario AT' files: a header and a few dozen dates. */
export const TAX_YEAR_SHEET_RULES: SheetRules = {
  limits: {
    maxBytes: 1024 * 1024,
    minRows: 2,
    maxRows: 500,
    maxCells: 5000,
    maxColumns: 20,
    maxTextLength: 500_000,
  },
  messages: taxCalendarSheetMsg,
};

/** A line of the file as read. */
export interface TaxYearFileLine {
  line: number;
  key: string | null;
  date: string | null;
  confirmed: boolean;
  source: string | null;
  note: string | null;
  error: string | null;
}

const text = (cell: SheetRow['cells'][number] | undefined) => {
  const value = cell instanceof Date ? '' : String(cell ?? '').trim();
  return value === '' ? null : value;
};

/**
 * The lines of a tax year's file: a header row naming 'Clave', 'Fecha' and optionally 'Confirmada'
 * ('sí'/'no'), 'Fuente' and 'Nota' (without a header row naming them: those columns in that order).
 * Each line's date must fall in the tax year's own year.
 */
export function readTaxYearLines(rows: SheetRow[], taxYear: number): TaxYearFileLine[] {
  const [header, ...data] = rows;
  const keys = (header?.cells ?? []).map(headerKey);
  const at = (name: string, fallback: number) => {
    const found = keys.findIndex((key) => key.startsWith(name));
    return found >= 0 ? found : fallback;
  };
  const columns = {
    key: at('clave', 0),
    date: at('fecha', 1),
    confirmed: at('confirmad', 2),
    source: at('fuente', 3),
    note: at('nota', 4),
  };
  const firstLineOf = new Map<string, number>();
  return data.map((row): TaxYearFileLine => {
    const key = text(row.cells[columns.key])?.toLowerCase() ?? null;
    const date = dayOfCell(row.cells[columns.date] ?? null, 1900, 2100);
    const confirmedText = headerKey(row.cells[columns.confirmed] ?? null);
    const confirmed = ['si', 'yes', 'x', '1', 'verdadero', 'confirmada'].includes(confirmedText);
    const source = text(row.cells[columns.source]);
    const note = text(row.cells[columns.note]);
    const line = { line: row.number, key, date, confirmed, source, note };
    let error: string | null = null;
    if (key === null) error = taxCalendarMsg.lineNoKey;
    else if (!TAX_YEAR_KEY_PATTERN.test(key)) error = taxCalendarMsg.lineBadKey;
    else if (date === null) error = taxCalendarMsg.lineNoDate;
    else if (Number(date.slice(0, 4)) !== taxYear) error = taxCalendarMsg.lineOutsideYear(taxYear);
    else if (confirmedText !== '' && !confirmed && !['no', 'false', '0', 'falso'].includes(confirmedText))
      error = taxCalendarMsg.lineBadConfirmed;
    else if ((source?.length ?? 0) > TAX_CALENDAR_TEXT_MAX || (note?.length ?? 0) > TAX_CALENDAR_TEXT_MAX)
      error = taxCalendarMsg.lineTooLong;
    else {
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined) error = taxCalendarMsg.lineRepeated(earlier);
      else firstLineOf.set(key, row.number);
    }
    return { ...line, error };
  });
}

/** Each line as the preview shows it, against the date in force for its key. */
export function previewTaxYearLines(
  lines: TaxYearFileLine[],
  inForce: ReadonlyMap<string, TaxYearEntry>,
): TaxYearImportLine[] {
  return lines.map((line) => {
    const current = line.key ? inForce.get(line.key) : undefined;
    const same =
      current !== undefined &&
      current.date === line.date &&
      current.confirmed === line.confirmed &&
      current.source === line.source &&
      current.note === line.note;
    const status = line.error !== null ? 'invalid' : current === undefined ? 'new' : same ? 'unchanged' : 'changed';
    return {
      ...line,
      status,
      previous: status === 'changed' || status === 'unchanged' ? (current?.date ?? null) : null,
    };
  });
}
