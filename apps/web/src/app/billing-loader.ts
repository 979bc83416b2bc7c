import { can } from '@app/shared/permissions';
import type { BillingMonth, ChargeList } from '@app/shared/schemas/billing';
import type { LoaderFunctionArgs } from 'react-router';
import { chargesQueryOptions, getCharges } from '../api/billing/charges';
import { chargesPath } from '../api/billing/charges-url';
import { billingMonthOf } from '../lib/billing-params';
import { showsChargesTab } from '../lib/billing-tab-param';
import { queryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session-store';
import { fromEarlyRequest } from './take-early-request';

/** A month's charges, from the answer index.html's early script already asked for when it did (a reload of /cobranza). */
function chargesOptions(month: BillingMonth) {
  const options = chargesQueryOptions(month);
  const queryFn = fromEarlyRequest<ChargeList>(chargesPath(month), () => getCharges(month));
  return queryFn ? { ...options, queryFn } : options;
}

/**
 * /cobranza's loader: on 'Cobros del mes' it starts the month's charges as the navigation starts, so
 * the request travels with the screen's scripts instead of waiting for them to run. It never waits
 * for the answer: the table shows its loading until the charges come. Only for an owner (the
 * permission table, as the screen and the API check it).
 */
export async function billingLoader({ request }: LoaderFunctionArgs) {
  const user = sessionStore.get()?.user;
  const params = new URL(request.url).searchParams;
  if (user && can(user, 'billing:read') && showsChargesTab(params))
    void queryClient.prefetchQuery(chargesOptions(billingMonthOf(params)));
  return null;
}
