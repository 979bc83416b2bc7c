import type { BusinessServiceResponse, BusinessServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { businessQueryKey } from '../businesses/get-business';
import { serviceBusinessServicesQueryKey } from './get-service-business-services';
import { serviceBusinessesQueryKey } from './get-service-businesses';

/** 'Editar' (startDate) and 'Desactivar' (active false) on a company, or the service detail's switch and date. */
export const updateBusinessService = ({
  businessId,
  serviceId,
  ...body
}: BusinessServiceUpdate & { businessId: number; serviceId: number }) =>
  api<BusinessServiceResponse>(`/business/${businessId}/service/${serviceId}`, { method: 'PUT', body });

/** The link shows on the company detail and on the service detail (and its delete modal). */
export function useUpdateBusinessService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessService,
    onSuccess: (_data, { businessId, serviceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: serviceBusinessServicesQueryKey(serviceId) }),
        queryClient.invalidateQueries({ queryKey: serviceBusinessesQueryKey(serviceId) }),
      ]),
  });
}
