import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openFirstSheet } from '../test/workbook.ts';
import {
  DATE_FORMAT,
  PESOS_FORMAT,
  readXlsxSheet,
  type XlsxReadError,
  type XlsxReadLimits,
  xlsxStream,
} from './xlsx-stream.ts';

describe('xlsxStream', () => {
  it('writes a frozen bold header with an auto-filter, numbers in pesos, real dates and filled cells', async () => {
    async function* rows() {
      yield ['Panadería Los Aromos', 1234567, new Date(Date.UTC(2026, 10, 5)), { value: 'Declarado', fill: '#1E88E5' }];
      yield ['Ñandú SpA', null, null, { value: 'Pendiente', fill: '#FFEB3B' }];
    }
    const bytes = await buffer(
      xlsxStream({
        name: 'Octubre 2026',
        columns: [
          { header: 'Empresa', width: 30 },
          { header: 'Monto', numFmt: PESOS_FORMAT },
          { header: 'Vence', numFmt: DATE_FORMAT },
          { header: 'F29' },
        ],
        rows: rows(),
      }),
    );
    const sheet = await openFirstSheet(bytes);
    expect(sheet.name).toBe('Octubre 2026');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Empresa', 'Monto', 'Vence', 'F29']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getCell('A2').value).toBe('Panadería Los Aromos');
    expect(sheet.getCell('B2').value).toBe(1234567);
    expect(sheet.getCell('B2').numFmt).toBe(PESOS_FORMAT);
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2026, 10, 5)));
    expect(sheet.getCell('C2').numFmt).toBe(DATE_FORMAT);
    expect(sheet.getCell('D2').fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FF1E88E5' } });
    expect(sheet.getCell('D2').font?.color?.argb).toBe('FFFFFFFF');
    expect(sheet.getCell('D3').font?.color?.argb).toBe('FF000000');
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });

  it('keeps memory flat: 50,000 rows stream through without the workbook held whole', async () => {
    function* rows() {
      for (let index = 0; index < 50_000; index++) yield [`Empresa ${index}`, index];
    }
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let size = 0;
    for await (const chunk of xlsxStream({
      name: 'Grande',
      columns: [{ header: 'Empresa' }, { header: 'N' }],
      rows: rows(),
    })) {
      size += (chunk as Buffer).length;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(size).toBeGreaterThan(500_000);
    // ~13 MB measured streaming; the same rows held in a whole workbook take several times that.
    expect(peak - before).toBeLessThan(40 * 1024 * 1024);
  });
});

/**
 * Heap above what was in use before `run`: at its highest while it works (sampled every
 * millisecond, garbage not yet collected included), and kept once it is done (its result alive).
 */
async function peakHeapDuring<T>(run: () => Promise<T>): Promise<{ result: T; peakMb: number; keptMb: number }> {
  // Twice: what the first collection finalises is only freed by the next.
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 1);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    gc();
    const kept = process.memoryUsage().heapUsed;
    return { result, peakMb: (peak - before) / 1024 / 1024, keptMb: (kept - before) / 1024 / 1024 };
  } finally {
    clearInterval(sample);
  }
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A workbook written as it streams, its strings in the shared table as Excel keeps them. */
async function workbookOf(rows: Iterable<(string | number)[]>): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Empresas');
  for (const row of rows) sheet.addRow(row).commit();
  await sheet.commit();
  await workbook.commit();
  return bytes;
}

const LIMITS: XlsxReadLimits = {
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxRatio: 200,
  maxRows: 10_001,
  maxCells: 400_000,
  maxColumns: 200,
  maxTextLength: 10_000_000,
};

