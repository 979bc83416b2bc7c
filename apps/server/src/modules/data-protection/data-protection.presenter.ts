import { daysLeft, retentionEndsOn, rightsUrgency } from '@app/shared/data-protection';
import {
  DATA_CATEGORY_LABELS,
  type DataCategory,
  dataProtectionMsg,
  INCIDENT_STATUS_LABELS,
  PROPOSAL_STATUS_LABELS,
  RIGHTS_CHANNEL_LABELS,
  RIGHTS_CLOSED_STATUSES,
  RIGHTS_KIND_LABELS,
  RIGHTS_STATUS_LABELS,
} from '@app/shared/messages-data-protection';
import type { Incident, ProposalFile, ProposalSummary, RightsRequest } from '@app/shared/schemas/data-protection';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import type { IncidentRow, ProposalFileRow, ProposalRow, RightsRequestRow } from './data-protection.repository.ts';

/** A request as the API answers it, with where its term stands on `today` (Santiago). */
export function presentRequest(row: RightsRequestRow, today: string, handledByName: string | null): RightsRequest {
  const closed = RIGHTS_CLOSED_STATUSES.includes(row.status);
  return {
    id: row.id,
    kind: row.kind,
    kindText: RIGHTS_KIND_LABELS[row.kind],
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    requesterRut: row.requesterRut,
    receivedOn: row.receivedOn,
    channel: row.channel,
    channelText: RIGHTS_CHANNEL_LABELS[row.channel],
    description: row.description,
    temporaryBlock: row.temporaryBlock,
    temporaryBlockDueOn: row.temporaryBlockDueOn,
    firstDueOn: row.firstDueOn,
    dueOn: row.dueOn,
    extendedAt: row.extendedAt?.toISOString() ?? null,
    extensionReason: row.extensionReason,
    status: row.status,
    statusText: RIGHTS_STATUS_LABELS[row.status],
    answerText: row.answerText,
    answeredOn: row.answeredOn,
    handledById: row.handledById,
    handledByName,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    daysLeft: daysLeft(row.dueOn, today),
    urgency: rightsUrgency(row.dueOn, today, closed),
  };
}

/** An instant as 'YYYY-MM-DD HH:mm' on the firm's clock. */
export function santiagoMinute(at: Date): string {
  const part = santiagoWallClock(at);
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

export function presentIncident(row: IncidentRow): Incident {
  const categories = row.dataCategories as DataCategory[];
  return {
    id: row.id,
    detectedAt: santiagoMinute(row.detectedAt),
    description: row.description,
    dataCategories: categories,
    dataCategoryTexts: categories.map((category) => DATA_CATEGORY_LABELS[category] ?? category),
    peopleAffected: row.peopleAffected,
    measures: row.measures,
    agencyNotifiedOn: row.agencyNotifiedOn,
    agencyNoticeHow: row.agencyNoticeHow,
    peopleNotifiedOn: row.peopleNotifiedOn,
    peopleNoticeHow: row.peopleNoticeHow,
    status: row.status,
    statusText: INCIDENT_STATUS_LABELS[row.status],
    recordedByName: row.recordedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentProposalSummary(
  row: ProposalRow,
  counts: { fileCount: number; totalSize: number; deletedCount: number; skippedCount: number },
): ProposalSummary {
  return {
    id: row.id,
    asOf: row.asOf,
    source: row.source,
    status: row.status,
    statusText: PROPOSAL_STATUS_LABELS[row.status],
    fileCount: counts.fileCount,
    totalSize: counts.totalSize,
    truncated: row.truncated,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedByName,
    deletedCount: counts.deletedCount,
    skippedCount: counts.skippedCount,
  };
}

const OUTCOME_TEXT = { pending: null, deleted: 'Eliminado', skipped: null } as const;

export function presentProposalFile(row: ProposalFileRow): ProposalFile {
  return {
    fileId: row.fileId,
    businessId: row.businessId,
    businessName: row.businessName,
    fileName: row.fileName,
    size: row.size,
    year: row.year,
    month: row.month,
    serviceName: row.serviceName,
    folderName: row.folderName,
    retentionYears: row.retentionYears,
    retentionEndedOn: retentionEndsOn({ year: row.year, month: row.month }, row.retentionYears),
    outcome: row.outcome,
    outcomeText:
      row.outcome === 'skipped' ? (row.outcomeReason ?? dataProtectionMsg.skippedGone) : OUTCOME_TEXT[row.outcome],
  };
}
