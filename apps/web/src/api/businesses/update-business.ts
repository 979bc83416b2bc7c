import type { BusinessResponse, BusinessUpdate } from '@app/shared/schemas/businesses';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { businessInvalidation } from './invalidation';

export const updateBusiness = ({ id, ...body }: BusinessUpdate & { id: number }) =>
  api<BusinessResponse>(`/business/${id}`, { method: 'PUT', body });

/** Name and RUT also show on the services' company lists. */
export const useUpdateBusiness = () =>
  useInvalidatingMutation(updateBusiness, (_data, { id }) => businessInvalidation.updated(id));