describe('readXlsxSheet', () => {
  it('reads text, numbers, dates, booleans, rich text and Excel escapes by row and column, empty cells as null', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Primera');
    workbook.addWorksheet('Segunda').addRow(['otra hoja']);
    sheet.addRow(['Nombre', 'Monto', 'Fecha', 'Sí']);
    sheet.addRow([
      { richText: [{ text: 'Ñandú ' }, { text: 'SpA', font: { bold: true } }] },
      1234567,
      new Date(Date.UTC(2024, 2, 1)),
      true,
    ]);
    sheet.getCell('B4').value = 'Con_x0000_nulo';
    sheet.getCell('D4').value = { text: 'link@empresa.cl', hyperlink: 'mailto:link@empresa.cl' };
    const rows = await readXlsxSheet(Buffer.from(await workbook.xlsx.writeBuffer()), LIMITS);
    expect(rows).toEqual([
      { number: 1, cells: ['Nombre', 'Monto', 'Fecha', 'Sí'] },
      { number: 2, cells: ['Ñandú SpA', 1234567, new Date(Date.UTC(2024, 2, 1)), true] },
      { number: 4, cells: [null, 'Con\u0000nulo', null, 'link@empresa.cl'] },
    ]);
  });

  it('refuses a formula naming its cell, and a value past the last column', async () => {
    const formula = new ExcelJS.Workbook();
    formula.addWorksheet('Hoja').addRow(['a', { formula: 'CONCAT("a","b")' }]);
    await expect(readXlsxSheet(Buffer.from(await formula.xlsx.writeBuffer()), LIMITS)).rejects.toMatchObject({
      problem: 'formula',
      cell: 'B1',
    });
    const wide = new ExcelJS.Workbook();
    wide.addWorksheet('Hoja').getCell(1, 201).value = 'lejos';
    await expect(readXlsxSheet(Buffer.from(await wide.xlsx.writeBuffer()), LIMITS)).rejects.toMatchObject({
      problem: 'columns',
    });
  });

  it('10,000 rows × 80 numbers (a few MB on disk): refused at the cell limit with the heap flat', async () => {
    const bytes = await workbookOf(
      (function* () {
        for (let r = 0; r < 10_000; r++) yield Array.from({ length: 80 }, (_, c) => (r + c) % 1000);
      })(),
    );
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    const { peakMb } = await peakHeapDuring(() =>
      readXlsxSheet(bytes, LIMITS).then(
        () => 'read',
        (error: XlsxReadError) => error.problem,
      ),
    ).then(({ result, peakMb }) => {
      expect(result).toBe('cells');
      return { peakMb };
    });
    // Loaded whole by ExcelJS the same file took over 1 GB (the server's heap is 192 MB).
    expect(peakMb).toBeLessThan(40);
  }, 60_000);

  it('the worst workbook the limits allow (400,000 distinct shared strings, text up to its limit, two bytes a character) reads with a bounded heap; more text is refused', async () => {
    // A character beyond Latin-1 ('€') makes V8 keep a string two bytes a character: the most heap per character.
    const workbookWith = (length: number) =>
      workbookOf(
        (function* () {
          for (let r = 0; r < 10_000; r++) {
            yield Array.from({ length: 40 }, (_, c) => `€${r}.${c}`.padEnd(length, 'x'));
          }
        })(),
      );
    const bytes = await workbookWith(25);
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    const { result, peakMb, keptMb } = await peakHeapDuring(() => readXlsxSheet(bytes, LIMITS));
    expect(result).toHaveLength(10_000);
    expect(result[9_999]?.cells[39]).toBe('€9999.39'.padEnd(25, 'x'));
    // ~58 MB at the peak and ~33 MB kept measured: 10,000,000 characters at two bytes, 400,000 strings, the rows.
    expect(keptMb).toBeLessThan(45);
    expect(peakMb).toBeLessThan(100);

    const moreText = await workbookWith(26);
    const refused = await peakHeapDuring(() =>
      readXlsxSheet(moreText, LIMITS).then(
        () => 'read',
        (error: XlsxReadError) => error.problem,
      ),
    );
    expect(refused.result).toBe('text');
    expect(refused.peakMb).toBeLessThan(100);
  }, 120_000);
});
