/**
 * CSV as the app's downloads write it (the activity log, 'Exportar para facturar'): UTF-8 with a
 * byte order mark, ';' between cells (what a Spanish-locale spreadsheet opens as columns), CRLF.
 */

/** What spreadsheets read as UTF-8 text: the byte order mark first. */
export const CSV_BOM = '\uFEFF';
/** The separator a Spanish-locale spreadsheet opens as columns. */
const SEPARATOR = ';';

/**
 * One text cell, as the /solicitudes CSV writes them (apps/web requests-csv.ts): quoted when it holds
 * the separator, a quote or a line break; a text a spreadsheet would run as a formula (=, +, -, @,
 * tab, return first) gets a leading apostrophe (OWASP's CSV injection advice): names are typed by people.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, CRLF after it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}
