import type { MessageResponse } from '@app/shared/errors';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { businessInvalidation } from './invalidation';

export const deleteBusiness = (id: number) => api<MessageResponse>(`/business/${id}`, { method: 'DELETE' });

/** The delete cascades in the database; the cache follows it through the companies' invalidation map. */
export const deleteBusinessMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteBusiness,
    onSuccess: (_data, id: number) => applyCacheEffect(queryClient, businessInvalidation.deleted(id)),
  });

export const useDeleteBusiness = () => useMutation(deleteBusinessMutationOptions(useQueryClient()));
