import type { BusinessService, BusinessServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { serviceQueryKey } from './get-service';

/** The switch (active) or the start date of an existing company link. */
export const updateBusinessService = ({
  businessId,
  serviceId,
  ...body
}: BusinessServiceUpdate & { businessId: number; serviceId: number }) =>
  api<{ message: string; businessService: BusinessService }>(`/business/${businessId}/service/${serviceId}`, {
    method: 'PUT',
    body,
  });

export function useUpdateBusinessService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessService,
    onSuccess: (_data, { serviceId }) => queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
  });
}
