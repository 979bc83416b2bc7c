import type { Period } from '@app/shared/period';
import type { RequestList } from '@app/shared/schemas/requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { requestKeys } from './keys';

/** GET /api/business/{businessId}/requests?year&month: one company's requests of a period (its documents page). */
export const getBusinessRequests = (businessId: number, period: Period) =>
  api<RequestList>(`/business/${businessId}/requests`, { params: { year: period.year, month: period.month } });

export const businessRequestsQueryOptions = (businessId: number, period: Period) =>
  queryOptions({
    queryKey: requestKeys.business(businessId, period),
    queryFn: () => getBusinessRequests(businessId, period),
  });

export const useBusinessRequests = (businessId: number, period: Period) =>
  useQuery(businessRequestsQueryOptions(businessId, period));
