import { APP_TIME_ZONE } from '@app/shared/period';
import type { Note } from '@app/shared/schemas/notes';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatDateTime } from '../../../lib/dates';
import { noteTexts } from './note-texts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Mantine's date-time value: a wall-clock moment without zone, read here on the firm's clock. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The picker's value ('YYYY-MM-DD HH:mm:ss', America/Santiago) as the ISO instant the API takes; null when empty. */
export function reminderToInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  return dayjs.tz(value, PICKER_FORMAT, APP_TIME_ZONE).toISOString();
}

/** A saved reminder back into the picker's value, on the firm's clock. */
export function instantToReminder(instant: string | null | undefined): string | null {
  if (!instant) return null;
  return dayjs(instant).tz(APP_TIME_ZONE).format(PICKER_FORMAT);
}

/**
 * The earliest moment the picker offers: this minute on the firm's clock (earlier days are
 * disabled, and today's earlier times too), whatever the browser's own time zone.
 */
export function earliestReminder(now: Date = new Date()): string {
  return dayjs(now).tz(APP_TIME_ZONE).startOf('minute').format(PICKER_FORMAT);
}

/**
 * What became of a note's reminder, as its card says it: pending, or when it went out and whether
 * its e-mail left the server (an e-mail only kept in the server's outbox reached nobody).
 */
export function reminderStatus(note: Pick<Note, 'reminder' | 'reminderSentAt' | 'reminderDelivery'>): string | null {
  if (!note.reminder) return null;
  if (!note.reminderSentAt) return noteTexts.reminderPending;
  const at = formatDateTime(note.reminderSentAt);
  switch (note.reminderDelivery) {
    case 'sent':
      return noteTexts.reminderSent(at);
    case 'outbox':
      return noteTexts.reminderOutbox(at);
    case 'failed':
      return noteTexts.reminderFailed(at);
    default:
      return noteTexts.reminderWithoutEmail(at);
  }
}
