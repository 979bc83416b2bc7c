import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestSummary } from '@app/shared/schemas/requests';
import { formatDate } from '../../../lib/dates';
import { saveFile } from '../../../lib/save-file';
import { receivedOf } from './request-filters';

/** What spreadsheets read as UTF-8 text: the byte order mark first. */
const BOM = '\uFEFF';
/** The separator a Spanish-locale spreadsheet opens as columns. */
const SEPARATOR = ';';

/**
 * One text cell: quoted when it holds the separator, a quote or a line break; a text a spreadsheet
 * would run as a formula (=, +, -, @, tab, return first) gets a leading apostrophe (OWASP's CSV
 * injection advice), since company names and titles are typed by people.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as a CSV file's text: BOM, a header line, one line per row, ';' between cells, CRLF after each line. */
export function requestsCsv(rows: readonly RequestSummary[]): string {
  const lines = [
    requestsMsg.csvHeaders,
    ...rows.map((row) => [
      row.business.name,
      row.business.rut,
      row.title,
      row.service?.name ?? '',
      formatDate(row.dueDate),
      requestsMsg.requestStateLabels[row.state],
      receivedOf(row),
      row.itemCount,
      row.toReview,
    ]),
  ];
  return `${BOM}${lines.map((cells) => cells.map(csvCell).join(SEPARATOR)).join('\r\n')}\r\n`;
}

/** Has the browser save `text` as a file named `fileName` (no server round trip). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  saveFile(new Blob([text], { type }), fileName);
}
