import type { Period } from '@app/shared/period';
import { can, type Permission } from '@app/shared/permissions';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { FetchQueryOptions } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getMonthlyBoard, monthlyBoardQueryOptions } from '../api/monthly-states/get-monthly-board';
import { monthlyBoardPath } from '../api/monthly-states/monthly-board-url';
import { taskBoardQueryOptions } from '../api/tasks/get-task-board';
import { periodOf } from '../lib/period-params';
import { queryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session-store';
import { loadStaffHome } from './staff-home-script';
import { fromEarlyRequest } from './take-early-request';

/**
 * A board route's loader: it starts the shown month's request (and `load`, a script the screen
 * needs beyond the route's own lazy one) as the navigation starts, so the request and the scripts
 * travel together instead of the request waiting for the screen's scripts to run. It waits for the
 * script, never for the rows: the screen shows its loader until the rows come. Only for a user who
 * may read the board (the permission table, as the screen and the API check it).
 */
function prefetchBoard<Board>(
  permission: Permission,
  // biome-ignore lint/suspicious/noExplicitAny: the board's own query key type
  options: (period: Period) => FetchQueryOptions<Board, Error, Board, any>,
  load?: () => Promise<unknown>,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = sessionStore.get()?.user;
    if (user && can(user, permission)) {
      void queryClient.prefetchQuery(options(periodOf(new URL(request.url).searchParams)));
      // A failed script is loaded again by the screen's own lazy component (and shown there).
      await load?.().catch(() => undefined);
    }
    return null;
  };
}

/**
 * A month's board, from the answer index.html's early script already asked for when it did (a
 * reload of home): anything but a board there is asked again the usual way, which reports it.
 */
function monthlyBoardOptions(period: Period) {
  const options = monthlyBoardQueryOptions(period);
  const queryFn = fromEarlyRequest<MonthlyBoard>(monthlyBoardPath(period), () => getMonthlyBoard(period));
  return queryFn ? { ...options, queryFn } : options;
}

/** Home ('/'): the monthly board, and the staff home's script (the board and the e-mail modal). */
export const monthlyBoardLoader = prefetchBoard('monthly-states:read', monthlyBoardOptions, loadStaffHome);

/** Seguimiento de tareas: the task board (its screen is the route's own lazy script). */
export const taskBoardLoader = prefetchBoard('task-states:read', taskBoardQueryOptions);
