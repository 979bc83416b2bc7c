import { APP_TIME_ZONE } from '@app/shared/period';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A reminder as the form holds it: the day ('YYYY-MM-DD') and, once a day is chosen, the time ('HH:mm'). */
export interface ReminderParts {
  date: string | null;
  time: string;
}

/** The moment the note reminds at, read as the firm's clock (America/Santiago): an ISO instant, or null without a day. */
export function reminderToInstant({ date, time }: ReminderParts): string | null {
  if (!date) return null;
  return dayjs.tz(`${date} ${time || '00:00'}`, 'YYYY-MM-DD HH:mm', APP_TIME_ZONE).toISOString();
}

/** A saved reminder back into the form's day and time, on the firm's clock. */
export function instantToReminder(instant: string | null | undefined): ReminderParts {
  if (!instant) return { date: null, time: '' };
  const moment = dayjs(instant).tz(APP_TIME_ZONE);
  return { date: moment.format('YYYY-MM-DD'), time: moment.format('HH:mm') };
}
