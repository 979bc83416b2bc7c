import type { Credential } from '@app/shared/schemas/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** A company's credentials, without passwords (each is revealed on its own): fetched when the section shows. */
export const credentialsQueryKey = (businessId: number) => ['credentials', businessId] as const;

export const getCredentials = (businessId: number) => api<Credential[]>('/password', { params: { businessId } });

export const credentialsQueryOptions = (businessId: number) =>
  queryOptions({ queryKey: credentialsQueryKey(businessId), queryFn: () => getCredentials(businessId), gcTime: 0 });

export const useCredentials = (businessId: number) => useQuery(credentialsQueryOptions(businessId));
