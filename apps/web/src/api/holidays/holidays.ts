import type { MessageResponse } from '@app/shared/errors';
import type { FirmHoliday, FirmHolidayCreate, FirmHolidayList } from '@app/shared/schemas/holidays';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { type CacheEffect, useInvalidatingMutation } from '../../lib/cache-effect';
import { monthlyBoardsQueryKey } from '../monthly-states/get-monthly-board';
import { taskBoardRootQueryKey } from '../tasks/task-board-query-key';

/** The firm's extra holidays ('Feriados adicionales'), by date. */
export const holidaysQueryKey = ['holidays'] as const;

export const useHolidays = () =>
  useQuery({ queryKey: holidaysQueryKey, queryFn: () => api<FirmHolidayList>('/holidays') });

/** A holiday added or deleted moves due dates: both boards of every month reload. */
const holidaysChanged = (): CacheEffect => ({
  invalidate: [holidaysQueryKey, monthlyBoardsQueryKey, taskBoardRootQueryKey],
});

export const useCreateHoliday = () =>
  useInvalidatingMutation(
    (body: FirmHolidayCreate) => api<MessageResponse & { holiday: FirmHoliday }>('/holidays', { method: 'POST', body }),
    holidaysChanged,
  );

export const useDeleteHoliday = () =>
  useInvalidatingMutation(
    (id: number) => api<MessageResponse>(`/holidays/${id}`, { method: 'DELETE' }),
    holidaysChanged,
  );
