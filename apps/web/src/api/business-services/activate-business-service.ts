import type { BusinessServiceCreate, BusinessServiceResponse } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { businessServiceInvalidation } from './invalidation';

/**
 * 'Activar' on a company, or the switch of a company that never had the service on the service
 * detail: creates the link, or reactivates it from the new start date.
 */
export const activateBusinessService = ({ businessId, ...body }: BusinessServiceCreate & { businessId: number }) =>
  api<BusinessServiceResponse>(`/business/${businessId}/service`, { method: 'POST', body });

/** The link shows on the company detail and on the service detail (and its delete modal). */
export const useActivateBusinessService = () =>
  useInvalidatingMutation(activateBusinessService, (_data, { businessId, serviceId }) =>
    businessServiceInvalidation.linkChanged(businessId, serviceId),
  );
