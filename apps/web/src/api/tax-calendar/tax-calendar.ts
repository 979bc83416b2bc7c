import type { MessageResponse } from '@app/shared/errors';
import type {
  CalendarFeedStatus,
  TaxCalendarMonth,
  TaxYearDateInput,
  TaxYearEntryView,
  TaxYearImportPreview,
  TaxYearList,
} from '@app/shared/schemas/tax-calendar';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { postFiles } from '../documents/upload-files';

const keys = {
  all: ['tax-calendar'] as const,
  month: (year: number, month: number, responsible: string) =>
    ['tax-calendar', 'month', year, month, responsible] as const,
  year: (year: number) => ['tax-calendar', 'year', year] as const,
  feed: ['tax-calendar', 'feed'] as const,
};
/** A date of 'Calendario AT' changed: every month's counts and the year's list may change. */
const datesChanged = () => ({ invalidate: [keys.all] });

/** GET /api/tax-calendar/month: the month's obligations and today's week's; `responsible` a user id, 'none' or null (all). */
export const taxCalendarMonthOptions = (year: number, month: number, responsible: number | 'none' | null) =>
  queryOptions({
    queryKey: keys.month(year, month, String(responsible)),
    queryFn: () =>
      api<TaxCalendarMonth>('/tax-calendar/month', {
        params: { anio: year, mes: month, encargado: responsible === null ? undefined : responsible },
      }),
  });
export const useTaxCalendarMonth = (year: number, month: number, responsible: number | 'none' | null) =>
  useQuery(taxCalendarMonthOptions(year, month, responsible));

/** GET /api/tax-calendar/years/{year}: 'Calendario AT'. */
export const useTaxYear = (year: number) =>
  useQuery({ queryKey: keys.year(year), queryFn: () => api<TaxYearList>(`/tax-calendar/years/${year}`) });

type Saved = MessageResponse & { entry: TaxYearEntryView | null };

/** PUT /api/tax-calendar/years/{year}/dates/{key}. */
export const useSaveTaxYearDate = () =>
  useInvalidatingMutation(
    ({ year, key, body }: { year: number; key: string; body: TaxYearDateInput }) =>
      api<Saved>(`/tax-calendar/years/${year}/dates/${encodeURIComponent(key)}`, { method: 'PUT', body }),
    datesChanged,
  );

/** DELETE /api/tax-calendar/years/{year}/dates/{key}: back to the shipped date (or gone, for an added key). */
export const useResetTaxYearDate = () =>
  useInvalidatingMutation(
    ({ year, key }: { year: number; key: string }) =>
      api<Saved>(`/tax-calendar/years/${year}/dates/${encodeURIComponent(key)}`, { method: 'DELETE' }),
    datesChanged,
  );

/** POST …/import/preview: every line of the file against the dates in force. Writes nothing. */
export const usePreviewTaxYearImport = () =>
  useMutation({
    mutationFn: ({ year, file }: { year: number; file: File }) =>
      postFiles<TaxYearImportPreview>(`/tax-calendar/years/${year}/import/preview`, [file]),
  });

/** POST …/import/confirm: the same file written in one transaction (400 with its lines when one is wrong). */
export const useConfirmTaxYearImport = () =>
  useInvalidatingMutation(
    ({ year, file }: { year: number; file: File }) =>
      postFiles<MessageResponse & { created: number; changed: number; unchanged: number }>(
        `/tax-calendar/years/${year}/import/confirm`,
        [file],
      ),
    datesChanged,
  );

/** GET/POST/DELETE /api/profile/calendar-feed: the user's feed address. */
export const useCalendarFeed = () =>
  useQuery({ queryKey: keys.feed, queryFn: () => api<CalendarFeedStatus>('/profile/calendar-feed') });
export const useNewCalendarFeed = () =>
  useInvalidatingMutation(
    () => api<CalendarFeedStatus & MessageResponse>('/profile/calendar-feed', { method: 'POST', body: {} }),
    () => ({ invalidate: [keys.feed] }),
  );
export const useRevokeCalendarFeed = () =>
  useInvalidatingMutation(
    () => api<CalendarFeedStatus & MessageResponse>('/profile/calendar-feed', { method: 'DELETE' }),
    () => ({ invalidate: [keys.feed] }),
  );
