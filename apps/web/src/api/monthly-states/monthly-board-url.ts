import type { Period } from '@app/shared/current-period';

/** A month's board on the API, relative to /api (no other import: index.html's early script uses it too). */
export const monthlyBoardPath = ({ year, month }: Period) => `/monthly-states/year/${year}/month/${month}`;
