import type { BusinessService, BusinessServiceCreate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { serviceQueryKey } from './get-service';

/** Creates the link of a company that never had the service (or reactivates it from a date). */
export const activateBusinessService = ({ businessId, ...body }: BusinessServiceCreate & { businessId: number }) =>
  api<{ message: string; businessService: BusinessService }>(`/business/${businessId}/service`, {
    method: 'POST',
    body,
  });

export function useActivateBusinessService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateBusinessService,
    onSuccess: (_data, { serviceId }) => queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
  });
}
