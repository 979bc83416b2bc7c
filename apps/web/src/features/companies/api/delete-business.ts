import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allServiceBusinessServicesQueryKey } from '../../../api/business-services/get-service-business-services';
import { allServiceBusinessesQueryKey } from '../../../api/business-services/get-service-businesses';
import { businessQueryKey } from '../../../api/businesses/get-business';
import { businessesQueryKey } from '../../../api/businesses/get-businesses';
import { groupDetailsQueryKey } from '../../../api/groups/get-group';
import { api } from '../../../lib/api-client';

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
