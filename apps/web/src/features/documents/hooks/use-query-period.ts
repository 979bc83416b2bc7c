import { currentPeriod, type Period } from '@app/shared/period';
import { useSearchParams } from 'react-router';
import { MONTH_PARAM, periodYearParam, useCanonicalPeriodParams, YEAR_PARAM } from '../../../lib/period-params';
import { clampPeriod, parsePeriod } from '../utils/period';

/**
 * The month a documents screen shows, kept in the query string (?anio=2026&mes=10, as on the
 * boards; an old ?año= link still works and is rewritten) so that a reload or a shared link shows
 * the same month; the current default period when absent, clamped
 * into `first` .. the current period. Changing it keeps the path (the same folder).
 */
export function useQueryPeriod(first: Period): [Period, (period: Period) => void] {
  useCanonicalPeriodParams();
  const [params, setParams] = useSearchParams();
  const latest = currentPeriod();
  const given = parsePeriod(periodYearParam(params), params.get(MONTH_PARAM));
  const period = given ? clampPeriod(given, first, latest) : latest;
  const setPeriod = (next: Period) => {
    const clamped = clampPeriod(next, first, latest);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(YEAR_PARAM, String(clamped.year));
        updated.set(MONTH_PARAM, String(clamped.month));
        return updated;
      },
      { preventScrollReset: true },
    );
  };
  return [period, setPeriod];
}
