import type { Period } from '@app/shared/period';
import type { TaskBoard } from '@app/shared/schemas/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { taskBoardRootQueryKey } from './task-board-query-key';

/** One month of the task board is one cache entry under the board's root key (which the tasks pages invalidate). */
export const taskBoardQueryKey = ({ year, month }: Period) => [...taskBoardRootQueryKey, year, month] as const;

export const getTaskBoard = ({ year, month }: Period) =>
  api<TaskBoard>(`/business-task-states/year/${year}/month/${month}`);

/**
 * While the board shows, the realtime events keep this entry fresh (each replaces its cell); they
 * are only heard while it shows, so it is fetched again on each visit (staleTime 0: the route's loader asks),
 * showing the cached rows meanwhile.
 */
export const taskBoardQueryOptions = (period: Period) =>
  queryOptions({ queryKey: taskBoardQueryKey(period), queryFn: () => getTaskBoard(period), staleTime: 0 });

/**
 * The screen's query: the route's loader (app/board-loaders.ts) already asked for this visit's rows
 * as the navigation started, so mounting does not ask again.
 */
export const useTaskBoard = (period: Period) => useQuery({ ...taskBoardQueryOptions(period), refetchOnMount: false });
