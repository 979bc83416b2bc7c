import ExcelJS from 'exceljs';

/** The first sheet of an .xlsx as a test reads it back (ExcelJS loads the whole file). */
export async function openFirstSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}
