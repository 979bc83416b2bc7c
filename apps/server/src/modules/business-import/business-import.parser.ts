import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_TEXT_LENGTH,
  importMsg,
} from '@app/shared/messages-import';
import { AppError } from '../../lib/app-error.ts';
import {
  columnLetters,
  readXlsxSheet,
  XlsxReadError,
  type XlsxReadLimits,
  type XlsxRow,
} from '../../lib/xlsx-stream.ts';

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
const SHEET_LIMITS: XlsxReadLimits = {
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxRatio: 200,
  maxRows: IMPORT_MAX_ROWS + 1,
  maxCells: IMPORT_MAX_CELLS,
  maxColumns: IMPORT_MAX_COLUMNS,
  maxTextLength: IMPORT_MAX_TEXT_LENGTH,
};

async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  let rows: XlsxRow[];
  try {
    rows = await readXlsxSheet(bytes, SHEET_LIMITS);
  } catch (error) {
    if (!(error instanceof XlsxReadError)) throw error;
    if (error.problem === 'not-xlsx') throw new AppError(415, importMsg.notSpreadsheet);
    if (error.problem === 'zip-bomb') throw new AppError(413, importMsg.zipBomb);
    if (error.problem === 'rows') throw new AppError(413, importMsg.tooManyRows(IMPORT_MAX_ROWS));
    if (error.problem === 'cells') throw new AppError(413, importMsg.tooManyCells(IMPORT_MAX_CELLS));
    if (error.problem === 'columns') throw new AppError(413, importMsg.tooManyColumns(IMPORT_MAX_COLUMNS));
    if (error.problem === 'text') throw new AppError(413, importMsg.tooMuchText(IMPORT_MAX_TEXT_LENGTH));
    if (error.problem === 'formula') throw new AppError(400, importMsg.formulas(error.cell ?? ''));
    throw new AppError(400, importMsg.unreadable);
  }
  if (rows.length === 0) throw new AppError(400, importMsg.emptySheet);
  return rows.map((row) => ({
    number: row.number,
    cells: row.cells.map((cell) => (typeof cell === 'boolean' ? (cell ? 'VERDADERO' : 'FALSO') : cell)),
  }));
}

/** RFC 4180 text with the delimiter its header uses (';' as Excel writes in es-CL, ',' or a tab). */
function readCsv(bytes: Buffer): SheetRow[] {
  if (bytes.includes(0)) throw new AppError(415, importMsg.notSpreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  if ([...text.slice(0, 4096)].some((char) => char < ' ' && !'\r\n\t'.includes(char))) {
    throw new AppError(415, importMsg.notSpreadsheet);
  }
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', ',', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  if (firstLine.split(delimiter).length < 2) throw new AppError(415, importMsg.notSpreadsheet);
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
        throw new AppError(400, importMsg.formulas(`${columnLetters(row.length + 1)}${number}`));
      }
      if (row.length >= IMPORT_MAX_COLUMNS) throw new AppError(413, importMsg.tooManyColumns(IMPORT_MAX_COLUMNS));
      cells += 1;
      if (cells > IMPORT_MAX_CELLS) throw new AppError(413, importMsg.tooManyCells(IMPORT_MAX_CELLS));
      filled = true;
    }
    row.push(field === '' ? null : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (filled) {
      if (rows.length > IMPORT_MAX_ROWS) throw new AppError(413, importMsg.tooManyRows(IMPORT_MAX_ROWS));
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
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, importMsg.tooLarge);
  if (bytes.length === 0) throw new AppError(400, importMsg.emptySheet);
  if (EXECUTABLE_MAGIC.some((magic) => bytes.subarray(0, magic.length).equals(magic))) {
    throw new AppError(415, importMsg.notSpreadsheet);
  }
  const rows = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const filled = rows.filter((row) => row.cells.some((cell) => cell !== null && String(cell).trim() !== ''));
  if (filled.length < 2) throw new AppError(400, importMsg.emptySheet);
  return filled;
}
