import type { BusinessServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessQueryKey } from './get-business';

/** 'Editar' (startDate) and 'Desactivar' (active false) on a company's service link. */
export const updateBusinessService = ({
  businessId,
  serviceId,
  ...body
}: BusinessServiceUpdate & { businessId: number; serviceId: number }) =>
  api<{ message: string }>(`/business/${businessId}/service/${serviceId}`, { method: 'PUT', body });

export function useUpdateBusinessService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessService,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
  });
}
