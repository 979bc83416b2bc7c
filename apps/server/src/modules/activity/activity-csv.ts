import {
  ACTIVITY_ACTIONS,
  ACTIVITY_KINDS,
  type ActivityAction,
  type ActivityKind,
  activityDetailLines,
} from '@app/shared/activity';
import { activityMsg } from '@app/shared/messages-trust';
import type { ActivityRow } from '../../db/schema/activity.ts';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';

/** What spreadsheets read as UTF-8 text: the byte order mark first. */
export const CSV_BOM = '\uFEFF';
/** The separator a Spanish-locale spreadsheet opens as columns. */
const SEPARATOR = ';';

export const ACTIVITY_CSV_HEADERS = [
  'Fecha',
  'Usuario',
  'Dirección IP',
  'Acción',
  'Tipo',
  'Registro',
  'Empresa',
  'Detalle',
] as const;

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

/** A moment as 'DD-MM-YYYY HH:mm:ss' on the firm's clock (America/Santiago). */
export function santiagoDateTime(moment: Date): string {
  const part = santiagoWallClock(moment);
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** An entry as the CSV's cells, in ACTIVITY_CSV_HEADERS' order. */
export function activityCsvCells(row: ActivityRow): string[] {
  return [
    santiagoDateTime(row.at),
    row.actorName ?? activityMsg.system,
    row.ip ?? '',
    ACTIVITY_ACTIONS[row.action as ActivityAction] ?? row.action,
    ACTIVITY_KINDS[row.kind as ActivityKind] ?? row.kind,
    row.recordLabel ?? '',
    row.businessName ?? '',
    activityDetailLines(row.details).join('; '),
  ];
}
