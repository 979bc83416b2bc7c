import { APP_TIME_ZONE } from '@app/shared/period';

const SANTIAGO_WALL_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface WallClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** What a clock in Santiago read at `moment` (summer time included), as zero-padded parts. */
export function santiagoWallClock(moment: Date): WallClockParts {
  const part = Object.fromEntries(SANTIAGO_WALL_CLOCK.formatToParts(moment).map((p) => [p.type, p.value]));
  return {
    year: part.year ?? '',
    month: part.month ?? '',
    day: part.day ?? '',
    hour: part.hour ?? '',
    minute: part.minute ?? '',
    second: part.second ?? '',
  };
}
