import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '../data-protection.ts';
import { calendarDate, idField, idParams, optionalText, plainText, requiredText } from '../fields.ts';
import {
  ARCHIVE_FORMAT_LABELS,
  DATA_CATEGORY_LABELS,
  INCIDENT_STATUS_LABELS,
  dataProtectionMsg as m,
  PRIVACY_NOTICE_BLANKS,
  PROPOSAL_STATUS_LABELS,
  RIGHTS_CHANNEL_LABELS,
  RIGHTS_CLOSED_STATUSES,
  RIGHTS_KIND_LABELS,
  RIGHTS_STATUS_LABELS,
  TEMPORARY_BLOCK_KINDS,
} from '../messages-data-protection.ts';
import { formatRut, isValidRut } from '../rut.ts';
import { z } from '../zod-setup.ts';

const keysOf = <T extends Record<string, string>>(labels: T) => Object.keys(labels) as [keyof T & string];

export const RIGHTS_TEXT_MAX = 4000;
export const RIGHTS_ANSWER_MAX = 10_000;
export const INCIDENT_TEXT_MAX = 4000;
export const PRIVACY_NOTICE_MAX = 20_000;

const rightsKind = z.enum(keysOf(RIGHTS_KIND_LABELS), { error: m.kindInvalid });
const rightsStatus = z.enum(keysOf(RIGHTS_STATUS_LABELS), { error: m.statusInvalid });
const rightsChannel = z.enum(keysOf(RIGHTS_CHANNEL_LABELS), { error: m.channelInvalid });
const incidentStatus = z.enum(keysOf(INCIDENT_STATUS_LABELS), { error: m.incidentStatusInvalid });
const dataCategory = z.enum(keysOf(DATA_CATEGORY_LABELS), { error: m.categoryInvalid });

/** An optional RUT: '' when none, else checked by its check digit and written as 12.345.678-5. */
const optionalRut = optionalText(30).transform((value, context) => {
  if (!value) return '';
  const formatted = formatRut(value);
  if (!isValidRut(formatted)) {
    context.addIssue({ code: 'custom', message: m.requesterRutInvalid });
    return z.NEVER;
  }
  return formatted;
});

const optionalDate = (invalid: string) =>
  z
    .union([z.literal(''), z.null(), calendarDate(invalid, invalid)])
    .optional()
    .transform((value) => value || null);

const requestFields = {
  kind: rightsKind,
  requesterName: requiredText(m.requesterNameRequired, 200),
  requesterEmail: plainText(m.requesterEmailInvalid)
    .trim()
    .toLowerCase()
    .min(1, m.requesterEmailInvalid)
    .max(254, m.requesterEmailInvalid)
    .pipe(z.email(m.requesterEmailInvalid)),
  requesterRut: optionalRut,
  receivedOn: calendarDate(m.receivedOnRequired, m.receivedOnInvalid),
  channel: rightsChannel,
  description: optionalText(RIGHTS_TEXT_MAX),
  temporaryBlock: z.boolean().optional().default(false),
  /** The staff member handling it; null: nobody yet. */
  handledById: idField().nullable().optional().default(null),
};

const blockWithItsKinds = (value: { kind: keyof typeof RIGHTS_KIND_LABELS; temporaryBlock: boolean }) =>
  !value.temporaryBlock || TEMPORARY_BLOCK_KINDS.includes(value.kind);

/** POST /api/data-protection/requests: a request a person made, as it came in. */
export const RightsRequestCreateSchema = z
  .object(requestFields)
  .refine(blockWithItsKinds, { message: m.temporaryBlockOnlyWith, path: ['temporaryBlock'] });
export type RightsRequestCreate = z.input<typeof RightsRequestCreateSchema>;

/** PUT /api/data-protection/requests/{id}: the same, its state and its answer. */
export const RightsRequestUpdateSchema = z
  .object({
    ...requestFields,
    status: rightsStatus,
    answerText: optionalText(RIGHTS_ANSWER_MAX),
    answeredOn: optionalDate(m.answeredOnInvalid),
  })
  .superRefine((value, context) => {
    if (!blockWithItsKinds(value))
      context.addIssue({ code: 'custom', path: ['temporaryBlock'], message: m.temporaryBlockOnlyWith });
    if (RIGHTS_CLOSED_STATUSES.includes(value.status)) {
      if (!value.answerText) context.addIssue({ code: 'custom', path: ['answerText'], message: m.answerRequired });
      if (!value.answeredOn) context.addIssue({ code: 'custom', path: ['answeredOn'], message: m.answeredOnRequired });
    }
    if (value.answeredOn && value.answeredOn < value.receivedOn)
      context.addIssue({ code: 'custom', path: ['answeredOn'], message: m.answeredBeforeReceived });
  });
