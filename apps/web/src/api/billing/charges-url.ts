import type { BillingMonth } from '@app/shared/schemas/billing';

/** A month's charges on the API, relative to /api (no other import: index.html's early script uses it too). */
export const chargesPath = ({ year, month }: BillingMonth) => `/billing/charges?year=${year}&month=${month}`;
