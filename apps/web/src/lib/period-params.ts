// Not from the board's schemas: the boards' route loaders import this file, and should not load zod.

import { boardPeriodMsg } from '@app/shared/messages-board-period';
import { currentPeriod, type Period } from '@app/shared/period';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notifyWarning } from './notify';
import { clampPeriod, FIRST_PERIOD, monthIndex, parsePeriod } from './period';
import { MONTH_PARAM, YEAR_PARAM } from './period-param-names';

export { MONTH_PARAM, YEAR_PARAM } from './period-param-names';

/** The documents' former spelling, still read so that links already shared keep working. */
const OLD_YEAR_PARAM = 'año';

/** The year the address names, in either spelling (the current one wins). */
export const periodYearParam = (params: URLSearchParams): string | null =>
  params.get(YEAR_PARAM) ?? params.get(OLD_YEAR_PARAM);

/**
 * The month an address names (its search parameters) as a screen shows it: clamped into `first` ..
 * the current default period, which is also the month when the address names none.
 */
export function periodOf(params: URLSearchParams, first: Period = FIRST_PERIOD, latest = currentPeriod()): Period {
  const given = parsePeriod(periodYearParam(params), params.get(MONTH_PARAM));
  return given ? clampPeriod(given, first, latest) : latest;
}

/** The query with the month set, the other parameters kept. */
function withPeriod(params: URLSearchParams, { year, month }: Period): URLSearchParams {
  const updated = new URLSearchParams(params);
  updated.set(YEAR_PARAM, String(year));
  updated.set(MONTH_PARAM, String(month));
  return updated;
}

/**
 * The query with the old spelling rewritten to the current one, other parameters in their order;
 * null when there is nothing to rewrite.
 */
export function canonicalPeriodParams(params: URLSearchParams): URLSearchParams | null {
  if (!params.has(OLD_YEAR_PARAM)) return null;
  const hasCurrent = params.has(YEAR_PARAM);
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key !== OLD_YEAR_PARAM) next.append(key, value);
    else if (!hasCurrent && !next.has(YEAR_PARAM)) next.append(YEAR_PARAM, value);
  }
  return next;
}

/** An old link (?año=) is rewritten in place to the one spelling, without a new history entry. */
function useCanonicalPeriodParams() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const next = canonicalPeriodParams(params);
    if (next) setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
}

/**
 * When the address names a month the board does not show (one not open yet, one before the first,
 * or no month at all), the month shown and why, to rewrite the address and say so; null when the
 * address names the shown month, or names none (the default period).
 */
export function boardPeriodCorrection(
  params: URLSearchParams,
  latest: Period = currentPeriod(),
): { shown: Period; message: string } | null {
  const yearText = periodYearParam(params);
  const monthText = params.get(MONTH_PARAM);
  if (yearText === null && monthText === null) return null;
  const shown = periodOf(params, FIRST_PERIOD, latest);
  const asked = parsePeriod(yearText, monthText);
  if (!asked) return { shown, message: boardPeriodMsg.invalid(shown) };
  if (monthIndex(asked) > monthIndex(shown)) return { shown, message: boardPeriodMsg.notOpenYet(asked, shown) };
  if (monthIndex(asked) < monthIndex(shown)) return { shown, message: boardPeriodMsg.beforeFirst(asked, shown) };
  // The same month spelled otherwise ('mes=03'): rewritten quietly.
  return yearText === String(shown.year) && monthText === String(shown.month) ? null : { shown, message: '' };
}

/**
 * The month a screen shows, kept in the address (?anio=2026&mes=3; the old ?año= is read too and
 * rewritten) so that a reload or a shared link shows the same month: the current default period
 * when absent, clamped into `first` .. the current period. Changing it keeps the path; with
 * `replace` the change adds no history entry.
 */
function usePeriodParam(first: Period, replace: boolean): [Period, (period: Period) => void] {
  useCanonicalPeriodParams();
  const [params, setParams] = useSearchParams();
  const latest = currentPeriod();
  const period = periodOf(params, first, latest);
  const setPeriod = (next: Period) =>
    setParams((current) => withPeriod(current, clampPeriod(next, first, latest)), {
      replace,
      preventScrollReset: true,
    });
  return [period, setPeriod];
}

/**
 * The month a board (and /solicitudes) shows, from January 2010; a change replaces the address. An
 * address naming a month it does not show (not open yet, or garbled) is rewritten, and a notice
 * says why.
 */
export function useBoardPeriod(): [Period, (period: Period) => void] {
  const [period, setPeriod] = usePeriodParam(FIRST_PERIOD, true);
  const [params, setParams] = useSearchParams();
  const correction = boardPeriodCorrection(params);
  const fixYear = correction?.shown.year;
  const fixMonth = correction?.shown.month;
  const notice = correction?.message;
  useEffect(() => {
    if (fixYear === undefined || fixMonth === undefined) return;
    setParams((current) => withPeriod(current, { year: fixYear, month: fixMonth }), {
      replace: true,
      preventScrollReset: true,
    });
    if (notice) notifyWarning(notice, boardPeriodMsg.title);
  }, [fixYear, fixMonth, notice, setParams]);
  return [period, setPeriod];
}

/**
 * The month a documents screen shows, from `first` (the staff's January 2010, a client's January
 * 2018); each change is a step of the history (Back returns to the month before).
 */
export const useDocumentsPeriod = (first: Period) => usePeriodParam(first, false);
