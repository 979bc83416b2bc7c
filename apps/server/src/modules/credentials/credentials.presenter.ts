import type { Credential, CredentialLastReveal, CredentialSummary } from '@app/shared/schemas/credentials';
import type { CredentialRow, LastRevealRow } from './credentials.repository.ts';

/** Never the password: it is answered only by the reveal endpoint, one at a time, logged. */
export function presentCredentialSummary(row: CredentialRow): CredentialSummary {
  return {
    id: row.id,
    businessId: row.businessId,
    user: row.user,
    portal: row.portal,
    description: row.description,
  };
}

export function presentLastReveal(row: LastRevealRow | undefined): CredentialLastReveal | null {
  return row ? { at: row.at.toISOString(), actorName: row.actorName, ip: row.ip } : null;
}

/** A credential of the list; `lastReveal` only when the caller may read the activity log (owners). */
export function presentCredential(row: CredentialRow, lastReveal?: CredentialLastReveal | null): Credential {
  return lastReveal === undefined ? presentCredentialSummary(row) : { ...presentCredentialSummary(row), lastReveal };
}
