import { can } from '@app/shared/permissions';
import type { EmailStatus } from '@app/shared/schemas/email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';

export const emailStatusQueryKey = ['email-status'] as const;

/** GET /api/email/status (owners): whether SMTP_URL and APP_URL are set; they change only with a restart. */
export const getEmailStatus = () => api<EmailStatus>('/email/status');

export const emailStatusQueryOptions = () =>
  queryOptions({ queryKey: emailStatusQueryKey, queryFn: getEmailStatus, staleTime: Number.POSITIVE_INFINITY });

/** The mail configuration for an owner's hints; nothing (never asked) for anyone else. */
export function useEmailStatus() {
  const user = useCurrentUser();
  const isOwner = can(user, 'email:manage');
  const query = useQuery({ ...emailStatusQueryOptions(), enabled: isOwner });
  return isOwner ? query.data : undefined;
}
