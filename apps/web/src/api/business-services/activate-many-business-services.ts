import type { BusinessServiceActivateMany, BusinessServiceActivateManyResponse } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { combineEffects, useInvalidatingMutation } from '../../lib/cache-effect';
import { businessServiceInvalidation } from './invalidation';

/** 'Activar' of the obligations a company's tax profile suggests: several services linked in one call. */
export const activateManyBusinessServices = ({
  businessId,
  ...body
}: BusinessServiceActivateMany & { businessId: number }) =>
  api<BusinessServiceActivateManyResponse>(`/business/${businessId}/service/activate-many`, { method: 'POST', body });

export const useActivateManyBusinessServices = () =>
  useInvalidatingMutation(activateManyBusinessServices, (_data, { businessId, serviceIds }) =>
    combineEffects(...serviceIds.map((serviceId) => businessServiceInvalidation.linkChanged(businessId, serviceId))),
  );
