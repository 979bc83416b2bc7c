import type { EmailDelivery, EmailLogEntry } from '@app/shared/schemas/email';
import { OUTBOX_RESPONSE_PREFIX } from '../../lib/mailer.ts';
import type { EmailLogRow } from './email.repository.ts';

/** A kept message's logged answer starts with the outbox's prefix; a provider's never does. */
export function deliveryOf(row: Pick<EmailLogRow, 'ok' | 'providerResponse'>): EmailDelivery {
  if (!row.ok) return 'failed';
  return row.providerResponse.startsWith(OUTBOX_RESPONSE_PREFIX) ? 'outbox' : 'sent';
}

export function presentEmail(row: EmailLogRow): EmailLogEntry {
  return {
    id: row.id,
    business: row.business,
    subject: row.subject,
    emails: row.emails,
    content: row.content,
    ok: row.ok,
    delivery: deliveryOf(row),
    providerResponse: row.providerResponse,
    sentBy: row.sender,
    createdAt: row.createdAt.toISOString(),
  };
}
