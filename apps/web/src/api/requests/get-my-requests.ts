import type { RequestList } from '@app/shared/schemas/requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { requestKeys } from './keys';

/**
 * GET /api/my/requests (a client): their company's requests not yet complete, of any period, then
 * those completed in the last 60 days (ClientRequestListSchema); `today` is the Santiago day their
 * states were judged by.
 */
export const getMyRequests = () => api<RequestList>('/my/requests');

export const myRequestsQueryOptions = () => queryOptions({ queryKey: requestKeys.mine, queryFn: getMyRequests });

export const useMyRequests = () => useQuery(myRequestsQueryOptions());
