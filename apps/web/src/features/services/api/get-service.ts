import type { ServiceDetail } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { servicesQueryKey } from './get-services';

/** The detail of one service; its sub-resources (states, folders, ...) hang below this key. */
export const serviceQueryKey = (id: number) => [...servicesQueryKey, 'detail', id] as const;

export const getService = (id: number) =>
  api<{ service: ServiceDetail }>(`/service/${id}`).then((data) => data.service);

export const serviceQueryOptions = (id: number) =>
  queryOptions({ queryKey: serviceQueryKey(id), queryFn: () => getService(id) });

export const useService = (id: number) => useQuery(serviceQueryOptions(id));
