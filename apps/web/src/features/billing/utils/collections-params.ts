import type { CollectionRow } from '@app/shared/schemas/billing-collections';
import type { DataTableSortStatus } from 'mantine-datatable';
import { NO_RESPONSIBLE, RESPONSIBLE_PARAM } from '../../../lib/board-filter-params';

/**
 * The filters and order of /cobranza's 'Saldos', kept in the address beside ?vista=saldos so that a
 * reload, Back or a shared link shows the same companies in the same order: ?encargado=<userId>|none
 * (as on the boards), ?grupo=<groupId>, ?vencidos=1, ?buscar=<text>, ?orden=<column> and
 * ?sentido=desc (the default, by company name upwards, is not written).
 */
export const COLLECTIONS_PARAMS = {
  responsible: RESPONSIBLE_PARAM,
  group: 'grupo',
  overdue: 'vencidos',
  search: 'buscar',
  sort: 'orden',
  direction: 'sentido',
} as const;

/** The columns 'Saldos' sorts by, as the address spells them. */
const SORT_COLUMNS = {
  empresa: 'name',
  encargado: 'responsibleName',
  saldo: 'balance',
  vencimiento: 'oldestDueDate',
} as const satisfies Record<string, keyof CollectionRow>;
type SortColumn = keyof typeof SORT_COLUMNS;
const DEFAULT_SORT: SortColumn = 'empresa';

export interface CollectionsFilters {
  responsible: number | typeof NO_RESPONSIBLE | null;
  group: number | null;
  overdue: boolean;
  search: string;
  sort: DataTableSortStatus<CollectionRow>;
}

const idOf = (text: string | null): number | null => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
const isSortColumn = (text: string | null): text is SortColumn => text !== null && Object.hasOwn(SORT_COLUMNS, text);

/** The filters and order an address names; anything malformed reads as no filter and the default order. */
export function collectionsFiltersOf(params: URLSearchParams): CollectionsFilters {
  const responsible = params.get(COLLECTIONS_PARAMS.responsible);
  const column = params.get(COLLECTIONS_PARAMS.sort);
  return {
    responsible: responsible === NO_RESPONSIBLE ? NO_RESPONSIBLE : idOf(responsible),
    group: idOf(params.get(COLLECTIONS_PARAMS.group)),
    overdue: params.get(COLLECTIONS_PARAMS.overdue) === '1',
    search: params.get(COLLECTIONS_PARAMS.search) ?? '',
    sort: {
      columnAccessor: SORT_COLUMNS[isSortColumn(column) ? column : DEFAULT_SORT],
      direction: params.get(COLLECTIONS_PARAMS.direction) === 'desc' ? 'desc' : 'asc',
    },
  };
}

/**
 * The address with one filter (or the order) set, the other parameters kept in their order; a filter
 * set to nothing (null, false, '') and the default order are removed rather than written.
 */
export function withCollectionsFilter<Key extends keyof CollectionsFilters>(
  params: URLSearchParams,
  key: Key,
  value: CollectionsFilters[Key],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, text: string | null) => (text === null ? next.delete(name) : next.set(name, text));
  if (key === 'sort') {
    const sort = value as CollectionsFilters['sort'];
    const column = (Object.keys(SORT_COLUMNS) as SortColumn[]).find(
      (name) => SORT_COLUMNS[name] === sort.columnAccessor,
    );
    put(COLLECTIONS_PARAMS.sort, column && column !== DEFAULT_SORT ? column : null);
    put(COLLECTIONS_PARAMS.direction, sort.direction === 'desc' ? 'desc' : null);
    return next;
  }
  const name = COLLECTIONS_PARAMS[key as Exclude<Key, 'sort'>];
  put(name, value === null || value === false || value === '' ? null : value === true ? '1' : String(value));
  return next;
}