export type RightsRequestUpdate = z.input<typeof RightsRequestUpdateSchema>;

/** POST /api/data-protection/requests/{id}/extend: 'Prorrogar', once, with its reason. */
export const RightsRequestExtendSchema = z.object({
  reason: requiredText(m.extensionReasonRequired, 1000),
});

export const RightsRequestSchema = z.object({
  id: z.number(),
  kind: rightsKind,
  kindText: z.string(),
  requesterName: z.string(),
  requesterEmail: z.string(),
  requesterRut: z.string().nullable(),
  receivedOn: z.string(),
  channel: rightsChannel,
  channelText: z.string(),
  description: z.string(),
  temporaryBlock: z.boolean(),
  /** The temporary block's last day (two business days), when one was asked for. */
  temporaryBlockDueOn: z.string().nullable(),
  /** The law's first term: thirty calendar days after it came in. */
  firstDueOn: z.string(),
  /** The last day to answer: the first term, or the extended one. */
  dueOn: z.string(),
  extendedAt: z.string().nullable(),
  extensionReason: z.string().nullable(),
  status: rightsStatus,
  statusText: z.string(),
  answerText: z.string(),
  answeredOn: z.string().nullable(),
  handledById: z.number().nullable(),
  handledByName: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Days from today (Santiago) to `dueOn`; negative once past. */
  daysLeft: z.number(),
  urgency: z.enum(['overdue', 'soon', 'ok', 'closed']),
});
export type RightsRequest = z.infer<typeof RightsRequestSchema>;

export const RightsRequestListSchema = z.object({
  requests: z.array(RightsRequestSchema),
  /** Today in Santiago, the day `daysLeft` is counted from. */
  today: z.string(),
  /** The staff who may handle a request (the form's picker). */
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type RightsRequestList = z.infer<typeof RightsRequestListSchema>;

export const RightsRequestSavedSchema = z.object({ message: z.string(), request: RightsRequestSchema });

// ------------------------------------------------------------------ incidents

/** A moment on the firm's clock as the picker gives it: 'YYYY-MM-DD HH:mm' (seconds or a 'T' allowed). */
const santiagoDateTimeField = plainText(m.detectedAtRequired)
  .trim()
  .min(1, m.detectedAtRequired)
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, m.detectedAtInvalid)
  .transform((value) => `${value.slice(0, 10)} ${value.slice(11, 16)}`)
  .refine((value) => !Number.isNaN(Date.parse(`${value.replace(' ', 'T')}:00Z`)), { message: m.detectedAtInvalid })
  .refine((value) => value.slice(0, 4) >= '1900' && value.slice(0, 4) <= '2100', { message: m.detectedAtInvalid });

/** POST and PUT /api/data-protection/incidents: a security incident and what was done about it. */
export const IncidentSaveSchema = z
  .object({
    detectedAt: santiagoDateTimeField,
    description: requiredText(m.descriptionRequired, INCIDENT_TEXT_MAX),
    dataCategories: z
      .array(dataCategory, { error: m.categoriesRequired })
      .min(1, m.categoriesRequired)
      .max(Object.keys(DATA_CATEGORY_LABELS).length, m.categoryInvalid)
      .transform((values) => [...new Set(values)]),
    peopleAffected: z
      .number({ error: m.peopleAffectedInvalid })
      .int(m.peopleAffectedInvalid)
      .min(0, m.peopleAffectedInvalid)
      .max(100_000_000, m.peopleAffectedInvalid)
      .nullable(),
    measures: optionalText(INCIDENT_TEXT_MAX),
    agencyNotifiedOn: optionalDate(m.noticeDateInvalid),
    agencyNoticeHow: optionalText(1000),
    peopleNotifiedOn: optionalDate(m.noticeDateInvalid),
    peopleNoticeHow: optionalText(1000),
    status: incidentStatus,
  })
  .superRefine((value, context) => {
    for (const [date, how] of [
      ['agencyNotifiedOn', 'agencyNoticeHow'],
      ['peopleNotifiedOn', 'peopleNoticeHow'],
    ] as const) {
      const day = value[date];
      if (day && !value[how]) context.addIssue({ code: 'custom', path: [how], message: m.noticeHowRequired });
      if (day && day < value.detectedAt.slice(0, 10))
        context.addIssue({ code: 'custom', path: [date], message: m.noticeBeforeDetection });
    }
  });
export type IncidentSave = z.input<typeof IncidentSaveSchema>;

export const IncidentSchema = z.object({
  id: z.number(),
  /** 'YYYY-MM-DD HH:mm' in Santiago. */
  detectedAt: z.string(),
  description: z.string(),
  dataCategories: z.array(dataCategory),
  dataCategoryTexts: z.array(z.string()),
  peopleAffected: z.number().nullable(),
  measures: z.string(),
  agencyNotifiedOn: z.string().nullable(),
  agencyNoticeHow: z.string(),
  peopleNotifiedOn: z.string().nullable(),
  peopleNoticeHow: z.string(),
  status: incidentStatus,
  statusText: z.string(),
  recordedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Incident = z.infer<typeof IncidentSchema>;
export const IncidentListSchema = z.array(IncidentSchema);
export const IncidentSavedSchema = z.object({ message: z.string(), incident: IncidentSchema });

// ------------------------------------------------------------------ privacy notice

/** POST /api/data-protection/notice: publishes the text as a new version. */
export const PrivacyNoticePublishSchema = z.object({
  text: plainText(m.noticeTextRequired)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, m.noticeTextRequired).max(PRIVACY_NOTICE_MAX, m.noticeTextTooLong(PRIVACY_NOTICE_MAX)))
    .superRefine((value, context) => {
      const blanks = PRIVACY_NOTICE_BLANKS.filter((blank) => value.includes(blank));
      if (blanks.length > 0) context.addIssue({ code: 'custom', message: m.noticeHasBlanks(blanks) });
    }),
});
export type PrivacyNoticePublish = z.input<typeof PrivacyNoticePublishSchema>;

/** POST /api/privacy-notice/acknowledge: 'He leído el aviso' of the version shown. */
export const PrivacyNoticeAckSchema = z.object({ versionId: idField() });

export const PrivacyNoticeVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  text: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
});
export type PrivacyNoticeVersion = z.infer<typeof PrivacyNoticeVersionSchema>;

