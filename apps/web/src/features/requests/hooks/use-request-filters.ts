import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type RequestFilterKey,
  type RequestFilters,
  requestFiltersOf,
  withRequestFilter,
} from '../utils/request-filters';

/**
 * The filters of /solicitudes in the address, changed with `replace` as the month is: a reload,
 * Back to the page or a shared link shows the same rows, and a month change keeps them.
 */
export function useRequestFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => requestFiltersOf(params), [params]);
  const setFilter = useCallback(
    <Key extends RequestFilterKey>(key: Key, value: RequestFilters[Key]) =>
      setParams((current) => withRequestFilter(current, key, value), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { filters, setFilter };
}
