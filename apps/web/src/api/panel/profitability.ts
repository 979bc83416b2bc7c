import type { Profitability } from '@app/shared/schemas/time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Profitability per company of a month (owners): fee billed, hours, their cost and the margin. */
export const profitabilityQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: ['panel', 'profitability', year, month],
    queryFn: () => api<Profitability>('/panel/profitability', { params: { anio: year, mes: month } }),
  });

export const useProfitability = (year: number, month: number) => useQuery(profitabilityQueryOptions(year, month));
