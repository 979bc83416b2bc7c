import { daysUntil } from '@app/shared/due-dates';
import { boardMsg } from '@app/shared/messages-board';
import { formatDate } from '../../lib/dates';

/** How far ahead (days) a cell's due date is marked softly, before it is late. */
export const DUE_SOON_DAYS = 3;

/** A cell's mark: late (icon and outline), due within DUE_SOON_DAYS (softer), or none. */
export type DueMark = 'overdue' | 'soon' | null;

export interface DueFacts {
  /** 'YYYY-MM-DD', or null when the column has no due date for the company. */
  dueDate: string | null;
  /** The server's (or the task rule's) verdict: past its due date and not done. */
  overdue: boolean;
  /** At the column's last state (done): nothing to mark. */
  done: boolean;
}

/** Which mark a cell gets on the board's `today` ('YYYY-MM-DD' in America/Santiago). */
export function dueMarkOf({ dueDate, overdue, done }: DueFacts, today: string): DueMark {
  if (dueDate == null || done) return null;
  if (overdue) return 'overdue';
  const days = daysUntil(dueDate, today);
  return days >= 0 && days <= DUE_SOON_DAYS ? 'soon' : null;
}

/**
 * What a cell says about its due date in its tooltip and accessible name: 'Atrasada, venció
 * 12-11-2026' when late, 'Vence 12-11-2026' otherwise; null without a due date or once done.
 */
export function dueText(dueDate: string | null, mark: DueMark, done: boolean): string | null {
  if (dueDate == null || done) return null;
  const shown = formatDate(dueDate);
  return mark === 'overdue' ? boardMsg.overdueSince(shown) : boardMsg.dueOn(shown);
}
