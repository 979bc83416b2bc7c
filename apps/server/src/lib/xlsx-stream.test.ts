import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, PESOS_FORMAT, xlsxStream } from './xlsx-stream.ts';

async function open(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

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
    const sheet = await open(bytes);
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
