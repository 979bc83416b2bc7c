import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';

/** The calendar day and the time of day (minutes since midnight) in America/Santiago at a moment. */
export function santiagoClock(now: Date) {
  const part = santiagoWallClock(now);
  const [year, month, day] = [Number(part.year), Number(part.month), Number(part.day)];
  return {
    year,
    month,
    day,
    minutes: Number(part.hour) * 60 + Number(part.minute),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}
