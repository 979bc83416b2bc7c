import type { ToReview } from '@app/shared/schemas/requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { requestKeys } from './keys';

/**
 * GET /api/requests/to-review: what clients sent that staff have not looked at yet, in total (the
 * 'Documentos' menu badge) and per company (the monthly board's row badges). One request for all.
 */
export const getToReview = () => api<ToReview>('/requests/to-review');

export const toReviewQueryOptions = () => queryOptions({ queryKey: requestKeys.toReview, queryFn: getToReview });

/** `enabled`: false for whoever may not read it (clients), so that no request is made. */
export const useToReview = (enabled = true) => useQuery({ ...toReviewQueryOptions(), enabled });

export type BusinessToReview = ToReview['byBusiness'][number];

/** Per company id, how many items wait for review and their earliest period; stable while the answer does not change. */
export const toReviewByBusiness = (data: ToReview | undefined): ReadonlyMap<number, BusinessToReview> =>
  new Map((data?.byBusiness ?? []).map((entry) => [entry.businessId, entry]));
