import type { MorningDigest, MorningDigestResponse } from '@app/shared/schemas/profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Whether the signed-in staff member gets the 08:00 digest of due dates; staff only. */
export const morningDigestQueryKey = ['users', 'me', 'morning-digest'] as const;

export const getMorningDigest = () => api<MorningDigest>('/user/me/morning-digest');

export const morningDigestQueryOptions = () =>
  queryOptions({ queryKey: morningDigestQueryKey, queryFn: getMorningDigest });

export const useMorningDigest = () => useQuery(morningDigestQueryOptions());

export const setMorningDigest = (body: MorningDigest) =>
  api<MorningDigestResponse>('/user/me/morning-digest', { method: 'PUT', body });

export function useSetMorningDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMorningDigest,
    onSuccess: ({ morningDigest }) => queryClient.setQueryData(morningDigestQueryKey, { morningDigest }),
  });
}
