import type { CacheEffect } from '../../lib/cache-effect';
import { billingKeys } from './keys';

/** Whatever changes what a company owes: the month's charges, the collections list and every statement. */
const owedChanged = [billingKeys.chargesAll, billingKeys.collectionsAll, billingKeys.statementsAll];

/** What each billing change touches in the cache. */
export const billingInvalidation = {
  /** A new version of a company's fee terms. */
  termsSaved: (businessId: number): CacheEffect => ({ invalidate: [billingKeys.terms(businessId)] }),
  /** An extra charge added, changed, deactivated or deleted. */
  extrasChanged: (businessId: number): CacheEffect => ({ invalidate: [billingKeys.extras(businessId)] }),
  /** UF values typed or imported: the charges waiting for them were converted, in any month. */
  ufChanged: (): CacheEffect => ({ invalidate: [billingKeys.ufAll, ...owedChanged] }),
  /** Charges generated, edited, voided or marked issued: what each company owes changes too. */
  chargesChanged: (): CacheEffect => ({ invalidate: owedChanged }),
  /** A payment recorded, reversed, confirmed or rejected, a receipt sent, a statement line matched, credit applied. */
  paymentsChanged: (): CacheEffect => ({
    invalidate: [...owedChanged, billingKeys.paymentsAll, billingKeys.cartolaLines],
  }),
  /** A bank statement imported, a line matched or ignored. */
  cartolaChanged: (): CacheEffect => ({
    invalidate: [billingKeys.cartolaLines, billingKeys.paymentsAll, ...owedChanged],
  }),
  /** The firm's settings, or a company's reminders stopped: the list shows the stop, statements the bank details. */
  settingsChanged: (): CacheEffect => ({
    invalidate: [billingKeys.settings, billingKeys.collectionsAll, billingKeys.statementsAll],
  }),
};
