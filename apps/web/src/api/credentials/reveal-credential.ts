import type { CredentialRevealResponse, RevealPurpose } from '@app/shared/schemas/credentials';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** One password in clear, once: the server logs who showed or copied it. */
export const revealCredential = ({ id, purpose }: { id: number; purpose: RevealPurpose }) =>
  api<CredentialRevealResponse>(`/password/${id}/reveal`, { method: 'POST', body: { purpose } });

/**
 * Never cached: the answer lives only while the component that asked shows it (gcTime 0, no query
 * cache); hiding resets the mutation, closing the modal unmounts it.
 */
export const useRevealCredential = () => useMutation({ mutationFn: revealCredential, gcTime: 0 });
