import type { BusinessResponse, BusinessUpdate } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { allServiceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { allServiceBusinessesQueryKey } from '../business-services/get-service-businesses';
import { businessQueryKey } from './get-business';
import { businessesQueryKey } from './get-businesses';

export const updateBusiness = ({ id, ...body }: BusinessUpdate & { id: number }) =>
  api<BusinessResponse>(`/business/${id}`, { method: 'PUT', body });

/** Name and RUT also show on the services' company lists. */
export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
        queryClient.invalidateQueries({ queryKey: businessQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: allServiceBusinessServicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allServiceBusinessesQueryKey }),
      ]),
  });
}
