import type { EmailLogEntry } from '@app/shared/schemas/email';
import type { EmailLogRow } from './email.repository.ts';

export function presentEmail(row: EmailLogRow): EmailLogEntry {
  return {
    id: row.id,
    business: row.business,
    subject: row.subject,
    emails: row.emails,
    content: row.content,
    ok: row.ok,
    providerResponse: row.providerResponse,
    createdAt: row.createdAt.toISOString(),
  };
}
