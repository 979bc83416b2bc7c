import { msg } from '@app/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { columnLetters, readXlsxSheet, XlsxReadError, type XlsxReadLimits, type XlsxRow } from './xlsx-stream.ts';

/**
 * An uploaded spreadsheet (.xlsx or CSV) read into rows, within limits counted as it is read: what
 * 'Importar empresas' and the billing imports share. Each import names its limits and its own
 * Spanish messages.
 */

/** The Spanish answers of a refused sheet, each import in its own words. */
export interface SheetMessages {
  fileRequired: string;
  notSpreadsheet: string;
  tooLarge: string;
  emptySheet: string;
  tooManyRows(max: number): string;
  tooManyCells(max: number): string;
  tooManyColumns(max: number): string;
  tooMuchText(max: number): string;
  formulas(cell: string): string;
  zipBomb: string;
  unreadable: string;
}

/** What one import accepts: the file's bytes, then rows, cells, columns and characters of text. */
export interface SheetLimits {
  maxBytes: number;
  /** Rows with a value a sheet needs (default 2: a header and a row). */
  minRows?: number;
  maxRows: number;
  maxCells: number;
  maxColumns: number;
  maxTextLength: number;
}

export interface SheetRules {
  limits: SheetLimits;
  messages: SheetMessages;
}

/** A cell as read: text, a number, a real date, or empty. */
export type Cell = string | number | Date | null;

/** A row holding a value: its number in the sheet (the header is 1) and its cells by column. */
export interface SheetRow {
  number: number;
  cells: Cell[];
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
const EXECUTABLE_MAGIC = [Buffer.from('MZ'), Buffer.from('\x7fELF', 'latin1'), Buffer.from([0xcf, 0xfa, 0xed, 0xfe])];

/** Counted as the sheet streams: a 2 MB file within the byte limits can unpack to 800,000 cells, more than anyone imports. */
const xlsxLimits = (limits: SheetLimits): XlsxReadLimits => ({
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxRatio: 200,
  maxRows: limits.maxRows + 1,
  maxCells: limits.maxCells,
  maxColumns: limits.maxColumns,
  maxTextLength: limits.maxTextLength,
});

async function readXlsx(bytes: Buffer, { limits, messages }: SheetRules): Promise<SheetRow[]> {
  let rows: XlsxRow[];
  try {
    rows = await readXlsxSheet(bytes, xlsxLimits(limits));
  } catch (error) {
    if (!(error instanceof XlsxReadError)) throw error;
    if (error.problem === 'not-xlsx') throw new AppError(415, messages.notSpreadsheet);
    if (error.problem === 'zip-bomb') throw new AppError(413, messages.zipBomb);
    if (error.problem === 'rows') throw new AppError(413, messages.tooManyRows(limits.maxRows));
    if (error.problem === 'cells') throw new AppError(413, messages.tooManyCells(limits.maxCells));
    if (error.problem === 'columns') throw new AppError(413, messages.tooManyColumns(limits.maxColumns));
    if (error.problem === 'text') throw new AppError(413, messages.tooMuchText(limits.maxTextLength));
    if (error.problem === 'formula') throw new AppError(400, messages.formulas(error.cell ?? ''));
    throw new AppError(400, messages.unreadable);
  }
  if (rows.length === 0) throw new AppError(400, messages.emptySheet);
  return rows.map((row) => ({
    number: row.number,
    cells: row.cells.map((cell) => (typeof cell === 'boolean' ? (cell ? 'VERDADERO' : 'FALSO') : cell)),
  }));
}

/** RFC 4180 text with the delimiter its header uses (';' as Excel writes in es-CL, ',' or a tab). */
function readCsv(bytes: Buffer, { limits, messages }: SheetRules): SheetRow[] {
  if (bytes.includes(0)) throw new AppError(415, messages.notSpreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  if ([...text.slice(0, 4096)].some((char) => char < ' ' && !'\r\n\t'.includes(char))) {
    throw new AppError(415, messages.notSpreadsheet);
  }
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', ',', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  if (firstLine.split(delimiter).length < 2) throw new AppError(415, messages.notSpreadsheet);
  // The same limits as a workbook's, counted as the text is read: only rows and cells with a value are kept.
  const rows: SheetRow[] = [];
  let number = 1;
  let row: Cell[] = [];
  let filled = false;
  let cells = 0;
  let field = '';
  let quoted = false;
  const endField = () => {
    if (field !== '') {
      if (/^[=+@]/.test(field) && field.length > 1 && !/^\+?\d/.test(field)) {
        throw new AppError(400, messages.formulas(`${columnLetters(row.length + 1)}${number}`));
      }
      if (row.length >= limits.maxColumns) throw new AppError(413, messages.tooManyColumns(limits.maxColumns));
      cells += 1;
      if (cells > limits.maxCells) throw new AppError(413, messages.tooManyCells(limits.maxCells));
      filled = true;
    }
    row.push(field === '' ? null : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (filled) {
      if (rows.length > limits.maxRows) throw new AppError(413, messages.tooManyRows(limits.maxRows));
      rows.push({ number, cells: row });
    }
    number += 1;
    row = [];
    filled = false;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"') {
        if (text[at + 1] === '"') {
          field += '"';
          at++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * The file's first sheet as its rows holding a value, each with its sheet number (the header is
 * row 1), recognised by its content: an .xlsx (a ZIP holding a workbook) or CSV text. Refuses, with
 * its Spanish message: too large (413), an executable or anything else (415), a zip bomb (413),
 * formulas, an empty sheet (400), too many rows, cells or columns (413).
 */
export async function readSheet(bytes: Buffer, rules: SheetRules): Promise<SheetRow[]> {
  const { limits, messages } = rules;
  if (bytes.length > limits.maxBytes) throw new AppError(413, messages.tooLarge);
  if (bytes.length === 0) throw new AppError(400, messages.emptySheet);
  if (EXECUTABLE_MAGIC.some((magic) => bytes.subarray(0, magic.length).equals(magic))) {
    throw new AppError(415, messages.notSpreadsheet);
  }
  const rows = isZip(bytes) ? await readXlsx(bytes, rules) : readCsv(bytes, rules);
  const filled = rows.filter((row) => row.cells.some((cell) => cell !== null && String(cell).trim() !== ''));
  if (filled.length < (limits.minRows ?? 2)) throw new AppError(400, messages.emptySheet);
  return filled;
}

/**
 * A multipart request's one 'file' part, whole, at most `maxBytes` (413 past it; the caller's
 * multipart limits cut the stream one byte after), and its other fields by name.
 */
export async function readSheetForm(
  request: FastifyRequest,
  { limits, messages }: SheetRules,
): Promise<{ bytes: Buffer; fields: Map<string, string> }> {
  if (!request.isMultipart()) throw new AppError(415, messages.fileRequired);
  let bytes: Buffer | undefined;
  const fields = new Map<string, string>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw new AppError(400, msg.badRequest);
        fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file' || bytes !== undefined) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > limits.maxBytes) throw new AppError(413, messages.tooLarge);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, messages.tooLarge);
    if (code?.startsWith('FST_')) throw new AppError(400, msg.badRequest);
    throw error;
  }
  if (bytes === undefined) throw new AppError(400, messages.fileRequired);
  return { bytes, fields };
}
