import { formatUfValue } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import { BILLING_MAX_YEAR, BILLING_MIN_YEAR, type UfImportLine, UfValueInputSchema } from '@app/shared/schemas/billing';
import type { SheetRow } from '../../lib/sheet-upload.ts';
import { dayOfCell, headerKey } from './billing-sheets.ts';

/** A line of a UF-values file as read: its day and value, or why it cannot be used. */
export interface UfFileLine {
  line: number;
  date: string | null;
  value: number | null;
  error: string | null;
}

const dayOf = (cell: SheetRow['cells'][number] | undefined) =>
  dayOfCell(cell ?? null, BILLING_MIN_YEAR, BILLING_MAX_YEAR);

/**
 * The lines of a UF-values file: a date column and a value column, as the SII and the CMF publish
 * them ('01-11-2026' or '2026-11-01'; '39.643,59'). A first row whose date does not read is a
 * header: its 'Fecha' and 'Valor' (or 'UF') columns are used, the first two otherwise.
 */
export function readUfLines(rows: SheetRow[]): UfFileLine[] {
  let dateColumn = 0;
  let valueColumn = 1;
  let data = rows;
  const [first] = rows;
  if (first && dayOf(first.cells[0]) === null) {
    data = rows.slice(1);
    const keys = first.cells.map(headerKey);
    const dateAt = keys.findIndex((key) => key.includes('fecha') || key === 'dia');
    const valueAt = keys.findIndex((key) => key.includes('valor') || key === 'uf');
    if (dateAt >= 0) dateColumn = dateAt;
    if (valueAt >= 0 && valueAt !== dateColumn) valueColumn = valueAt;
  }
  const firstLineOf = new Map<string, number>();
  return data.map((row) => {
    const date = dayOf(row.cells[dateColumn]);
    const raw = row.cells[valueColumn];
    if (date === null) return { line: row.number, date: null, value: null, error: billingMsg.ufLineNoDate };
    if (raw === null || raw === undefined || String(raw).trim() === '') {
      return { line: row.number, date, value: null, error: billingMsg.ufLineNoValue };
    }
    const parsed = UfValueInputSchema.safeParse(raw instanceof Date ? '' : raw);
    if (!parsed.success) {
      return {
        line: row.number,
        date,
        value: null,
        error: parsed.error.issues[0]?.message ?? billingMsg.ufLineNoValue,
      };
    }
    const earlier = firstLineOf.get(date);
    if (earlier !== undefined)
      return { line: row.number, date, value: parsed.data, error: billingMsg.ufLineRepeated(earlier) };
    firstLineOf.set(date, row.number);
    return { line: row.number, date, value: parsed.data, error: null };
  });
}

/** Each line as the preview shows it, against the values stored for its day. */
export function previewUfLines(lines: UfFileLine[], stored: Map<string, number>): UfImportLine[] {
  return lines.map((line) => {
    const previous = line.date ? (stored.get(line.date) ?? null) : null;
    const status =
      line.error !== null || line.value === null
        ? 'invalid'
        : previous === null
          ? 'new'
          : previous === line.value
            ? 'unchanged'
            : 'changed';
    return {
      line: line.line,
      date: line.date,
      value: line.value,
      valueText: line.value === null ? null : formatUfValue(line.value),
      status,
      previous: status === 'changed' || status === 'unchanged' ? previous : null,
      previousText:
        (status === 'changed' || status === 'unchanged') && previous !== null ? formatUfValue(previous) : null,
      error: line.error,
    };
  });
}
