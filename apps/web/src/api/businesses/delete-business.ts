import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { allServiceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { allServiceBusinessesQueryKey } from '../business-services/get-service-businesses';
import { groupDetailsQueryKey } from '../groups/get-group';
import { businessQueryKey } from './get-business';
import { businessesQueryKey } from './get-businesses';

export const deleteBusiness = (id: number) => api<MessageResponse>(`/business/${id}`, { method: 'DELETE' });

/** The delete cascades: the company leaves the services' company lists and every group it was in. */
export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBusiness,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: businessQueryKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allServiceBusinessServicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allServiceBusinessesQueryKey }),
        queryClient.invalidateQueries({ queryKey: groupDetailsQueryKey }),
      ]);
    },
  });
}
