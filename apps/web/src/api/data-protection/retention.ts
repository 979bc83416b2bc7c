import type { ArchiveFormat } from '@app/shared/messages-data-protection';
import type { Proposal, RetentionOverview } from '@app/shared/schemas/data-protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect, useInvalidatingMutation } from '../../lib/cache-effect';
import { downloadFile } from '../../lib/download-file';
import { documentsQueryKey } from '../documents/get-folder-view';
import { dataProtectionKeys } from './requests';

type RetentionSaved = { message: string; retention: RetentionOverview };
type ProposalSaved = { message: string; proposal: Proposal };
const retentionChanged = () => ({ invalidate: [dataProtectionKeys.retention] });

/** GET /api/data-protection/retention. */
export const useRetention = () =>
  useQuery({
    queryKey: dataProtectionKeys.retention,
    queryFn: () => api<RetentionOverview>('/data-protection/retention'),
    // An archive is completed on the server once its last byte left, just after the download ends:
    // a new one not yet complete is read again each second for a minute.
    refetchInterval: (query) =>
      query.state.data?.activity.archives.some(
        (archive) => archive.completedAt === null && Date.now() - Date.parse(archive.madeAt) < 60_000,
      )
        ? 1000
        : false,
  });

/** GET /api/data-protection/retention/proposals/{id}: a proposal with its files. */
export const useProposal = (id: number | null) =>
  useQuery({
    queryKey: dataProtectionKeys.proposal(id ?? 0),
    queryFn: () => api<Proposal>(`/data-protection/retention/proposals/${id}`),
    enabled: id !== null,
  });

/** PUT /api/data-protection/retention/folders/{id}. */
export const useSetFolderRetention = () =>
  useInvalidatingMutation(
    ({ id, years }: { id: number; years: number }) =>
      api<RetentionSaved>(`/data-protection/retention/folders/${id}`, { method: 'PUT', body: { years } }),
    retentionChanged,
  );

/** PUT /api/data-protection/holds/{businessId}. */
export const useSetHold = () =>
  useInvalidatingMutation(
    ({ businessId, reason }: { businessId: number; reason: string }) =>
      api<RetentionSaved>(`/data-protection/holds/${businessId}`, { method: 'PUT', body: { reason } }),
    retentionChanged,
  );

/** DELETE /api/data-protection/holds/{businessId}. */
export const useRemoveHold = () =>
  useInvalidatingMutation(
    (businessId: number) => api<RetentionSaved>(`/data-protection/holds/${businessId}`, { method: 'DELETE' }),
    retentionChanged,
  );

/** POST /api/data-protection/retention/proposals: 'Calcular propuesta'. */
export const useComputeProposal = () =>
  useInvalidatingMutation(
    () => api<ProposalSaved>('/data-protection/retention/proposals', { method: 'POST', body: {} }),
    retentionChanged,
  );

/** POST …/proposals/{id}/confirm or …/discard; the documents' lists change with a confirmation. */
export const useCloseProposal = () =>
  useInvalidatingMutation(
    ({ id, action }: { id: number; action: 'confirm' | 'discard' }) =>
      api<ProposalSaved>(`/data-protection/retention/proposals/${id}/${action}`, { method: 'POST', body: {} }),
    (_saved, { id, action }) => ({
      invalidate: [
        dataProtectionKeys.retention,
        dataProtectionKeys.proposal(id),
        ...(action === 'confirm' ? [documentsQueryKey] : []),
      ],
    }),
  );

/** PUT /api/data-protection/activity-log/settings: years kept, or null to keep everything. */
export const useSetActivityRetention = () =>
  useInvalidatingMutation(
    (years: number | null) =>
      api<RetentionSaved>('/data-protection/activity-log/settings', { method: 'PUT', body: { years } }),
    retentionChanged,
  );

/**
 * GET /api/data-protection/activity-log/archive: the entries before the first day kept, saved as the
 * server names the file; the archive then allows a purge.
 */
export const useDownloadActivityArchive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (format: ArchiveFormat) =>
      downloadFile('/data-protection/activity-log/archive', { params: { format } }),
    onSettled: () => applyCacheEffect(queryClient, retentionChanged()),
  });
};

/** POST /api/data-protection/activity-log/purge. */
export const usePurgeActivity = () =>
  useInvalidatingMutation(
    (archiveId: number) =>
      api<RetentionSaved>('/data-protection/activity-log/purge', { method: 'POST', body: { archiveId } }),
    retentionChanged,
  );
