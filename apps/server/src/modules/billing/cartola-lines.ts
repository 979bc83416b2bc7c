import { createHash } from 'node:crypto';
import { CARTOLA_MAX_LINES, collectionsMsg } from '@app/shared/messages-billing-collections';
import { parseMoney } from '@app/shared/money';
import { formatRut, isValidRut } from '@app/shared/rut';
import { badRequest } from '../../lib/app-error.ts';
import type { Cell, SheetRow } from '../../lib/sheet-upload.ts';
import { dayOfCell, headerKey } from './billing-sheets.ts';

/**
 * A bank statement ('cartola') as Chilean banks export it, read line by line: the date
 * ('28/11/2026' or a real date), the description ('Glosa', 'Detalle'…), the amount (one signed
 * 'Monto' column, or 'Abono' and 'Cargo' columns; '1.234.567' as pesos are typed) and the RUT when
 * a column has it. Deposits are what may pay charges; debits are set aside with their reason.
 */

/** A statement line as read, before it is matched to a company. */
export interface CartolaLineRead {
  /** The row's number in the sheet. */
  line: number;
  date: string | null;
  description: string;
  /** Signed pesos (a debit negative); null when unreadable. */
  amount: number | null;
  rut: string | null;
  occurrence: number;
  key: string | null;
  status: 'new' | 'debit' | 'invalid';
  error: string | null;
}

const DATE_YEARS = { min: 2000, max: 2100 };
/** Rows looked at for the header (banks put a title and the account above it). */
const HEADER_SEARCH_ROWS = 20;

type Role = 'date' | 'description' | 'amount' | 'credit' | 'debit' | 'rut';

/** Which role a header names, if any. */
function roleOf(header: string): Role | null {
  if (header.startsWith('fecha')) return 'date';
  if (/^(descripcion|glosa|detalle|concepto|movimiento)/.test(header)) return 'description';
  if (/^(abono|deposito|credito)/.test(header)) return 'credit';
  if (/^(cargo|giro|debito|cheques y cargos)/.test(header)) return 'debit';
  if (/^(monto|importe|valor)/.test(header)) return 'amount';
  if (header.startsWith('rut')) return 'rut';
  return null;
}

/** The columns of each role, from the first row (of the first twenty) that names a date, a description and an amount. */
function findHeader(rows: SheetRow[]) {
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const columns = new Map<Role, number>();
    row.cells.forEach((cell, index) => {
      const role = roleOf(headerKey(cell));
      if (role && !columns.has(role)) columns.set(role, index);
    });
    const hasAmount = columns.has('amount') || columns.has('credit');
    if (columns.has('date') && columns.has('description') && hasAmount) return { header: row, columns };
  }
  throw badRequest(collectionsMsg.cartolaMissingColumns, 'file');
}

/** Pesos in a cell: a number, or text as Chileans write it ('1.234.567', '-$1.234'); null when it is not one. */
function pesosOf(cell: Cell): number | null | 'empty' {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return 'empty';
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell) : null;
  if (cell instanceof Date) return null;
  const parsed = parseMoney(cell.replace(/\s/g, ''), { allowNegative: true });
  return parsed.success ? parsed.value : null;
}

const textOf = (cell: Cell | undefined) =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);

/** The description as compared between imports: trimmed, one space, upper case. */
const comparable = (description: string) => description.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * What keeps a line imported once: its date, amount, description and which of the file's lines
 * with those three it is (two equal deposits on one day are two lines; the same file imported
 * again gives the same keys).
 */
export function cartolaKey(date: string, amount: number, description: string, occurrence: number): string {
  return createHash('sha256')
    .update(`${date}|${amount}|${comparable(description)}|${occurrence}`)
    .digest('hex')
    .slice(0, 40);
}

/** The statement's lines after its header row, each read or with the reason it cannot be. */
export function readCartola(rows: SheetRow[]): CartolaLineRead[] {
  const { header, columns } = findHeader(rows);
  const data = rows.filter((row) => row.number > header.number);
  if (data.length > CARTOLA_MAX_LINES) throw badRequest(collectionsMsg.cartolaTooManyLines, 'file');
  const cell = (row: SheetRow, role: Role) => {
    const index = columns.get(role);
    return index === undefined ? null : (row.cells[index] ?? null);
  };
  const seen = new Map<string, number>();
  return data.map((row): CartolaLineRead => {
    const description = textOf(cell(row, 'description')).trim().replace(/\s+/g, ' ').slice(0, 1000);
    const rutCell = textOf(cell(row, 'rut')).trim();
    const rut = rutCell && isValidRut(formatRut(rutCell)) ? formatRut(rutCell) : null;
    const base = { line: row.number, description, rut, occurrence: 1, key: null };
    const date = dayOfCell(cell(row, 'date'), DATE_YEARS.min, DATE_YEARS.max);
    let amount: number | null | 'empty';
    if (columns.has('amount')) {
      amount = pesosOf(cell(row, 'amount'));
    } else {
      const credit = pesosOf(cell(row, 'credit'));
      const debit = pesosOf(cell(row, 'debit'));
      if (credit !== 'empty' && credit !== 0) amount = credit === null ? null : Math.abs(credit);
      else if (debit !== 'empty' && debit !== 0) amount = debit === null ? null : -Math.abs(debit);
      else amount = 'empty';
    }
    if (!date) {
      return {
        ...base,
        date: null,
        amount: typeof amount === 'number' ? amount : null,
        status: 'invalid',
        error: collectionsMsg.cartolaNoDate,
      };
    }
    if (amount === null)
      return { ...base, date, amount: null, status: 'invalid', error: collectionsMsg.cartolaNoAmount };
    if (amount === 'empty' || amount === 0) {
      return { ...base, date, amount: null, status: 'invalid', error: collectionsMsg.cartolaZero };
    }
    if (amount < 0) return { ...base, date, amount, status: 'debit', error: collectionsMsg.cartolaDebit };
    const same = `${date}|${amount}|${comparable(description)}`;
    const occurrence = (seen.get(same) ?? 0) + 1;
    seen.set(same, occurrence);
    return {
      ...base,
      date,
      amount,
      occurrence,
      key: cartolaKey(date, amount, description, occurrence),
      status: 'new',
      error: null,
    };
  });
}

/** A RUT written in a text, with or without dots and dash: body, optional dash, check digit. */
const RUT_IN_TEXT = /(?<![\d.])(\d{1,2}\.\d{3}\.\d{3}|\d{7,8})\s?-?\s?([\dkK])(?![\dA-Za-z])/g;

/** The valid RUTs (check digit holding) written in a text, normalised as 12.345.678-5, in order. */
export function rutsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(RUT_IN_TEXT)) {
    const candidate = `${(match[1] ?? '').replaceAll('.', '')}-${match[2] ?? ''}`;
    if (!isValidRut(candidate)) continue;
    const rut = formatRut(candidate);
    if (!found.includes(rut)) found.push(rut);
  }
  return found;
}

/** Whole numbers written in a text (2 to 10 digits, not part of a longer number): where a folio may be. */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/(?<![\d.,])\d{2,10}(?![\d.,]\d)/g)].map((match) => Number(match[0]));
}
