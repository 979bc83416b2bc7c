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
