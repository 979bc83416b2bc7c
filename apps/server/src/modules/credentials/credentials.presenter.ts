import type { Credential, CredentialSummary } from '@app/shared/schemas/credentials';
import type { CredentialRow } from './credentials.repository.ts';

/** Without the password: what the company detail carries. */
export function presentCredentialSummary(row: CredentialRow): CredentialSummary {
  return {
    id: row.id,
    businessId: row.businessId,
    user: row.user,
    portal: row.portal,
    description: row.description,
  };
}

/** With the decrypted password: only for the /api/password endpoints (owners and collaborators). */
export function presentCredential(row: CredentialRow, password: string): Credential {
  return { ...presentCredentialSummary(row), password };
}
