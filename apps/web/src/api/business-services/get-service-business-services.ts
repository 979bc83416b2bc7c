import type { BusinessServiceOfServiceList } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every service's company rows: each lists every company, so a company change refreshes them all. */
export const allServiceBusinessServicesQueryKey = ['business-services', 'of-service'] as const;

/** One row per company, linked to the service or not ('Empresas' of the service detail). */
export const serviceBusinessServicesQueryKey = (serviceId: number) =>
  [...allServiceBusinessServicesQueryKey, serviceId] as const;

export const getServiceBusinessServices = (serviceId: number) =>
  api<BusinessServiceOfServiceList>(`/service/${serviceId}/business-service`);

export const serviceBusinessServicesQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: serviceBusinessServicesQueryKey(serviceId),
    queryFn: () => getServiceBusinessServices(serviceId),
  });

export const useServiceBusinessServices = (serviceId: number) =>
  useQuery(serviceBusinessServicesQueryOptions(serviceId));
