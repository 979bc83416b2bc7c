import type { Period } from '@app/shared/period';
import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** A board cell whose changes are asked for: its month, its company, and its column's own field. */
export type HistoryCell = Period & { businessId: number };

/**
 * How a board reads one cell's changes: GET `path` with the cell as its query. The answer sits
 * under the month's board key (`boardKey`), so that anything that refreshes a board refreshes its
 * histories too; `columnOf` names the cell's column (a service, a task) in the key.
 */
export function cellHistory<Cell extends HistoryCell, Entry>(
  path: string,
  boardKey: (period: Period) => QueryKey,
  columnOf: (cell: Cell) => number,
) {
  const queryKey = (cell: Cell): QueryKey => [
    ...boardKey({ year: cell.year, month: cell.month }),
    'history',
    cell.businessId,
    columnOf(cell),
  ];
  /** Fetched when the history modal opens; always fresh (another user may have just changed the cell). */
  const options = (cell: Cell) =>
    queryOptions({
      queryKey: queryKey(cell),
      queryFn: () =>
        api<{ rows: Entry[] }>(path, { params: Object.fromEntries(Object.entries(cell)) }).then(
          (answer) => answer.rows,
        ),
      staleTime: 0,
    });
  return { queryKey, options };
}

const NO_CELL: QueryKey = ['cell-history', 'none'];

/** A cell's changes while its history modal shows one (`cell`); nothing is asked for without it. */
export function useCellHistory<Cell extends HistoryCell, Entry>(
  history: ReturnType<typeof cellHistory<Cell, Entry>>,
  cell: Cell | null,
) {
  return useQuery({
    ...(cell ? history.options(cell) : { queryKey: NO_CELL, queryFn: () => [] as Entry[] }),
    enabled: cell !== null,
  });
}
