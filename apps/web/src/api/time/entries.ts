import type { MessageResponse } from '@app/shared/errors';
import type {
  HourlyCost,
  HourlyCostInput,
  TimeEntryInput,
  TimeEntryResponse,
  TimeSettings,
  TimeWeek,
} from '@app/shared/schemas/time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { type CacheEffect, useInvalidatingMutation } from '../../lib/cache-effect';
import { downloadFile } from '../../lib/download-file';
import { timeQueryKey } from './time-query-key';

/** The week of a user (absent: one's own) starting on a Monday. */
export const weekQueryOptions = (monday: string, userId?: number) =>
  queryOptions({
    queryKey: [...timeQueryKey, 'week', monday, userId ?? 'me'],
    queryFn: () => api<TimeWeek>('/time/week', { params: { semana: monday, usuario: userId } }),
  });
export const useTimeWeek = (monday: string, userId?: number) => useQuery(weekQueryOptions(monday, userId));

export const exportWeek = (monday: string, userId?: number) =>
  downloadFile('/time/week/export', { params: { semana: monday, usuario: userId } });

/** An entry written: every time query reloads (the grid, the timer if it was the running one, profitability). */
const entriesChanged = (): CacheEffect => ({ invalidate: [timeQueryKey, ['panel']] });

export const useCreateTimeEntry = () =>
  useInvalidatingMutation(
    (body: TimeEntryInput) => api<TimeEntryResponse>('/time/entries', { method: 'POST', body }),
    entriesChanged,
  );

export const useUpdateTimeEntry = () =>
  useInvalidatingMutation(
    ({ id, body }: { id: number; body: TimeEntryInput }) =>
      api<TimeEntryResponse>(`/time/entries/${id}`, { method: 'PUT', body }),
    entriesChanged,
  );

export const useDeleteTimeEntry = () =>
  useInvalidatingMutation(
    (id: number) => api<MessageResponse>(`/time/entries/${id}`, { method: 'DELETE' }),
    entriesChanged,
  );

/** Each staff member's hourly cost (owners). */
export const costsQueryKey = [...timeQueryKey, 'costs'] as const;
export const useHourlyCosts = (enabled = true) =>
  useQuery({ queryKey: costsQueryKey, queryFn: () => api<HourlyCost[]>('/time/costs'), enabled });
export const useSetHourlyCost = () =>
  useInvalidatingMutation(
    (body: HourlyCostInput) => api<MessageResponse & { cost: HourlyCost }>('/time/costs', { method: 'PUT', body }),
    (): CacheEffect => ({ invalidate: [costsQueryKey, ['panel']] }),
  );

/** The reminder 'sin tiempo registrado ayer' of the signed-in user. */
export const timeSettingsQueryKey = [...timeQueryKey, 'settings'] as const;
export const useTimeSettings = () =>
  useQuery({ queryKey: timeSettingsQueryKey, queryFn: () => api<TimeSettings>('/time/settings') });
export const useSetTimeSettings = () =>
  useInvalidatingMutation(
    (body: TimeSettings) => api<TimeSettings & MessageResponse>('/time/settings', { method: 'PUT', body }),
    (): CacheEffect => ({ invalidate: [timeSettingsQueryKey] }),
  );
