import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** Chilean pesos as a number with the peso sign and thousands points, as Excel shows it in es-CL. */
export const PESOS_FORMAT = '"$"#,##0';
/** A calendar date shown DD-MM-YYYY (DESIGN.md §4). */
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
 * Streams a one-sheet .xlsx: a bold header row frozen at the top with an auto-filter over every
 * column, each column's width and number format, cells filled with their colour. Rows are written
 * and flushed as they come, so the workbook is never held whole in memory.
 */
export function xlsxStream(sheet: XlsxSheet): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
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

  (async () => {
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
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The content type of an .xlsx answer. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
