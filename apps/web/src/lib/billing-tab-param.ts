// /cobranza's tab in the address, read by the router (its loader's revalidation), the screen, the
// route loader and index.html's early script: a file of its own, so that the app's first script
// takes only this from billing.

import { MONTH_PARAM, YEAR_PARAM } from './period-param-names';

/** The tab /cobranza shows (?vista=saldos); none is 'Cobros del mes'. */
export const BILLING_TAB_PARAM = 'vista';
export const CHARGES_TAB = 'cobros';

/** Whether the address shows 'Cobros del mes' (no tab named, or that one). */
export function showsChargesTab(params: URLSearchParams): boolean {
  const tab = params.get(BILLING_TAB_PARAM);
  return tab === null || tab === CHARGES_TAB;
}

/**
 * Whether /cobranza's route loader runs again between two addresses: only when the charges it
 * starts may change (another tab or month), so that a filter of another tab written to the address
 * never waits on it.
 */
export function billingLoaderRerunsFor({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return [BILLING_TAB_PARAM, YEAR_PARAM, MONTH_PARAM].some(
    (name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name),
  );
}
