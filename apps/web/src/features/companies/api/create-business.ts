import type { BusinessCreate, BusinessResponse } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesQueryKey } from './get-businesses';

export const createBusiness = (body: BusinessCreate) => api<BusinessResponse>('/business', { method: 'POST', body });

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
