import { APPROVAL_ANSWER_LABELS, APPROVAL_STATUS_LABELS } from '@app/shared/messages-approvals';
import type { Approval } from '@app/shared/schemas/approvals';
import type { ApprovalRow } from './approvals.repository.ts';

/** An approval as the API answers it; its stored bytes' key never leaves the server. */
export function presentApproval(
  row: ApprovalRow,
  extra: Pick<Approval, 'businessName' | 'requestMail' | 'reminders'>,
): Approval {
  const answer = row.status === 'approved' ? 'approve' : row.status === 'rejected' ? 'reject' : null;
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: extra.businessName,
    title: row.title,
    message: row.message,
    status: row.status,
    statusText: APPROVAL_STATUS_LABELS[row.status],
    document: {
      name: row.documentName,
      size: row.documentSize,
      contentType: row.contentType,
      sha256: row.sha256,
      fileId: row.fileId,
      source: row.source,
      available: row.source === 'upload' || row.fileId !== null,
    },
    requestedBy: row.requestedByName,
    requestedAt: row.requestedAt.toISOString(),
    reminderDays: row.reminderDays,
    answer,
    answerText: answer ? APPROVAL_ANSWER_LABELS[answer] : null,
    comment: row.comment,
    answeredBy: row.answeredByName,
    answeredByEmail: row.answeredByEmail,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answerIp: row.answerIp,
    answerUserAgent: row.answerUserAgent,
    cancelledBy: row.cancelledByName,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    requestMail: extra.requestMail,
    reminders: extra.reminders,
  };
}