export const PrivacyNoticeAdminSchema = z.object({
  current: PrivacyNoticeVersionSchema.nullable(),
  /** Every version, newest first, with how many users acknowledged each. */
  versions: z.array(PrivacyNoticeVersionSchema.omit({ text: true }).extend({ acknowledgements: z.number() })),
  /** A starting text with the firm's name, RUT and address ('Datos del estudio'). */
  template: z.string(),
  /** Client users, and how many of them acknowledged the current version. */
  clientUsers: z.number(),
  clientsAcknowledged: z.number(),
});
export type PrivacyNoticeAdmin = z.infer<typeof PrivacyNoticeAdminSchema>;

export const PrivacyNoticeSavedSchema = z.object({ message: z.string(), notice: PrivacyNoticeAdminSchema });

export const PrivacyAcknowledgementListSchema = z.array(
  z.object({
    userName: z.string(),
    userEmail: z.string(),
    acknowledgedAt: z.string(),
    ip: z.string().nullable(),
  }),
);

/** GET /api/privacy-notice: the current notice and whether the signed-in user must still acknowledge it. */
export const PrivacyNoticeForUserSchema = z.object({
  notice: PrivacyNoticeVersionSchema.omit({ publishedBy: true }).nullable(),
  acknowledgedAt: z.string().nullable(),
  /** A client who has not acknowledged the current version: the portal shows it before anything else. */
  mustAcknowledge: z.boolean(),
});
export type PrivacyNoticeForUser = z.infer<typeof PrivacyNoticeForUserSchema>;
export const PrivacyNoticeAckSavedSchema = z.object({ message: z.string(), notice: PrivacyNoticeForUserSchema });

// ------------------------------------------------------------------ retention

const retentionYears = z
  .number({ error: m.retentionYearsInvalid })
  .int(m.retentionYearsInvalid)
  .min(RETENTION_YEARS_MIN, m.retentionYearsInvalid)
  .max(RETENTION_YEARS_MAX, m.retentionYearsInvalid);

/** PUT /api/data-protection/retention/folders/{id}: a folder template's years of retention. */
export const FolderRetentionSaveSchema = z.object({ years: retentionYears });

/** PUT /api/data-protection/holds/{businessId}: a legal hold on a company's files, with its reason. */
export const LegalHoldSaveSchema = z.object({ reason: requiredText(m.holdReasonRequired, 500) });

