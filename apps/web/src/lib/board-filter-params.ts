/**
 * The boards' filters in the address, beside ?anio=&mes=, so that a reload, Back or a
 * shared link (the morning e-mail's) shows the same companies:
 * ?encargado=<userId>|none, ?estado=<stateId>, ?atrasadas=1, ?orden=<serviceId>, ?responsable=<userId>.
 */
export const RESPONSIBLE_PARAM = 'encargado';
export const STATE_PARAM = 'estado';
export const OVERDUE_PARAM = 'atrasadas';
export const SORT_PARAM = 'orden';
export const TASK_RESPONSIBLE_PARAM = 'responsable';

/** Companies without an owner ('Sin encargado'), as the Empresas list names them. */
export const NO_RESPONSIBLE = 'none';

export interface BoardFilterValues {
  /** A user's id, NO_RESPONSIBLE, or null for every company. */
  responsible: number | typeof NO_RESPONSIBLE | null;
  /** A state's id: only the companies whose cell of its service is at it. */
  stateId: number | null;
  /** Only the companies with at least one late cell. */
  onlyOverdue: boolean;
  /** A service's id: rows by its state order, then by name. */
  sortServiceId: number | null;
  /** A user's id: only the task columns that user is responsible for. */
  taskResponsible: number | null;
}

const idOf = (text: string | null): number | null => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/** The filters an address names; anything malformed reads as no filter. */
export function boardFiltersOf(params: URLSearchParams): BoardFilterValues {
  const responsible = params.get(RESPONSIBLE_PARAM);
  return {
    responsible: responsible === NO_RESPONSIBLE ? NO_RESPONSIBLE : idOf(responsible),
    stateId: idOf(params.get(STATE_PARAM)),
    onlyOverdue: params.get(OVERDUE_PARAM) === '1',
    sortServiceId: idOf(params.get(SORT_PARAM)),
    taskResponsible: idOf(params.get(TASK_RESPONSIBLE_PARAM)),
  };
}

const PARAM_OF: Record<keyof BoardFilterValues, string> = {
  responsible: RESPONSIBLE_PARAM,
  stateId: STATE_PARAM,
  onlyOverdue: OVERDUE_PARAM,
  sortServiceId: SORT_PARAM,
  taskResponsible: TASK_RESPONSIBLE_PARAM,
};

/** The address with one filter set (or removed: null, false), the other parameters kept in their order. */
export function withBoardFilter<Key extends keyof BoardFilterValues>(
  params: URLSearchParams,
  key: Key,
  value: BoardFilterValues[Key],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = PARAM_OF[key];
  if (value === null || value === false) next.delete(name);
  else next.set(name, value === true ? '1' : String(value));
  return next;
}
