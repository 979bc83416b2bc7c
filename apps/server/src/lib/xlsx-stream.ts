import { PassThrough, Readable, Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser } from 'saxes';

/** Chilean pesos as a number with the peso sign and thousands points, as Excel shows it in es-CL. */
export const PESOS_FORMAT = '"$"#,##0';
/** A calendar date shown DD-MM-YYYY, as everywhere in the app. */
export const DATE_FORMAT = 'dd-mm-yyyy';
/** A moment shown DD-MM-YYYY HH:MM. */
export const DATE_TIME_FORMAT = 'dd-mm-yyyy hh:mm';

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width?: number;
  /** Excel number format for the column's cells (PESOS_FORMAT, DATE_FORMAT…). */
  numFmt?: string;
}

/** One cell: text, a number, a real date, empty, or one of those with a fill colour ('#RRGGBB'). */
export type XlsxValue = string | number | Date | null | { value: string | number | Date | null; fill: string };

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /** Rows as they are produced (an async generator keeps memory flat for any number of rows). */
  rows: AsyncIterable<XlsxValue[]> | Iterable<XlsxValue[]>;
}

/** Dark text on light fills, white on dark ones: readable whatever the state's colour. */
function fontOn(fill: string): string {
  const hex = fill.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance > 0.55 ? 'FF000000' : 'FFFFFFFF';
}

/**
 * ExcelJS and what it brings load on the first export, not at start-up: its modules took a third of
 * the server's loading time (~0.6 s) and the memory they keep, for a feature used now and then.
 */
type ExcelJs = typeof import('exceljs');
let excel: Promise<ExcelJs> | undefined;
const loadExcel = () => {
  // A CommonJS package: its exports object is the module's default.
  excel ??= import('exceljs').then((module) => (module as unknown as { default: ExcelJs }).default);
  return excel;
};

/**
 * Streams a one-sheet .xlsx: a bold header row frozen at the top with an auto-filter over every
 * column, each column's width and number format, cells filled with their colour. Rows are written
 * and flushed as they come, so the workbook is never held whole in memory.
 */
export function xlsxStream(sheet: XlsxSheet): Readable {
  return xlsxWorkbookStream([sheet]);
}

/**
 * The same with several sheets, written one after the other (each one's rows read only once the
 * sheet before is committed). Sheet names are cut to Excel's 31 characters.
 */
export function xlsxWorkbookStream(sheets: XlsxSheet[]): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      worksheet.columns = sheet.columns.map((column, index) => ({
        header: column.header,
        key: String(index),
        width: column.width ?? Math.max(10, column.header.length + 2),
        style: column.numFmt ? { numFmt: column.numFmt } : {},
      }));
      worksheet.getRow(1).font = { bold: true };
      worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
      worksheet.getRow(1).commit();

      for await (const values of sheet.rows) {
        const row = worksheet.addRow(
          values.map((cell) =>
            cell !== null && typeof cell === 'object' && !(cell instanceof Date) ? cell.value : cell,
          ),
        );
        values.forEach((cell, index) => {
          if (cell === null || typeof cell !== 'object' || cell instanceof Date) return;
          const target = row.getCell(index + 1);
          const argb = `FF${cell.fill.replace('#', '').toUpperCase()}`;
          target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb } };
          target.font = { color: { argb: fontOn(cell.fill) } };
        });
        row.commit();
      }
      await worksheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The content type of an .xlsx answer. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as read from a sheet: text, a number, true/false, a real date (number formatted as a date). */
export type XlsxCell = string | number | boolean | Date;

/** One row of a sheet that holds a value: its number (the first is 1) and its cells by column (A is 0). */
export interface XlsxRow {
  number: number;
  cells: (XlsxCell | null)[];
}

/** What a workbook may hold before it is refused: counted as it is read, so nothing past them is ever kept. */
export interface XlsxReadLimits {
  /** The ZIP's entries unpacked, all together, as its directory declares them. */
  maxUnpackedBytes: number;
  /** Unpacked:packed of one entry over 1 MB (a zip bomb beyond). */
  maxRatio: number;
  /** Rows holding a value. */
  maxRows: number;
  /** Cells holding a value, and strings in the shared table. */
  maxCells: number;
  /** Columns: a value further right is refused (A is 1). */
  maxColumns: number;
  /** Characters of text kept, shared strings and strings in cells together: what fills memory. */
  maxTextLength: number;
}

