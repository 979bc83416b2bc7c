import { idField, idParams, optionalText, requiredText } from '../fields.ts';
import { APPROVAL_ANSWER_LABELS, APPROVAL_STATUS_LABELS, approvalsMsg } from '../messages-approvals.ts';
import { z } from '../zod-setup.ts';

export const APPROVAL_TITLE_MAX = 120;
export const APPROVAL_TEXT_MAX = 2000;
/** Reminders go every this many days unless the request says otherwise. */
export const APPROVAL_REMINDER_DAYS_DEFAULT = 3;
export const APPROVAL_REMINDER_DAYS_MAX = 30;

const statusList = Object.keys(APPROVAL_STATUS_LABELS) as [keyof typeof APPROVAL_STATUS_LABELS];
const answerList = Object.keys(APPROVAL_ANSWER_LABELS) as [keyof typeof APPROVAL_ANSWER_LABELS];

const title = requiredText(approvalsMsg.titleRequired, APPROVAL_TITLE_MAX, approvalsMsg.titleTooLong);
const message = optionalText(APPROVAL_TEXT_MAX, approvalsMsg.messageTooLong);
const reminderDays = z
  .number({ error: approvalsMsg.reminderDaysInvalid })
  .int(approvalsMsg.reminderDaysInvalid)
  .min(1, approvalsMsg.reminderDaysInvalid)
  .max(APPROVAL_REMINDER_DAYS_MAX, approvalsMsg.reminderDaysInvalid);

/** POST /api/business/{businessId}/approvals: a file already in the company's documents. */
export const ApprovalRequestSchema = z.object({
  fileId: idField(approvalsMsg.fileIdInvalid),
  title,
  message,
  reminderDays: reminderDays.optional().default(APPROVAL_REMINDER_DAYS_DEFAULT),
});
export type ApprovalRequestInput = z.input<typeof ApprovalRequestSchema>;

/**
 * POST /api/business/{businessId}/approvals/upload: the text fields of the multipart form that
 * carries a PDF uploaded right there (sent before the file).
 */
export const ApprovalUploadFieldsSchema = z.object({
  title,
  message,
  reminderDays: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : APPROVAL_REMINDER_DAYS_DEFAULT))
    .pipe(reminderDays),
});

/** POST /api/approvals/{id}/answer: 'Apruebo' or 'Rechazo'; a rejection says why. */
export const ApprovalAnswerSchema = z
  .object({
    answer: z.enum(answerList, { error: approvalsMsg.answerInvalid }),
    comment: optionalText(APPROVAL_TEXT_MAX, approvalsMsg.commentTooLong),
  })
  .superRefine((value, context) => {
    if (value.answer === 'reject' && value.comment === '') {
      context.addIssue({ code: 'custom', path: ['comment'], message: approvalsMsg.commentRequired });
    }
  });
export type ApprovalAnswerInput = z.input<typeof ApprovalAnswerSchema>;

/** POST /api/approvals/{id}/cancel: no fields. */
export const ApprovalCancelSchema = z.object({});

export const ApprovalParamSchema = idParams('id');
export const ApprovalBusinessParamSchema = idParams('businessId');

const MailOutcome = z.enum(['sent', 'outbox', 'failed', 'none']);
export type ApprovalMailOutcome = z.infer<typeof MailOutcome>;

/** The document an approval is about, as it was when it was asked for. */
export const ApprovalDocumentSchema = z.object({
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** SHA-256 of the file's exact bytes when the approval was asked for, 64 hex digits. */
  sha256: z.string(),
  /** The company file it is (null for a PDF uploaded with the request, or a file deleted since). */
  fileId: z.number().nullable(),
  source: z.enum(['file', 'upload']),
  /** Whether its bytes can still be opened. */
  available: z.boolean(),
});

export const ApprovalSchema = z.object({
  id: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  title: z.string(),
  message: z.string(),
  status: z.enum(statusList),
  statusText: z.string(),
  document: ApprovalDocumentSchema,
  requestedBy: z.string(),
  requestedAt: z.string(),
  reminderDays: z.number(),
  answer: z.enum(answerList).nullable(),
  answerText: z.string().nullable(),
  comment: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredByEmail: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answerIp: z.string().nullable(),
  answerUserAgent: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /**
   * How the request's own e-mail to the client went: 'sent', 'outbox' (kept in the local outbox,
   * nobody received it), 'failed', or 'none' (no client with an e-mail); null before it was tried.
   */
  requestMail: MailOutcome.nullable(),
  /** Reminders e-mailed so far and how the last one went. */
  reminders: z.object({
    count: z.number(),
    lastAt: z.string().nullable(),
    lastDelivery: MailOutcome.nullable(),
  }),
});
export type Approval = z.infer<typeof ApprovalSchema>;

/** GET /api/approvals/{id}/certificate: the certificate page's data. */
export const ApprovalCertificateSchema = z.object({ approval: ApprovalSchema, firmName: z.string() });
export type ApprovalCertificate = z.infer<typeof ApprovalCertificateSchema>;

export const ApprovalListSchema = z.array(ApprovalSchema);

export const ApprovalSavedSchema = z.object({ message: z.string(), approval: ApprovalSchema });
export type ApprovalSaved = z.infer<typeof ApprovalSavedSchema>;

/** GET /api/business/{businessId}/approvals/files: the company's files to choose from, newest first. */
export const ApprovalFileChoiceListSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    size: z.number(),
    createdAt: z.string(),
    /** Where it sits: 'Octubre 2026 · Declaraciones'. */
    place: z.string(),
  }),
);
export type ApprovalFileChoice = z.infer<typeof ApprovalFileChoiceListSchema>[number];
