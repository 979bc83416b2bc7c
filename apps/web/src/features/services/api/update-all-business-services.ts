import type { BusinessServiceAllUpdate, BusinessServiceOfService } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { serviceQueryKey } from './get-service';

/** 'Activar todo' (start date 2021-01-01 unless given) / 'Desactivar todo'. */
export const updateAllBusinessServices = ({ serviceId, ...body }: BusinessServiceAllUpdate & { serviceId: number }) =>
  api<{ message: string; businessServices: BusinessServiceOfService[] }>(
    `/service/${serviceId}/business-service-all-update`,
    { method: 'PUT', body },
  );

export function useUpdateAllBusinessServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAllBusinessServices,
    onSuccess: (_data, { serviceId }) => queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
  });
}
