import { compareNames } from '@app/shared/collator';
import { type BoardFilterValues, NO_RESPONSIBLE } from '../board-filter-params';

/** An option of the 'Encargado' filter: a staff member (GET /api/business/responsible-options). */
export interface ResponsibleChoice {
  id: number;
  name: string;
}

/**
 * The owner filter the board applies: the one asked for when the filter offers it (the user's own
 * id, 'Sin encargado', a staff member), otherwise none, so an old link or a deleted user shows every
 * company (as the Empresas list does). Until the staff are loaded an id is taken as given.
 */
export function offeredResponsible(
  wanted: BoardFilterValues['responsible'],
  ownId: number,
  staff: readonly ResponsibleChoice[] | undefined,
): BoardFilterValues['responsible'] {
  if (wanted === null || wanted === NO_RESPONSIBLE || wanted === ownId) return wanted;
  if (!staff) return wanted;
  return staff.some((member) => member.id === wanted) ? wanted : null;
}

/** The rows of the companies whose owner is `wanted` (all of them with null; without one with 'none'). */
export function rowsOfResponsible<Row>(
  rows: Row[],
  wanted: BoardFilterValues['responsible'],
  responsibleOf: (row: Row) => number | null,
): Row[] {
  if (wanted === null) return rows;
  const owner = wanted === NO_RESPONSIBLE ? null : wanted;
  return rows.filter((row) => responsibleOf(row) === owner);
}

/**
 * The rows by a rank (a state's order), lowest first, rows without one (N/A, no state) last, then
 * by company name; a new array, the rows' identities kept.
 */
export function sortRowsBy<Row>(
  rows: readonly Row[],
  rankOf: (row: Row) => number | undefined,
  nameOf: (row: Row) => string,
): Row[] {
  return rows
    .map((row) => ({ row, rank: rankOf(row) ?? Number.POSITIVE_INFINITY, name: nameOf(row) }))
    .sort((a, b) => a.rank - b.rank || compareNames(a.name, b.name))
    .map(({ row }) => row);
}
