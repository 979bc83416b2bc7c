import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The one spelling of a period's year in the address, on the boards and the documents alike:
 * ?anio=2026&mes=3 (plain ASCII, never percent-encoded).
 */
export const YEAR_PARAM = 'anio';
export const MONTH_PARAM = 'mes';
/** The documents' former spelling, still read so that links already shared keep working. */
const OLD_YEAR_PARAM = 'año';

/** The year the address names, in either spelling (the current one wins). */
export const periodYearParam = (params: URLSearchParams): string | null =>
  params.get(YEAR_PARAM) ?? params.get(OLD_YEAR_PARAM);

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
export function useCanonicalPeriodParams() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const next = canonicalPeriodParams(params);
    if (next) setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
}
