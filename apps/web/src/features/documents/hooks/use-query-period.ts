import { currentPeriod, type Period } from '@app/shared/period';
import { useSearchParams } from 'react-router';
import { clampPeriod, parsePeriod } from '../utils/period';

/**
 * The month a documents screen shows, kept in the query string (?año=2026&mes=10) so that a
 * reload or a shared link shows the same month; the current default period when absent, clamped
 * into `first` .. the current period. Changing it keeps the path (the same folder).
 */
export function useQueryPeriod(first: Period): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const latest = currentPeriod();
  const given = parsePeriod(params.get('año'), params.get('mes'));
  const period = given ? clampPeriod(given, first, latest) : latest;
  const setPeriod = (next: Period) => {
    const clamped = clampPeriod(next, first, latest);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('año', String(clamped.year));
        updated.set('mes', String(clamped.month));
        return updated;
      },
      { preventScrollReset: true },
    );
  };
  return [period, setPeriod];
}
