import { EMAIL_LOG_PAGE_SIZE, type EmailLogPage } from '@app/shared/schemas/email';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface EmailLogFilter {
  /** From 1. */
  page: number;
  businessId: number | null;
}

/** Every page of the e-mail log sits under this key, so a send refreshes them all. */
export const emailLogQueryKey = ['email-log'] as const;
export const emailLogPageQueryKey = ({ page, businessId }: EmailLogFilter) =>
  [...emailLogQueryKey, { page, businessId }] as const;

export const getEmailLog = ({ page, businessId }: EmailLogFilter) =>
  api<EmailLogPage>('/email', { params: { page, size: EMAIL_LOG_PAGE_SIZE, businessId } });

export const emailLogQueryOptions = (filter: EmailLogFilter) =>
  queryOptions({
    queryKey: emailLogPageQueryKey(filter),
    queryFn: () => getEmailLog(filter),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useEmailLog = (filter: EmailLogFilter) => useQuery(emailLogQueryOptions(filter));