export type XlsxReadProblem =
  | 'not-xlsx'
  | 'zip-bomb'
  | 'rows'
  | 'cells'
  | 'columns'
  | 'text'
  | 'formula'
  | 'unreadable';

/** Why a sheet was not read; `cell` names the formula's cell ('B7'). */
export class XlsxReadError extends Error {
  constructor(
    readonly problem: XlsxReadProblem,
    readonly cell?: string,
  ) {
    super(cell ? `${problem} at ${cell}` : problem);
  }
}

/** Elements open at once, attributes of one element, and characters saxes may hold of one text or name. */
const READ_MAX_DEPTH = 64;
const READ_MAX_ATTRIBUTES = 64;
const READ_MAX_HELD = 64 * 1024;

/** Number formats Excel has built in that show a date or a time. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A format code shows a date when, without its quoted text, escapes and [colour] parts, it has d, m, y, h or s. */
const isDateFormat = (code: string) =>
  /[dmyhs]/i.test(
    code
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, '')
      .replace(/\[[^\]]*\]/g, ''),
  );

/** Excel's '_x000D_' escapes of characters XML cannot hold, back to the character. */
const unescapeExcel = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** 'AB' → 27 (A is 1); 0 when it is not a column. */
function columnNumber(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return column;
}

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

interface ZipEntry {
  method: number;
  local: number;
  packed: number;
  unpacked: number;
}

/**
 * Reads the ZIP's central directory (nothing is unpacked) and refuses it when its entries would
 * unpack past the limit all together or one entry's ratio is absurd. Answers the entries by name.
 */
function zipEntries(bytes: Buffer, limits: XlsxReadLimits): Map<string, ZipEntry> {
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new XlsxReadError('not-xlsx');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new XlsxReadError('zip-bomb');
  const found = new Map<string, ZipEntry>();
  let total = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new XlsxReadError('unreadable');
    const packed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw new XlsxReadError('zip-bomb');
    total += unpacked;
    if (total > limits.maxUnpackedBytes) throw new XlsxReadError('zip-bomb');
    if (unpacked > 1024 * 1024 && unpacked / Math.max(packed, 1) > limits.maxRatio) throw new XlsxReadError('zip-bomb');
    const method = bytes.readUInt16LE(at + 10);
    const local = bytes.readUInt32LE(at + 42);
    found.set(bytes.toString('utf8', at + 46, at + 46 + nameLength), { method, local, packed, unpacked });
    at += 46 + nameLength + extra + comment;
  }
  return found;
}

/**
 * One entry, unpacked as it is read and cut at the size the directory declares: a directory that
 * lies is a zip bomb (more) or a damaged file (less); nothing unbounded is ever unpacked.
 */
function openZipEntry(bytes: Buffer, entry: ZipEntry): Readable {
  if (entry.local + 30 > bytes.length || bytes.readUInt32LE(entry.local) !== 0x04034b50) {
    throw new XlsxReadError('unreadable');
  }
  const start = entry.local + 30 + bytes.readUInt16LE(entry.local + 26) + bytes.readUInt16LE(entry.local + 28);
  const data = bytes.subarray(start, start + entry.packed);
  if (entry.method === 0) {
    if (entry.packed !== entry.unpacked || data.length !== entry.packed) throw new XlsxReadError('unreadable');
    return Readable.from([data]);
  }
  if (entry.method !== 8) throw new XlsxReadError('unreadable');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > entry.unpacked ? new XlsxReadError('zip-bomb') : null, chunk);
    },
    flush(done) {
      done(size === entry.unpacked ? null : new XlsxReadError('unreadable'));
    },
  });
  const inflate = createInflateRaw();
  inflate.on('error', () => counted.destroy(new XlsxReadError('unreadable')));
  inflate.pipe(counted);
  inflate.end(data);
  return counted;
}

interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/**
 * Streams one XML part through saxes, with element names without their prefix. Bounded so a part
 * made to fill memory is refused: depth, attributes, and the text or name saxes holds at once.
 */
async function parseXml(part: Readable, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  let depth = 0;
  let attributes = 0;
  parser.on('doctype', () => parser.fail('DOCTYPE not allowed'));
  parser.on('opentagstart', () => {
    depth += 1;
    attributes = 0;
    if (depth > READ_MAX_DEPTH) parser.fail('too deep');
  });
  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > READ_MAX_ATTRIBUTES) parser.fail('too many attributes');
  });
  parser.on('opentag', (node) => handlers.open?.(localName(node.name), node.attributes as Record<string, string>));
  if (handlers.text) parser.on('text', handlers.text);
  parser.on('closetag', (node) => {
    depth -= 1;
    handlers.close?.(localName(node.name));
  });
  const held = parser as unknown as { text: string; name: string; entity: string; piTarget: string };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of part) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (
        held.text.length > READ_MAX_HELD ||
        held.name.length > READ_MAX_HELD ||
        held.entity.length > READ_MAX_HELD ||
        held.piTarget.length > READ_MAX_HELD
      ) {
        throw new XlsxReadError('unreadable');
      }
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    part.destroy();
    if (error instanceof XlsxReadError) throw error;
    throw new XlsxReadError('unreadable');
  }
}

