import { APP_TIME_ZONE } from '@app/shared/period';

const SANTIAGO_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day and the time of day (minutes since midnight) in America/Santiago at a moment. */
export function santiagoClock(now: Date) {
  const parts = Object.fromEntries(SANTIAGO_CLOCK.formatToParts(now).map((part) => [part.type, Number(part.value)]));
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0 } = parts;
  return {
    year,
    month,
    day,
    minutes: hour * 60 + minute,
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}
