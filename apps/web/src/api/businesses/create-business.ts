import type { BusinessCreate, BusinessResponse } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { allServiceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { businessesQueryKey } from './get-businesses';

export const createBusiness = (body: BusinessCreate) => api<BusinessResponse>('/business', { method: 'POST', body });

/** The new company shows in the companies list (and so in every group's detail) and on every service's 'Empresas'. */
export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allServiceBusinessServicesQueryKey }),
      ]),
  });
}
