import { currentPeriod } from '@app/shared/current-period';
import { can } from '@app/shared/permissions';
import type { Role } from '@app/shared/roles';
import { chargesPath } from '../api/billing/charges-url';
import { monthlyBoardPath } from '../api/monthly-states/monthly-board-url';
import { apiResponse } from '../lib/api-client';
import { billingMonthOf } from '../lib/billing-params';
import { showsChargesTab } from '../lib/billing-tab-param';
import { SESSION_KEY } from '../lib/session-store';
import type {} from './take-early-request';

/*
 * A script of its own that index.html runs before the app's (vite.config.ts bundles it alone, with
 * what it imports, so it is one small file): on a reload of a screen whose data is one big answer
 * — home's board ('/', the default month) for staff, /cobranza's 'Cobros del mes' for owners — that
 * answer is asked for at once instead of waiting for the app's ~350 KB script to arrive and run,
 * the router to start and the route's loader to load. The loader takes the answer through
 * take-early-request.ts.
 */

/** The request the reloaded screen would make now, when it is one of those (and the session may make it). */
export function earlyRequest(
  location: Pick<Location, 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem'>,
): { path: string; token: string } | undefined {
  if (location.pathname !== '/' && location.pathname !== '/cobranza') return undefined;
  try {
    const session = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as {
      token?: unknown;
      user?: { id?: unknown; role?: unknown };
    } | null;
    const token = session?.token;
    const user = session?.user;
    if (typeof token !== 'string' || typeof user?.id !== 'number' || typeof user.role !== 'string') return undefined;
    const reader = { id: user.id, role: user.role as Role };
    if (location.pathname === '/') {
      if (location.search !== '' || !can(reader, 'monthly-states:read')) return undefined;
      return { path: monthlyBoardPath(currentPeriod()), token };
    }
    const params = new URLSearchParams(location.search);
    if (!can(reader, 'billing:read') || !showsChargesTab(params)) return undefined;
    return { path: chargesPath(billingMonthOf(params)), token };
  } catch {
    return undefined;
  }
}

const request = typeof window === 'undefined' ? undefined : earlyRequest(window.location, window.localStorage);
if (request) {
  // The answer as it comes, whatever its status: the loader asks again the usual way unless it is OK.
  const response = apiResponse(request.path, { token: request.token });
  response.catch(() => undefined); // read, or dropped, by the loader
  window.earlyRequest = { path: request.path, response };
}
