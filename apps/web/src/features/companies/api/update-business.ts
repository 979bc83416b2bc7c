import type { BusinessResponse, BusinessUpdate } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allServiceBusinessServicesQueryKey } from '../../../api/business-services/get-service-business-services';
import { allServiceBusinessesQueryKey } from '../../../api/business-services/get-service-businesses';
import { businessQueryKey } from '../../../api/businesses/get-business';
import { businessesQueryKey } from '../../../api/businesses/get-businesses';
import { api } from '../../../lib/api-client';

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
