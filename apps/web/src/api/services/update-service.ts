import type { ServiceResponse, ServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateService = ({ id, ...body }: ServiceUpdate & { id: number }) =>
  api<ServiceResponse>(`/service/${id}`, { method: 'PUT', body });

/** The service's name also shows in every company detail. */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => applyCacheEffect(queryClient, serviceInvalidation.written()),
  });
}
