import { currentPeriod } from '@app/shared/current-period';
import { can } from '@app/shared/permissions';
import type { Role } from '@app/shared/roles';
import { monthlyBoardPath } from '../api/monthly-states/monthly-board-url';
import { apiResponse } from '../lib/api-client';
import { SESSION_KEY } from '../lib/session-store';
import type {} from './take-early-board';

/*
 * A script of its own that index.html runs before the app's (vite.config.ts bundles it alone, with
 * what it imports, so it is one small file): on a reload of home ('/', the default month) by
 * staff, the month's board is asked for at once instead of waiting for the app's ~350 KB script to
 * arrive and run, the router to start and the route's loader to load. The loader takes the answer
 * through take-early-board.ts.
 */

/** The board request home would make now, when it would make one (a staff session on '/' with no month chosen). */
export function earlyBoardRequest(
  location: Pick<Location, 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem'>,
): { path: string; token: string } | undefined {
  if (location.pathname !== '/' || location.search !== '') return undefined;
  try {
    const session = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as {
      token?: unknown;
      user?: { id?: unknown; role?: unknown };
    } | null;
    const token = session?.token;
    const user = session?.user;
    if (typeof token !== 'string' || typeof user?.id !== 'number' || typeof user.role !== 'string') return undefined;
    if (!can({ id: user.id, role: user.role as Role }, 'monthly-states:read')) return undefined;
    return { path: monthlyBoardPath(currentPeriod()), token };
  } catch {
    return undefined;
  }
}

const request = typeof window === 'undefined' ? undefined : earlyBoardRequest(window.location, window.localStorage);
if (request) {
  // The answer as it comes, whatever its status: the loader asks again the usual way unless it is a board.
  const response = apiResponse(request.path, { token: request.token });
  response.catch(() => undefined); // read, or dropped, by the loader
  window.earlyBoard = { path: request.path, response };
}
