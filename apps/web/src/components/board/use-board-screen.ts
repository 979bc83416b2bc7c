import { boardMsg } from '@app/shared/messages-board';
import type { Period } from '@app/shared/period';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { type CompanyRef, filterCompanies } from '../../lib/company-filter';
import { useLatest } from '../../lib/use-latest';
import { useGroupMembers } from '../group-select';
import { type BoardCells, useSavingCells } from './board-cells';
import type { BoardFiltersProps } from './board-filters';
import type { CellChange } from './cell-rules';
import { useLiveCells } from './use-live-cells';

interface BoardScreenOptions<Board, Row, Change extends CellChange> {
  // biome-ignore lint/suspicious/noExplicitAny: the board's cells and answer are its own
  cells: BoardCells<Board, any, Change, any>;
  period: Period;
  setPeriod: (period: Period) => void;
  board: UseQueryResult<Board>;
  update: UseMutationResult<unknown, Error, Change, unknown>;
  rowsOf: (board: Board) => readonly Row[];
  /** A row's company (a stable function): what the search, the group and the name cell read. */
  companyOf: (row: Row) => CompanyRef;
}

/**
 * What every company board's screen does: the shown month live, its search and group filter, the
 * open cell menu, the cells being saved, and stable callbacks that read the latest board (its
 * memoised rows depend on them).
 */
export function useBoardScreen<Board, Row, Change extends CellChange>({
  cells,
  period,
  setPeriod,
  board,
  update,
  rowsOf,
  companyOf,
}: BoardScreenOptions<Board, Row, Change>) {
  const saving = useSavingCells(cells, period);
  useLiveCells(cells, period);

  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [activeCell, setActiveCell] = useState<string | null>(null);
  const groupIds = useGroupMembers(groupId);

  const data = board.data;
  const inGroup = useMemo(
    () => filterCompanies(data ? rowsOf(data) : [], '', groupIds, companyOf),
    [data, groupIds, rowsOf, companyOf],
  );
  const rows = useMemo(() => filterCompanies(inGroup, search, null, companyOf), [inGroup, search, companyOf]);

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
  const filtering = search.trim() !== '' || groupIds !== null;
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
    save,
    shownBoard,
    companyName,
  };
}
