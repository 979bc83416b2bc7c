import type { BusinessServiceResponse, BusinessServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { businessServiceInvalidation } from './invalidation';

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
      applyCacheEffect(queryClient, businessServiceInvalidation.linkChanged(businessId, serviceId)),
  });
}
