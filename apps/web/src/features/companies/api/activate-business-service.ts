import type { BusinessServiceCreate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessQueryKey } from './get-business';

/** 'Activar': creates the company-service link, or reactivates it with a new start date. */
export const activateBusinessService = ({ businessId, ...body }: BusinessServiceCreate & { businessId: number }) =>
  api<{ message: string }>(`/business/${businessId}/service`, { method: 'POST', body });

export function useActivateBusinessService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateBusinessService,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
  });
}
