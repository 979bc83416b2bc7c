import type { BusinessServiceResponse, BusinessServiceUpdate } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { businessServiceInvalidation } from './invalidation';

/** 'Editar' (startDate) and 'Desactivar' (active false) on a company, or the service detail's switch and date. */
export const updateBusinessService = ({
  businessId,
  serviceId,
  ...body
}: BusinessServiceUpdate & { businessId: number; serviceId: number }) =>
  api<BusinessServiceResponse>(`/business/${businessId}/service/${serviceId}`, { method: 'PUT', body });

/** The link shows on the company detail and on the service detail (and its delete modal). */
export const useUpdateBusinessService = () =>
  useInvalidatingMutation(updateBusinessService, (_data, { businessId, serviceId }) =>
    businessServiceInvalidation.linkChanged(businessId, serviceId),
  );
