import { currentPeriod, type Period } from '@app/shared/period';

const santiagoMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
});

/** The message's month in Santiago, or the latest period that can be opened when that one is later. */
export function defaultFilingPeriod(createdAt: string, latest: Period = currentPeriod()): Period {
  const [year, month] = santiagoMonth.format(new Date(createdAt)).split('-').map(Number);
  const own = { year: year ?? latest.year, month: month ?? latest.month };
  return own.year * 12 + own.month > latest.year * 12 + latest.month ? latest : own;
}
