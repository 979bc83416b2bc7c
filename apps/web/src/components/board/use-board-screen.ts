import { boardMsg } from '@app/shared/messages-board';
import type { Period } from '@app/shared/period';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ComponentType, createElement, type ReactNode, useCallback, useMemo, useState } from 'react';
import { type BoardCells, useSavingCells } from '../../lib/board/board-cells';
import { type ResponsibleChoice, rowsOfResponsible } from '../../lib/board/board-filter-rows';
import type { CellChange } from '../../lib/board/cell-rules';
import { useLiveCells } from '../../lib/board/use-live-cells';
import { type BusinessRef, filterBusinesses } from '../../lib/business-filter';
import { useBoardPeriod } from '../../lib/period-params';
import { boardToday, useSantiagoToday } from '../../lib/santiago-today';
import { useLatest } from '../../lib/use-latest';
import { type Groups, useGroupMembers } from '../group-select';
import type { BoardFrame, BoardScreenNames } from './board-screen';
import { useBoardFilters, useOwnerOf } from './use-board-filters';
import { type CellTarget, type HistoryModalProps, useColumnModal } from './use-cell-target';

/**
 * What a board is, beside its screen: its cells' API, its month's query and cell change (the api/
 * hooks, handed in) and how its rows read; a module-level constant, so stable. A new board
 * supplies one of these, its cell type and its rules.
 */
/** What every board's month holds: its rows, and the board's day ('YYYY-MM-DD' in America/Santiago). */
export interface BoardMonthData<Row> {
  rows: readonly Row[];
  today: string;
}

/** What a board's 'Exportar a Excel' sends: the month, the companies shown in their order, the board's own fields. */
export type BoardExportOf<Fields> = Fields & { period: Period; businessIds: number[] };

/** A board's export mutation, as the screen uses it. */
export interface BoardExporter<Fields> {
  isPending: boolean;
  mutateAsync(body: BoardExportOf<Fields>): Promise<unknown>;
}

export interface BoardKind<Board extends BoardMonthData<Row>, Row, Change extends CellChange, Column, ExportFields> {
  /** Its screen's names: its key and its load error's title. */
  names: BoardScreenNames;
  // biome-ignore lint/suspicious/noExplicitAny: the board's cells and answer are its own
  cells: BoardCells<Board, any, Change, any>;
  /** The month's board (its query hook in api/). */
  useBoard: (period: Period) => UseQueryResult<Board>;
  /** The change of one cell (its mutation hook in api/). */
  useUpdate: () => UseMutationResult<unknown, Error, Change, unknown>;
  /** 'Exportar a Excel' of the rows shown (its mutation hook in api/). */
  useExport: () => BoardExporter<ExportFields>;
  /** A row's company: what the search, the group and the name cell read. */
  businessOf: (row: Row) => BusinessRef;
  /** A row's company owner ('Encargado'). */
  responsibleOf: (row: Row) => number | null;
  /** A cell's history: its changes in the shown month. */
  HistoryModal: ComponentType<HistoryModalProps<Column>>;
  /** Where this browser remembers the user's last 'Encargado' choice (see useBoardFilters); none when unset. */
  rememberKey?: string;
}

/**
 * The month a board shows and what its own filters start from: the month in the address, its
 * board and cell change, the filters in the address, each row's owner's name, and the board's
 * day (the server's, moved on past midnight on a board left open, when the board is fetched again).
 */
export function useBoardMonth<Board extends BoardMonthData<Row>, Row, Change extends CellChange, Column, ExportFields>(
  kind: BoardKind<Board, Row, Change, Column, ExportFields>,
  staff: readonly ResponsibleChoice[] | undefined,
) {
  const [period, setPeriod] = useBoardPeriod();
  const board = kind.useBoard(period);
  const update = kind.useUpdate();
  const santiagoToday = useSantiagoToday();
  const { values, row } = useBoardFilters(staff, kind.rememberKey);
  const ownerOf = useOwnerOf(staff, kind.responsibleOf);
  return {
    period,
    setPeriod,
    board,
    update,
    values,
    row,
    ownerOf,
    today: boardToday(board.data?.today, santiagoToday),
  };
}

export type BoardMonth<Board extends BoardMonthData<Row>, Row, Change extends CellChange> = ReturnType<
  typeof useBoardMonth<Board, Row, Change, unknown, unknown>
>;

interface BoardScreenFilters<Row, ExportFields> {
  /** The company groups the group filter offers (undefined while they load). */
  groups: Groups;
  /**
   * The board's own filters and order after the search (state, late cells, a column's order): a
   * function memoised on those filters, or undefined when none is set.
   */
  narrow?: (rows: readonly Row[]) => Row[];
  /** The board's own filters, shown beside its title (BoardScreen's toolbar). */
  extraFilters?: ReactNode;
  /** The board's own fields of its export; null when there is nothing to export (no column shown). */
  exportFields: ExportFields | null;
}

/**
 * What every company board's screen does with its month: keeps it live, its search and group
 * filter, the open cell menu, the cells being saved, and stable callbacks that read the latest
 * board (its memoised rows depend on them).
 */
export function useBoardScreen<Board extends BoardMonthData<Row>, Row, Change extends CellChange, Column, ExportFields>(
  {
    names,
    cells,
    businessOf,
    responsibleOf,
    useExport,
    HistoryModal,
  }: BoardKind<Board, Row, Change, Column, ExportFields>,
  { period, setPeriod, board, update, values, ownerOf }: BoardMonth<Board, Row, Change>,
  { groups, narrow, extraFilters, exportFields }: BoardScreenFilters<Row, ExportFields>,
) {
  const saving = useSavingCells(cells, period);
  useLiveCells(cells, period);

  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [activeCell, setActiveCell] = useState<string | null>(null);
  const groupIds = useGroupMembers(groups, groupId);
  const { responsible } = values;

  const data = board.data;
  // The companies of the chosen group and owner: what the summary cards count.
  const inGroup = useMemo(
    () => rowsOfResponsible(filterBusinesses(data?.rows ?? [], '', groupIds, businessOf), responsible, responsibleOf),
    [data, groupIds, businessOf, responsible, responsibleOf],
  );
  const found = useMemo(() => filterBusinesses(inGroup, search, null, businessOf), [inGroup, search, businessOf]);
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
  const businessNameOf = useCallback(
    (businessId: number) => {
      const shown = latest.current.data;
      const row = shown?.rows.find((candidate) => businessOf(candidate).id === businessId);
      return row ? businessOf(row).name : '';
    },
    [latest, businessOf],
  );

  const history = useColumnModal(businessNameOf, (cell: CellTarget, column: Column) => ({ ...cell, column }));
  const exporter = useExport();
  const frame: BoardFrame = {
    names,
    history: createElement(HistoryModal, { period, ...history.modal }),
    filters: {
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
    },
    toolbar: extraFilters,
    query: board,
    exporter: {
      pending: exporter.isPending,
      disabled: rows.length === 0 || exportFields === null,
      onExport: async () =>
        exportFields &&
        exporter.mutateAsync({ ...exportFields, period, businessIds: rows.map((row) => businessOf(row).id) }),
    },
  };
  const filtering = search.trim() !== '' || groupIds !== null || responsible !== null || narrow !== undefined;
  /** What the board's table takes from the screen (see BusinessBoardTable). */
  const table = {
    rows,
    ownerOf,
    saving,
    activeCell,
    onMenu: setActiveCell,
    loading: board.isLoading,
    emptyText: filtering ? boardMsg.noMatches : boardMsg.noCompanies,
  };
  return { inGroup, frame, table, save, shownBoard, businessNameOf, onHistory: history.open };
}
