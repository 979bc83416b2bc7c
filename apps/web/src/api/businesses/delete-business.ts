import type { MessageResponse } from '@app/shared/errors';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { invalidatingMutationOptions } from '../../lib/cache-effect';
import { businessInvalidation } from './invalidation';

export const deleteBusiness = (id: number) => api<MessageResponse>(`/business/${id}`, { method: 'DELETE' });

/** The delete cascades in the database; the cache follows it through the companies' invalidation map. */
export const deleteBusinessMutationOptions = (queryClient: QueryClient) =>
  invalidatingMutationOptions(queryClient, deleteBusiness, (_data, id) => businessInvalidation.deleted(id));

export const useDeleteBusiness = () => useMutation(deleteBusinessMutationOptions(useQueryClient()));
