import type { BusinessCreate, BusinessResponse } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { businessInvalidation } from './invalidation';

export const createBusiness = (body: BusinessCreate) => api<BusinessResponse>('/business', { method: 'POST', body });

/** The new company shows in the companies list (and so in every group's detail) and on every service's 'Empresas'. */
export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: () => applyCacheEffect(queryClient, businessInvalidation.created()),
  });
}
