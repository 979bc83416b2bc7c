import type { CredentialRevealResponse, RevealPurpose } from '@app/shared/schemas/credentials';
import { api } from '../../lib/api-client';

/**
 * One password in clear, once: the server logs who showed or copied it. Never cached:
 * the vault keeps the answer only while it shows it.
 */
export const revealCredential = ({ id, purpose }: { id: number; purpose: RevealPurpose }) =>
  api<CredentialRevealResponse>(`/password/${id}/reveal`, { method: 'POST', body: { purpose } });
