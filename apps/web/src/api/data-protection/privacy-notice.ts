import type {
  PrivacyNoticeAdmin,
  PrivacyNoticeForUser,
  PrivacyNoticePublish,
} from '@app/shared/schemas/data-protection';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { dataProtectionKeys } from './requests';

/** The signed-in user's view of the notice (the client portal's gate and footer link). */
const myNoticeKey = ['privacy-notice'] as const;

/** GET /api/data-protection/notice: the versions, the starting text, who acknowledged. */
export const useNoticeAdmin = () =>
  useQuery({ queryKey: dataProtectionKeys.notice, queryFn: () => api<PrivacyNoticeAdmin>('/data-protection/notice') });

/** POST /api/data-protection/notice: publishes a new version. */
export const usePublishNotice = () =>
  useInvalidatingMutation(
    (body: PrivacyNoticePublish) =>
      api<{ message: string; notice: PrivacyNoticeAdmin }>('/data-protection/notice', { method: 'POST', body }),
    () => ({ invalidate: [dataProtectionKeys.notice, myNoticeKey] }),
  );

/** GET /api/data-protection/notice/{id}/acknowledgements. */
export const useNoticeAcknowledgements = (versionId: number | null) =>
  useQuery({
    queryKey: dataProtectionKeys.acknowledgements(versionId ?? 0),
    queryFn: () =>
      api<{ userName: string; userEmail: string; acknowledgedAt: string; ip: string | null }[]>(
        `/data-protection/notice/${versionId}/acknowledgements`,
      ),
    enabled: versionId !== null,
  });

/** GET /api/privacy-notice: the notice in force and whether the user must still acknowledge it. */
export const useMyPrivacyNotice = (enabled = true) =>
  useQuery({
    queryKey: myNoticeKey,
    queryFn: () => api<PrivacyNoticeForUser>('/privacy-notice'),
    enabled,
    // Looked at again on each return to the portal: a version published meanwhile is shown then.
    staleTime: 60_000,
  });

/** POST /api/privacy-notice/acknowledge: 'He leído el aviso'. */
export const useAcknowledgeNotice = () =>
  useInvalidatingMutation(
    (versionId: number) =>
      api<{ message: string; notice: PrivacyNoticeForUser }>('/privacy-notice/acknowledge', {
        method: 'POST',
        body: { versionId },
      }),
    () => ({ invalidate: [myNoticeKey] }),
  );