/** PUT /api/data-protection/activity-log/settings: how many years the activity log keeps (null: all). */
export const ActivityRetentionSaveSchema = z.object({
  years: z
    .number({ error: m.activityYearsInvalid })
    .int(m.activityYearsInvalid)
    .min(RETENTION_YEARS_MIN, m.activityYearsInvalid)
    .max(RETENTION_YEARS_MAX, m.activityYearsInvalid)
    .nullable(),
});

/** GET /api/data-protection/activity-log/archive?format=csv|xlsx. */
export const ActivityArchiveQuerySchema = z.object({
  format: z.enum(keysOf(ARCHIVE_FORMAT_LABELS), { error: m.archiveFormatInvalid }).default('csv'),
});

/** POST /api/data-protection/activity-log/purge: removes the entries a downloaded archive holds. */
export const ActivityPurgeSchema = z.object({ archiveId: idField() });

export const FolderRetentionSchema = z.object({
  id: z.number(),
  serviceId: z.number(),
  serviceName: z.string(),
  name: z.string(),
  /** The parent folder's name, for a subfolder. */
  parentName: z.string().nullable(),
  isActive: z.boolean(),
  retentionYears: z.number(),
});
export type FolderRetention = z.infer<typeof FolderRetentionSchema>;

export const LegalHoldSchema = z.object({
  businessId: z.number(),
  businessName: z.string(),
  reason: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});
export type LegalHold = z.infer<typeof LegalHoldSchema>;

const proposalStatus = z.enum(keysOf(PROPOSAL_STATUS_LABELS));

export const ProposalSummarySchema = z.object({
  id: z.number(),
  /** The day it was computed for (Santiago). */
  asOf: z.string(),
  source: z.enum(['manual', 'scheduled']),
  status: proposalStatus,
  statusText: z.string(),
  fileCount: z.number(),
  totalSize: z.number(),
  /** More files were past retention than a proposal lists: confirm, then compute again. */
  truncated: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  deletedCount: z.number(),
  skippedCount: z.number(),
});
export type ProposalSummary = z.infer<typeof ProposalSummarySchema>;

export const ProposalFileSchema = z.object({
  fileId: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  fileName: z.string(),
  size: z.number(),
  year: z.number(),
  month: z.number(),
  serviceName: z.string(),
  folderName: z.string(),
  retentionYears: z.number(),
  /** The first day past retention. */
  retentionEndedOn: z.string(),
  outcome: z.enum(['pending', 'deleted', 'skipped']),
  outcomeText: z.string().nullable(),
});
export type ProposalFile = z.infer<typeof ProposalFileSchema>;

export const ProposalSchema = ProposalSummarySchema.extend({ files: z.array(ProposalFileSchema) });
export type Proposal = z.infer<typeof ProposalSchema>;
export const ProposalSavedSchema = z.object({ message: z.string(), proposal: ProposalSchema });

export const ActivityArchiveSchema = z.object({
  id: z.number(),
  format: z.enum(keysOf(ARCHIVE_FORMAT_LABELS)),
  /** Entries before the start of this day (Santiago) are in it. */
  before: z.string(),
  rows: z.number(),
  madeAt: z.string(),
  madeBy: z.string(),
  /** Null while the download was cut before its last byte: such an archive allows no purge. */
  completedAt: z.string().nullable(),
  purgedAt: z.string().nullable(),
  purgedRows: z.number().nullable(),
});
export type ActivityArchive = z.infer<typeof ActivityArchiveSchema>;

export const RetentionOverviewSchema = z.object({
  today: z.string(),
  folders: z.array(FolderRetentionSchema),
  holds: z.array(LegalHoldSchema),
  proposals: z.array(ProposalSummarySchema),
  activity: z.object({
    retentionYears: z.number().nullable(),
    /** The first day kept; entries before it may be archived and purged. Null: everything is kept. */
    keptFrom: z.string().nullable(),
    entriesBefore: z.number(),
    archives: z.array(ActivityArchiveSchema),
  }),
});
export type RetentionOverview = z.infer<typeof RetentionOverviewSchema>;

export const RetentionSavedSchema = z.object({ message: z.string(), retention: RetentionOverviewSchema });

/** A POST without fields (compute, confirm or discard a proposal): `{}`. */
export const NoFieldsSchema = z.object({});

export const DataProtectionIdParamSchema = idParams('id');
export const DataProtectionBusinessParamSchema = idParams('businessId');
