import type { CollectionsList } from '@app/shared/schemas/billing-collections';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../lib/api-client';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { billingKeys } from './keys';

/** The list's filters and order; `q`, `sort` and `order` only for the export (the screen searches and sorts itself). */
export interface CollectionsFilter {
  responsible?: number | 'none';
  group?: number;
  overdue?: boolean;
  q?: string;
  sort?: 'name' | 'balance' | 'oldestDue';
  order?: 'asc' | 'desc';
}

const paramsOf = (query: CollectionsFilter): QueryParams => ({
  responsible: query.responsible,
  group: query.group,
  overdue: query.overdue ? 'true' : undefined,
  q: query.q,
  sort: query.sort,
  order: query.order,
});

/** GET /api/billing/collections: each company's balance, oldest due date and aging, with the totals per bucket. */
export const collectionsQueryOptions = (query: CollectionsFilter) =>
  queryOptions({
    queryKey: billingKeys.collections(query),
    queryFn: () => api<CollectionsList>('/billing/collections', { params: paramsOf(query) }),
    // A new filter keeps the rows shown until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useCollections = (query: CollectionsFilter) => useQuery(collectionsQueryOptions(query));

/** GET /api/billing/collections/export: 'Exportar a Excel' with the same filters and order. */
export const exportCollections = (query: CollectionsFilter) =>
  downloadFile('/billing/collections/export', { params: paramsOf(query) });

export const useExportCollections = () => useMutation({ mutationFn: exportCollections });

/** GET /api/billing/collections/overdue-ids: companies with a charge past due and unpaid (the board's mark). */
export const useOverdueBusinessIds = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.overdueIds,
    queryFn: async () =>
      new Set((await api<{ businessIds: number[] }>('/billing/collections/overdue-ids')).businessIds),
    enabled,
    staleTime: 60_000,
  });
