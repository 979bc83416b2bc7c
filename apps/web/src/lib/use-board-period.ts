// Not from the board's schemas: the boards' route loaders import this file, and should not load zod.
import { BOARD_MIN_YEAR, currentPeriod, type Period } from '@app/shared/period';
import { useSearchParams } from 'react-router';
import { MONTH_PARAM, periodYearParam, useCanonicalPeriodParams, YEAR_PARAM } from './period-params';

const index = ({ year, month }: Period) => year * 12 + (month - 1);
const fromIndex = (value: number): Period => ({ year: Math.floor(value / 12), month: (value % 12) + 1 });

/** The earliest month of the selector (spec 1 §5 "Date selector"). */
export const FIRST_PERIOD: Period = { year: BOARD_MIN_YEAR, month: 1 };

/** A month brought into January 2010 .. the current default period (spec 1 §5: clamped). */
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
 * The month the board shows, kept in the address (?anio=2026&mes=3; the documents'
 * old ?año= is read too and rewritten) so a reload or a shared link
 * shows the same month; the current default period when absent, clamped when out of range.
 */
export function useBoardPeriod(): [Period, (period: Period) => void] {
  useCanonicalPeriodParams();
  const [params, setParams] = useSearchParams();
  const latest = currentPeriod();
  const period = boardPeriodOf(params, latest);
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
