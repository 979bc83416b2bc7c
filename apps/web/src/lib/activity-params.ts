import { activityKindList } from '@app/shared/activity';
import { parseTypedDate } from './dates';

/** The filters of the activity log (each optional), as GET /api/activity takes them. */
export interface ActivityFilter {
  userId: number | null;
  businessId: number | null;
  kind: string | null;
  /** Calendar days 'YYYY-MM-DD' in America/Santiago, both included. */
  from: string | null;
  to: string | null;
}

/**
 * The /actividad filters in the address, so a reload, Back or a shared link
 * (/actividad?empresa=12&tipo=credential) shows the same entries:
 * ?usuario=<userId>&empresa=<businessId>&tipo=<kind>&desde=YYYY-MM-DD&hasta=YYYY-MM-DD.
 */
export const ACTIVITY_PARAMS = {
  userId: 'usuario',
  businessId: 'empresa',
  kind: 'tipo',
  from: 'desde',
  to: 'hasta',
} as const satisfies Record<keyof ActivityFilter, string>;

const idOf = (text: string | null): number | null => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
const kindOf = (text: string | null): string | null =>
  text && (activityKindList as string[]).includes(text) ? text : null;
/** 'YYYY-MM-DD' (as written) or a typed 'DD-MM-YYYY'; anything else reads as no filter. */
const dateOf = (text: string | null): string | null => (text ? parseTypedDate(text) : null);

/** The filters an address names; anything malformed reads as no filter. */
export function activityFilterOf(params: URLSearchParams): ActivityFilter {
  return {
    userId: idOf(params.get(ACTIVITY_PARAMS.userId)),
    businessId: idOf(params.get(ACTIVITY_PARAMS.businessId)),
    kind: kindOf(params.get(ACTIVITY_PARAMS.kind)),
    from: dateOf(params.get(ACTIVITY_PARAMS.from)),
    to: dateOf(params.get(ACTIVITY_PARAMS.to)),
  };
}

/** The address with one filter set (or removed with null), the other parameters kept. */
export function withActivityFilter<Key extends keyof ActivityFilter>(
  params: URLSearchParams,
  key: Key,
  value: ActivityFilter[Key],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = ACTIVITY_PARAMS[key];
  if (value === null || value === '') next.delete(name);
  else next.set(name, String(value));
  return next;
}

/** The link to the log of one company ('Ver toda la actividad'). */
export const businessActivityPath = (businessId: number) => `/actividad?${ACTIVITY_PARAMS.businessId}=${businessId}`;
