import type { ServiceCreate, ServiceResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createService = (body: ServiceCreate) => api<ServiceResponse>('/service', { method: 'POST', body });

/** Every company detail lists every service, so the new one shows there too. */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => applyCacheEffect(queryClient, serviceInvalidation.written()),
  });
}
