import type { BusinessResponse, BusinessUpdate } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { businessInvalidation } from './invalidation';

export const updateBusiness = ({ id, ...body }: BusinessUpdate & { id: number }) =>
  api<BusinessResponse>(`/business/${id}`, { method: 'PUT', body });

/** Name and RUT also show on the services' company lists. */
export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: (_data, { id }) => applyCacheEffect(queryClient, businessInvalidation.updated(id)),
  });
}
