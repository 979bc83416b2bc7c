import { boardMsg } from '@app/shared/messages-board';
import type { Period } from '@app/shared/period';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type BoardCells, useSavingCells } from '../../lib/board/board-cells';
import { rowsOfResponsible } from '../../lib/board/board-filter-rows';
import type { CellChange } from '../../lib/board/cell-rules';
import { useLiveCells } from '../../lib/board/use-live-cells';
import type { BoardFilterValues } from '../../lib/board-filter-params';
import { type CompanyRef, filterCompanies } from '../../lib/company-filter';
import { useLatest } from '../../lib/use-latest';
import { type Groups, useGroupMembers } from '../group-select';
import type { BoardFiltersProps } from './board-filters';

/**
 * What a board is, beside its screen: its cells' API and how its rows read (module-level constants,
 * so stable). A new board supplies one of these, its cell type and its rules.
 */
export interface BoardKind<Board, Row, Change extends CellChange> {
  // biome-ignore lint/suspicious/noExplicitAny: the board's cells and answer are its own
  cells: BoardCells<Board, any, Change, any>;
  rowsOf: (board: Board) => readonly Row[];
  /** A row's company: what the search, the group and the name cell read. */
  companyOf: (row: Row) => CompanyRef;
  /** A row's company owner ('Encargado'). */
  responsibleOf: (row: Row) => number | null;
}

/** The month shown and its board: the board's query and cell-change mutation for that month. */
export interface ShownMonth<Board, Change extends CellChange> {
  period: Period;
  setPeriod: (period: Period) => void;
  board: UseQueryResult<Board>;
  update: UseMutationResult<unknown, Error, Change, unknown>;
}

interface BoardScreenFilters<Row> {
  /** The owner asked for (useBoardFilters). */
  responsible: BoardFilterValues['responsible'];
  /** The company groups the group filter offers (undefined while they load). */
  groups: Groups;
  /**
   * The board's own filters and order after the search (state, late cells, a column's order): a
   * function memoised on those filters, or undefined when none is set.
   */
  narrow?: (rows: readonly Row[]) => Row[];
  /** The board's own filters, shown beside its title (BoardScreen's toolbar). */
  extraFilters?: ReactNode;
}

/**
 * What every company board's screen does: the shown month live, its search and group filter, the
 * open cell menu, the cells being saved, and stable callbacks that read the latest board (its
 * memoised rows depend on them).
 */
export function useBoardScreen<Board, Row, Change extends CellChange>(
  { cells, rowsOf, companyOf, responsibleOf }: BoardKind<Board, Row, Change>,
  { period, setPeriod, board, update }: ShownMonth<Board, Change>,
  { responsible, groups, narrow, extraFilters }: BoardScreenFilters<Row>,
) {
  const saving = useSavingCells(cells, period);
  useLiveCells(cells, period);

  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [activeCell, setActiveCell] = useState<string | null>(null);
  const groupIds = useGroupMembers(groups, groupId);

  const data = board.data;
  // The companies of the chosen group and owner: what the summary cards count.
  const inGroup = useMemo(
    () =>
      rowsOfResponsible(filterCompanies(data ? rowsOf(data) : [], '', groupIds, companyOf), responsible, responsibleOf),
    [data, groupIds, rowsOf, companyOf, responsible, responsibleOf],
  );
  const found = useMemo(() => filterCompanies(inGroup, search, null, companyOf), [inGroup, search, companyOf]);
  const rows = useMemo(() => (narrow ? narrow(found) : found), [found, narrow]);

  const latest = useLatest({ data, period, update });
  /** Sends a change of the shown month. */
  const save = useCallback(
    (change: Omit<Change, keyof Period>) => {
      const { period: shown, update: mutation } = latest.current;
      mutation.mutate({ ...shown, ...change } as Change);
    },
    [latest],
  );
  const shownBoard = useCallback(() => latest.current.data, [latest]);
  const companyName = useCallback(
    (businessId: number) => {
      const shown = latest.current.data;
      const row = shown && rowsOf(shown).find((candidate) => companyOf(candidate).id === businessId);
      return row ? companyOf(row).name : '';
    },
    [latest, rowsOf, companyOf],
  );

  const filters: BoardFiltersProps = {
    groups,
    search,
    onSearch: setSearch,
    groupId,
    onGroup: setGroupId,
    period,
    onPeriod: (next) => {
      setActiveCell(null);
      setPeriod(next);
    },
  };
  const filtering = search.trim() !== '' || groupIds !== null || responsible !== null || narrow !== undefined;
  /** What the board's table takes from the screen (see CompanyBoardTable). */
  const table = {
    rows,
    saving,
    activeCell,
    onMenu: setActiveCell,
    loading: board.isLoading,
    emptyText: filtering ? boardMsg.noMatches : boardMsg.noCompanies,
  };
  return {
    inGroup,
    filters,
    table,
    toolbar: extraFilters,
    save,
    shownBoard,
    companyName,
  };
}
