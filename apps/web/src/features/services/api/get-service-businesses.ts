import type { ServiceBusiness } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { serviceQueryKey } from './get-service';

/** The companies that have the service (the delete modal's list). */
export const serviceBusinessesQueryKey = (serviceId: number) => [...serviceQueryKey(serviceId), 'business'] as const;

export const getServiceBusinesses = (serviceId: number) => api<ServiceBusiness[]>(`/service/${serviceId}/business`);

export const serviceBusinessesQueryOptions = (serviceId: number) =>
  queryOptions({ queryKey: serviceBusinessesQueryKey(serviceId), queryFn: () => getServiceBusinesses(serviceId) });

export const useServiceBusinesses = (serviceId: number) => useQuery(serviceBusinessesQueryOptions(serviceId));
