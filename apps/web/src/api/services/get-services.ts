import type { ServiceList, ServiceListQuery } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Prefix of every services query: invalidating it refreshes the list and every detail. */
export const servicesQueryKey = ['services'] as const;
export const servicesListQueryKey = [...servicesQueryKey, 'list'] as const;

const listQuery: ServiceListQuery = { orderBy: 'order' };

export const getServices = () => api<ServiceList>('/service', { params: listQuery });

export const servicesQueryOptions = () => queryOptions({ queryKey: servicesListQueryKey, queryFn: getServices });

export const useServices = () => useQuery(servicesQueryOptions());
