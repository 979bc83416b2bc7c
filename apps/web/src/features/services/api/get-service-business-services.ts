import type { BusinessServiceOfService } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { serviceQueryKey } from './get-service';

/** One row per company, linked or not ('Empresas' of the service detail). */
export const serviceBusinessServicesQueryKey = (serviceId: number) =>
  [...serviceQueryKey(serviceId), 'business-service'] as const;

export const getServiceBusinessServices = (serviceId: number) =>
  api<BusinessServiceOfService[]>(`/service/${serviceId}/business-service`);

export const serviceBusinessServicesQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: serviceBusinessServicesQueryKey(serviceId),
    queryFn: () => getServiceBusinessServices(serviceId),
  });

export const useServiceBusinessServices = (serviceId: number) =>
  useQuery(serviceBusinessServicesQueryOptions(serviceId));
