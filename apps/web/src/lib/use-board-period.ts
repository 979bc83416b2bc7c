// Not from the board's schemas: the boards' route loaders import this file, and should not load zod.

import { boardPeriodMsg } from '@app/shared/messages-board-period';
import { BOARD_MIN_YEAR, currentPeriod, type Period } from '@app/shared/period';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notifyWarning } from './notify';
import { MONTH_PARAM, periodYearParam, useCanonicalPeriodParams, YEAR_PARAM } from './period-params';

const index = ({ year, month }: Period) => year * 12 + (month - 1);
const fromIndex = (value: number): Period => ({ year: Math.floor(value / 12), month: (value % 12) + 1 });

/** The earliest month of the selector: January 2010. */
export const FIRST_PERIOD: Period = { year: BOARD_MIN_YEAR, month: 1 };

/** A month brought into January 2010 .. the current default period. */
export function clampPeriod(period: Period, latest: Period = currentPeriod()): Period {
  return fromIndex(Math.min(Math.max(index(period), index(FIRST_PERIOD)), index(latest)));
}

/** The month an address names (its search parameters), as the board shows it: see useBoardPeriod. */
export function boardPeriodOf(params: URLSearchParams, latest: Period = currentPeriod()): Period {
  const year = Number(periodYearParam(params));
  const month = Number(params.get(MONTH_PARAM));
  const given = Number.isInteger(year) && Number.isInteger(month) && year > 0 && month >= 1 && month <= 12;
  return given ? clampPeriod({ year, month }, latest) : latest;
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
  const shown = boardPeriodOf(params, latest);
  const asked = { year: Number(yearText), month: Number(monthText) };
  const valid =
    Number.isInteger(asked.year) &&
    Number.isInteger(asked.month) &&
    asked.year > 0 &&
    asked.month >= 1 &&
    asked.month <= 12;
  if (!valid) return { shown, message: boardPeriodMsg.invalid(shown) };
  if (index(asked) > index(shown)) return { shown, message: boardPeriodMsg.notOpenYet(asked, shown) };
  if (index(asked) < index(shown)) return { shown, message: boardPeriodMsg.beforeFirst(asked, shown) };
  // The same month spelled otherwise ('mes=03'): rewritten quietly.
  return yearText === String(shown.year) && monthText === String(shown.month) ? null : { shown, message: '' };
}

/**
 * The month the board shows, kept in the address (?anio=2026&mes=3; the documents'
 * old ?año= is read too and rewritten) so a reload or a shared link
 * shows the same month; the current default period when absent, clamped when out of range.
 */
export function useBoardPeriod(): [Period, (period: Period) => void] {
  useCanonicalPeriodParams();
  const [params, setParams] = useSearchParams();
  const latest = currentPeriod();
  const period = boardPeriodOf(params, latest);
  const correction = boardPeriodCorrection(params, latest);
  const fixYear = correction?.shown.year;
  const fixMonth = correction?.shown.month;
  const notice = correction?.message;
  // The address says what is shown: a month not open yet (or garbled) is rewritten, and the notice says why.
  useEffect(() => {
    if (fixYear === undefined || fixMonth === undefined) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(YEAR_PARAM, String(fixYear));
        updated.set(MONTH_PARAM, String(fixMonth));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
    if (notice) notifyWarning(notice, boardPeriodMsg.title);
  }, [fixYear, fixMonth, notice, setParams]);
  const setPeriod = (next: Period) => {
    const clamped = clampPeriod(next, latest);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(YEAR_PARAM, String(clamped.year));
        updated.set(MONTH_PARAM, String(clamped.month));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [period, setPeriod];
}
