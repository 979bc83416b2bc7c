import { inflateRawSync } from 'node:zlib';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importMsg } from '@app/shared/messages-import';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';

/** A cell as read: text, a number, a real date, or empty. */
export type Cell = string | number | Date | null;

/** Largest total the ZIP's entries may unpack to, and the largest entry:packed ratio (a zip bomb beyond). */
const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_RATIO = 200;

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
const EXECUTABLE_MAGIC = [Buffer.from('MZ'), Buffer.from('\x7fELF', 'latin1'), Buffer.from([0xcf, 0xfa, 0xed, 0xfe])];

/**
 * Reads the ZIP's central directory and refuses it when its entries would unpack past
 * MAX_UNPACKED_BYTES or any entry's ratio is absurd; then unpacks each entry with its output capped
 * at the size the directory declares, so a directory that lies is refused too (nothing unbounded is
 * ever unpacked). Answers the entry names.
 */
export function checkZip(bytes: Buffer): string[] {
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new AppError(415, importMsg.notSpreadsheet);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) throw new AppError(413, importMsg.zipBomb);
  const names: string[] = [];
  const entryChecks: Entry[] = [];
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new AppError(400, importMsg.unreadable);
    const packed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw new AppError(413, importMsg.zipBomb);
    total += unpacked;
    if (total > MAX_UNPACKED_BYTES) throw new AppError(413, importMsg.zipBomb);
    if (unpacked > 1024 * 1024 && unpacked / Math.max(packed, 1) > MAX_RATIO)
      throw new AppError(413, importMsg.zipBomb);
    const method = bytes.readUInt16LE(at + 10);
    const local = bytes.readUInt32LE(at + 42);
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    entryChecks.push({ method, local, packed, unpacked });
    at += 46 + nameLength + extra + comment;
  }
  for (const entry of entryChecks) checkEntry(bytes, entry);
  return names;
}

interface Entry {
  method: number;
  local: number;
  packed: number;
  unpacked: number;
}

/** Unpacks one entry with its output capped at its declared size: more is a zip bomb. */
function checkEntry(bytes: Buffer, entry: Entry) {
  if (entry.local + 30 > bytes.length || bytes.readUInt32LE(entry.local) !== 0x04034b50) {
    throw new AppError(400, importMsg.unreadable);
  }
  const start = entry.local + 30 + bytes.readUInt16LE(entry.local + 26) + bytes.readUInt16LE(entry.local + 28);
  const data = bytes.subarray(start, start + entry.packed);
  if (entry.method === 0) {
    if (entry.packed !== entry.unpacked) throw new AppError(400, importMsg.unreadable);
    return;
  }
  if (entry.method !== 8) throw new AppError(400, importMsg.unreadable);
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(entry.unpacked, 1) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new AppError(413, importMsg.zipBomb);
    }
    throw new AppError(400, importMsg.unreadable);
  }
  if (out.length !== entry.unpacked) throw new AppError(400, importMsg.unreadable);
}

function cellOf(value: ExcelJS.CellValue, address: string): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) throw new AppError(400, importMsg.formulas(address));
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) {
      const text = (value as { text: unknown }).text;
      if (typeof text === 'string') return text;
      if (text && typeof text === 'object' && 'richText' in text) {
        return (text as { richText: { text: string }[] }).richText.map((part) => part.text).join('');
      }
    }
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const names = checkZip(bytes);
  if (!names.includes('xl/workbook.xml')) throw new AppError(415, importMsg.notSpreadsheet);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, importMsg.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw new AppError(400, importMsg.emptySheet);
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1 && sheet.actualRowCount > IMPORT_MAX_ROWS + 1) {
    throw new AppError(413, importMsg.tooManyRows(IMPORT_MAX_ROWS));
  }
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellOf(cell.value, cell.address);
    });
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? null);
  });
  return Array.from(rows, (row) => row ?? []);
}

/** RFC 4180 text with the delimiter its header uses (';' as Excel writes in es-CL, ',' or a tab). */
function readCsv(bytes: Buffer): Cell[][] {
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
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
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
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      row.push(field);
      rows.push(row);
      if (rows.length > IMPORT_MAX_ROWS + 1) throw new AppError(413, importMsg.tooManyRows(IMPORT_MAX_ROWS));
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  for (const cells of rows) {
    cells.forEach((cell, index) => {
      if (typeof cell === 'string' && /^[=+@]/.test(cell) && cell.length > 1 && !/^\+?\d/.test(cell)) {
        throw new AppError(400, importMsg.formulas(`${columnLetter(index)}${rows.indexOf(cells) + 1}`));
      }
    });
  }
  return rows.map((cells) => cells.map((cell) => (cell === '' ? null : cell)));
}

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * The file's first sheet as rows of cells (row 0 the header), recognised by its content: an .xlsx
 * (a ZIP holding a workbook) or CSV text. Refuses, with its Spanish message: too large (413), an
 * executable or anything else (415), a zip bomb (413), formulas, an empty sheet (400), too many rows (413).
 */
export async function readSheet(bytes: Buffer): Promise<Cell[][]> {
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, importMsg.tooLarge);
  if (bytes.length === 0) throw new AppError(400, importMsg.emptySheet);
  if (EXECUTABLE_MAGIC.some((magic) => bytes.subarray(0, magic.length).equals(magic))) {
    throw new AppError(415, importMsg.notSpreadsheet);
  }
  const rows = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const filled = rows.filter((row) => row.some((cell) => cell !== null && String(cell).trim() !== ''));
  if (filled.length < 2) throw new AppError(400, importMsg.emptySheet);
  if (filled.length > IMPORT_MAX_ROWS + 1) throw new AppError(413, importMsg.tooManyRows(IMPORT_MAX_ROWS));
  return rows;
}
