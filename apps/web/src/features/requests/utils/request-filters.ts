import { compareNames } from '@app/shared/collator';
import { REQUEST_STATES, type RequestState, type RequestSummary } from '@app/shared/schemas/requests';
import { type BoardFilterValues, NO_RESPONSIBLE, RESPONSIBLE_PARAM } from '../../../lib/board-filter-params';
import { filterBusinesses } from '../../../lib/business-filter';

/**
 * The filters of /solicitudes, kept in the address beside ?anio=&mes= so that a reload, Back or a
 * month change keeps them: ?servicio=<serviceId>|ninguno, ?grupo=<groupId>, ?estado=<state>,
 * ?encargado=<userId>|none (as on the boards) and ?buscar=<text>.
 */
export const REQUEST_FILTER_PARAMS = {
  serviceId: 'servicio',
  groupId: 'grupo',
  state: 'estado',
  responsible: RESPONSIBLE_PARAM,
  search: 'buscar',
} as const;

/** Requests written by hand, without a service ('Sin servicio'). */
export const NO_SERVICE = 'ninguno';

export interface RequestFilters {
  serviceId: number | typeof NO_SERVICE | null;
  groupId: number | null;
  state: RequestState | null;
  responsible: BoardFilterValues['responsible'];
  search: string;
}

export type RequestFilterKey = keyof RequestFilters;

const idOf = (text: string | null): number | null => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
const isState = (text: string | null): text is RequestState =>
  text !== null && (REQUEST_STATES as readonly string[]).includes(text);

/** The filters an address names; anything malformed reads as no filter. */
export function requestFiltersOf(params: URLSearchParams): RequestFilters {
  const service = params.get(REQUEST_FILTER_PARAMS.serviceId);
  const responsible = params.get(REQUEST_FILTER_PARAMS.responsible);
  const state = params.get(REQUEST_FILTER_PARAMS.state);
  return {
    serviceId: service === NO_SERVICE ? NO_SERVICE : idOf(service),
    groupId: idOf(params.get(REQUEST_FILTER_PARAMS.groupId)),
    state: isState(state) ? state : null,
    responsible: responsible === NO_RESPONSIBLE ? NO_RESPONSIBLE : idOf(responsible),
    search: params.get(REQUEST_FILTER_PARAMS.search) ?? '',
  };
}

/** The address with one filter set (or removed: null or ''), the other parameters kept in their order. */
export function withRequestFilter<Key extends RequestFilterKey>(
  params: URLSearchParams,
  key: Key,
  value: RequestFilters[Key],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = REQUEST_FILTER_PARAMS[key];
  if (value === null || value === '') next.delete(name);
  else next.set(name, String(value));
  return next;
}

/** What the rows are narrowed by besides their own fields. */
export interface RequestFilterContext {
  /** The chosen group's companies (null: no group chosen, or the groups not loaded yet). */
  groupMembers: ReadonlySet<number> | null;
  /** A company's owner ('Encargado'): a user's id, null when it has none. */
  responsibleOf: (businessId: number) => number | null;
}

/** The rows of every filter but the state: what the counts per state are taken from. */
export function filterRequestsButState(
  rows: readonly RequestSummary[],
  filters: RequestFilters,
  { groupMembers, responsibleOf }: RequestFilterContext,
): RequestSummary[] {
  const { serviceId, responsible, search } = filters;
  const owner = responsible === NO_RESPONSIBLE ? null : responsible;
  return filterBusinesses(rows, search, groupMembers, (row) => row.business).filter(
    (row) =>
      (serviceId === null || (serviceId === NO_SERVICE ? row.service === null : row.service?.id === serviceId)) &&
      (responsible === null || responsibleOf(row.business.id) === owner),
  );
}

/** The rows /solicitudes shows: those of every filter. */
export function filterRequests(
  rows: readonly RequestSummary[],
  filters: RequestFilters,
  context: RequestFilterContext,
): RequestSummary[] {
  return rowsInState(filterRequestsButState(rows, filters, context), filters.state);
}

/** The rows in `state` (all of them with null). */
export const rowsInState = (rows: RequestSummary[], state: RequestState | null): RequestSummary[] =>
  state === null ? rows : rows.filter((row) => row.state === state);

/** How many rows are in each state. */
export function countByState(rows: readonly RequestSummary[]): Record<RequestState, number> {
  const counts: Record<RequestState, number> = { pendiente: 0, parcial: 0, completa: 0, atrasada: 0 };
  for (const row of rows) counts[row.state] += 1;
  return counts;
}

/** Items received of a request's items. */
export const receivedOf = (row: RequestSummary) => row.itemCount - row.missing;

/** The rows by company name, then due date, then title: the table's order, and the export's. */
export const sortRequests = (rows: readonly RequestSummary[]): RequestSummary[] =>
  [...rows].sort(
    (a, b) =>
      compareNames(a.business.name, b.business.name) ||
      a.dueDate.localeCompare(b.dueDate) ||
      compareNames(a.title, b.title) ||
      a.id - b.id,
  );
