import type { Period } from '@app/shared/period';
import type { RequestSummaryList } from '@app/shared/schemas/requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { requestKeys } from './keys';

/** GET /api/requests?year&month: every company's requests of a period as summaries (/solicitudes). */
export const getRequests = (period: Period) =>
  api<RequestSummaryList>('/requests', { params: { year: period.year, month: period.month } });

export const requestsQueryOptions = (period: Period) =>
  queryOptions({ queryKey: requestKeys.period(period), queryFn: () => getRequests(period) });

export const useRequests = (period: Period) => useQuery(requestsQueryOptions(period));
