import type { Period } from '@app/shared/period';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { monthlyBoardPath } from './monthly-board-url';

/** Every month's board sits under this key; one month is one cache entry. */
export const monthlyBoardsQueryKey = ['monthly-board'] as const;
export const monthlyBoardQueryKey = ({ year, month }: Period) => [...monthlyBoardsQueryKey, year, month] as const;

export const getMonthlyBoard = (period: Period) => api<MonthlyBoard>(monthlyBoardPath(period));

/**
 * While the board shows, the realtime events keep this entry fresh (each replaces its row); the
 * events are only heard while it shows, so it is fetched again each time the board mounts
 * (staleTime 0), showing the cached rows meanwhile.
 */
export const monthlyBoardQueryOptions = (period: Period) =>
  queryOptions({ queryKey: monthlyBoardQueryKey(period), queryFn: () => getMonthlyBoard(period), staleTime: 0 });

/**
 * The screen's query: the route's loader (app/board-loaders.ts) already asked for this visit's rows
 * as the navigation started, so mounting does not ask again.
 */
export const useMonthlyBoard = (period: Period) =>
  useQuery({ ...monthlyBoardQueryOptions(period), refetchOnMount: false });
