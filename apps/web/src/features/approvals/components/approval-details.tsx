import { APPROVAL_MAIL_LABELS, santiagoShortDateTime } from '@app/shared/messages-approvals';
import type { Approval } from '@app/shared/schemas/approvals';
import { Text } from '@mantine/core';

/** Who asked when, and who answered (or cancelled) when: one short line each. */
export function approvalLines(approval: Approval): string[] {
  const lines = [`Solicitado por ${approval.requestedBy} el ${santiagoShortDateTime(approval.requestedAt)}`];
  if (approval.answeredAt && approval.answeredBy) {
    lines.push(`${approval.answerText} de ${approval.answeredBy} el ${santiagoShortDateTime(approval.answeredAt)}`);
  }
  if (approval.cancelledAt && approval.cancelledBy) {
    lines.push(`Anulada por ${approval.cancelledBy} el ${santiagoShortDateTime(approval.cancelledAt)}`);
  }
  return lines;
}

/** How the e-mails went, for the staff: the request's mail and the reminders (kept in the outbox is never 'sent'). */
export function mailLine(approval: Approval): string | null {
  const parts: string[] = [];
  if (approval.requestMail) parts.push(`Correo: ${APPROVAL_MAIL_LABELS[approval.requestMail]}`);
  if (approval.reminders.count > 0 && approval.reminders.lastDelivery) {
    parts.push(
      `${approval.reminders.count === 1 ? '1 recordatorio' : `${approval.reminders.count} recordatorios`} (último: ${APPROVAL_MAIL_LABELS[approval.reminders.lastDelivery]})`,
    );
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A comment as the client wrote it, quoted. */
export function ApprovalComment({ approval }: { approval: Approval }) {
  if (!approval.comment) return null;
  return (
    <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
      «{approval.comment}»
    </Text>
  );
}
