import type { ServiceBusinessList } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every service's linked companies: a company renamed or deleted refreshes them all. */
export const allServiceBusinessesQueryKey = ['business-services', 'linked-businesses'] as const;

/** The companies linked to the service (the service delete modal's list). */
export const serviceBusinessesQueryKey = (serviceId: number) => [...allServiceBusinessesQueryKey, serviceId] as const;

export const getServiceBusinesses = (serviceId: number) => api<ServiceBusinessList>(`/service/${serviceId}/business`);

export const serviceBusinessesQueryOptions = (serviceId: number) =>
  queryOptions({ queryKey: serviceBusinessesQueryKey(serviceId), queryFn: () => getServiceBusinesses(serviceId) });

export const useServiceBusinesses = (serviceId: number) => useQuery(serviceBusinessesQueryOptions(serviceId));