/** 'worksheets/sheet1.xml' of xl/_rels/workbook.xml.rels, or '/xl/…', as a path inside the ZIP. */
const partPath = (target: string) =>
  (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/');

/**
 * The first sheet of an .xlsx held in `bytes`, read as it streams: the ZIP's directory checked
 * first, then only the parts needed are unpacked, each as it is read: the workbook names the
 * sheet, the styles say which numbers are dates, the shared strings are kept (no more of them than
 * cells allowed), then the sheet's rows are read one at a time, counted against `limits` as they
 * come, a formula refused by its cell. Only rows and cells holding a value are kept. ExcelJS's
 * reader loads the whole workbook (a cell object per cell) or, streaming, spills sheets to
 * temporary files and has no limits: neither bounds what a 5 MB file can make of memory.
 */
export async function readXlsxSheet(bytes: Buffer, limits: XlsxReadLimits): Promise<XlsxRow[]> {
  const entries = zipEntries(bytes, limits);
  if (!entries.has('xl/workbook.xml')) throw new XlsxReadError('not-xlsx');
  const part = (path: string) => {
    const entry = entries.get(path);
    return entry ? openZipEntry(bytes, entry) : undefined;
  };
  let firstSheetRelation: string | undefined;
  let date1904 = false;
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw new XlsxReadError('unreadable');
  await parseXml(workbook, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet' && firstSheetRelation === undefined) {
        const key = Object.keys(attributes).find((attribute) => localName(attribute) === 'id' && attribute !== 'id');
        firstSheetRelation = key ? attributes[key] : undefined;
      }
    },
  });

  let sheetPath = 'xl/worksheets/sheet1.xml';
  let stringsPath = 'xl/sharedStrings.xml';
  let stylesPath = 'xl/styles.xml';
  const relations = part('xl/_rels/workbook.xml.rels');
  if (relations) {
    await parseXml(relations, {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Target) return;
        const type = attributes.Type ?? '';
        if (attributes.Id === firstSheetRelation) sheetPath = partPath(attributes.Target);
        else if (type.endsWith('/sharedStrings')) stringsPath = partPath(attributes.Target);
        else if (type.endsWith('/styles')) stylesPath = partPath(attributes.Target);
      },
    });
  }

  // Which cell styles (their index in cellXfs) show a number as a date.
  const dateStyles: boolean[] = [];
  const styles = part(stylesPath);
  if (styles) {
    const customFormats = new Map<number, string>();
    let inCellXfs = false;
    await parseXml(styles, {
      open(name, attributes) {
        if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attributes.numFmtId ?? 0);
          const custom = customFormats.get(id);
          dateStyles.push(custom === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(custom));
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
  }

  let textLength = 0;
  const keepText = (text: string) => {
    textLength += text.length;
    if (textLength > limits.maxTextLength) throw new XlsxReadError('text');
    // A copy of its own (joined, then flattened by slice): a piece of saxes' text would keep the
    // whole decoded chunk it came from. Not through UTF-8, which would mend a lone surrogate.
    return text.length < 13 ? text : ` ${text}`.slice(1);
  };

  // The shared strings: a string's runs joined, its phonetic guide ('rPh') left out.
  const strings: string[] = [];
  const stringsPart = part(stringsPath);
  if (stringsPart) {
    let current = '';
    let inText = false;
    let inPhonetic = false;
    await parseXml(stringsPart, {
      open(name) {
        if (name === 'si') current = '';
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && !inPhonetic) inText = true;
      },
      text(text) {
        if (inText) current += text;
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'si') {
          if (strings.length >= limits.maxCells) throw new XlsxReadError('cells');
          strings.push(keepText(unescapeExcel(current)));
          current = '';
        }
      },
    });
  }

  const sheet = part(sheetPath);
  if (!sheet) throw new XlsxReadError('unreadable');
  const rows: XlsxRow[] = [];
  let cellCount = 0;
  let rowNumber = 0;
  let row: (XlsxCell | null)[] = [];
  let rowHasValue = false;
  let column = 0;
  let cell: { type: string; style: number; value: string; inline: string; hasValue: boolean } | null = null;
  let reading: 'value' | 'inline' | null = null;
  let inPhonetic = false;
  const cellOf = (found: NonNullable<typeof cell>): XlsxCell => {
    const raw = found.value;
    switch (found.type) {
      case 's': {
        const text = strings[Number(raw)];
        if (text === undefined || raw.trim() === '') throw new XlsxReadError('unreadable');
        return text;
      }
      case 'inlineStr':
        return keepText(unescapeExcel(found.inline));
      case 'str':
        return keepText(unescapeExcel(raw));
      case 'b':
        return raw.trim() === '1' || raw.trim() === 'true';
      case 'e':
        return raw;
      case 'd': {
        const date = new Date(raw);
        if (Number.isNaN(date.getTime())) throw new XlsxReadError('unreadable');
        return date;
      }
      default: {
        const number = Number(raw);
        if (raw.trim() === '' || !Number.isFinite(number)) throw new XlsxReadError('unreadable');
        if (!dateStyles[found.style]) return number;
        const days = date1904 ? number + 1462 : number;
        return new Date(Math.round((days - 25569) * 86_400_000));
      }
    }
  };
  await parseXml(sheet, {
    open(name, attributes) {
      if (name === 'row') {
        rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
        if (!Number.isInteger(rowNumber) || rowNumber < 1) throw new XlsxReadError('unreadable');
        row = [];
        rowHasValue = false;
        column = 0;
      } else if (name === 'c') {
        column = attributes.r ? columnNumber(attributes.r) : column + 1;
        if (column < 1) throw new XlsxReadError('unreadable');
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '', hasValue: false };
      } else if (cell) {
        if (name === 'f') throw new XlsxReadError('formula', `${columnLetters(column)}${rowNumber}`);
        if (name === 'v') {
          reading = 'value';
          cell.hasValue = true;
        } else if (name === 'is') cell.hasValue = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && !inPhonetic) reading = 'inline';
      }
    },
    text(text) {
      if (!cell || reading === null) return;
      if (reading === 'value') cell.value += text;
      else cell.inline += text;
    },
    close(name) {
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell) {
        const found = cell;
        cell = null;
        if (!found.hasValue) return;
        const value = cellOf(found);
        if (value === '') return;
        if (column > limits.maxColumns) throw new XlsxReadError('columns');
        cellCount += 1;
        if (cellCount > limits.maxCells) throw new XlsxReadError('cells');
        row[column - 1] = value;
        rowHasValue = true;
      } else if (name === 'row' && rowHasValue) {
        if (rows.length >= limits.maxRows) throw new XlsxReadError('rows');
        rows.push({ number: rowNumber, cells: Array.from(row, (value) => value ?? null) });
      }
    },
  });
  return rows;
}
