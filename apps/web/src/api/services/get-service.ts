import type { ServiceDetailResponse } from '@app/shared/schemas/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { servicesQueryKey } from './get-services';

/** The detail of one service: its states, folders, notifications and months active. */
export const serviceQueryKey = (id: number) => [...servicesQueryKey, 'detail', id] as const;

export const getService = async (id: number) => (await api<ServiceDetailResponse>(`/service/${id}`)).service;

export const serviceQueryOptions = (id: number) =>
  queryOptions({ queryKey: serviceQueryKey(id), queryFn: () => getService(id) });

export const useService = (id: number) => useQuery(serviceQueryOptions(id));
