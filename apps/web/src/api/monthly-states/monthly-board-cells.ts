import { averageProgress } from '@app/shared/board';
import type { Period } from '@app/shared/period';
import type {
  BoardCell,
  BoardCellChange,
  BoardRow,
  BoardService,
  MonthlyBoard,
  MonthlyStateUpdate,
} from '@app/shared/schemas/monthly-states';
import type { CellRules } from '../../lib/board/cell-rules';

/** A change of a cell as the board asks for it: the month, then the PUT's body. */
export type MonthlyStateChange = Period & MonthlyStateUpdate;

/** The board with one company's row replaced; the other rows keep their identity (their memoised views do not render again). */
export function replaceRow(board: MonthlyBoard, row: BoardRow): MonthlyBoard {
  const index = board.rows.findIndex((candidate) => candidate.business.id === row.business.id);
  if (index === -1) return board;
  const rows = board.rows.slice();
  rows[index] = row;
  return { ...board, rows };
}

/** Company progress: the rounded average pctProgress of the cells that have a state; 0 if none. */
export function progressOf(cells: BoardCell[], services: BoardService[]): number {
  const pct = new Map(services.flatMap((service) => service.states.map((state) => [state.id, state.pctProgress])));
  return averageProgress(
    cells.flatMap((cell) => (cell.applies && cell.stateId !== null ? [pct.get(cell.stateId) ?? 0] : [])),
  );
}

/** The board with one cell changed and its row's progress worked out again (the optimistic update). */
export function withCell(
  board: MonthlyBoard,
  businessId: number,
  serviceId: number,
  patch: Partial<BoardCell>,
): MonthlyBoard {
  const row = board.rows.find((candidate) => candidate.business.id === businessId);
  if (!row) return board;
  const cells = row.cells.map((cell) => (cell.serviceId === serviceId ? { ...cell, ...patch } : cell));
  return replaceRow(board, { ...row, cells, progress: progressOf(cells, board.services) });
}

/** The board with a cell and its row's progress as the server answered them (a saved change, a live event). */
export function applyCellChange(
  board: MonthlyBoard,
  businessId: number,
  cell: BoardCell,
  progress: number,
): MonthlyBoard {
  const row = board.rows.find((candidate) => candidate.business.id === businessId);
  if (!row) return board;
  const cells = row.cells.map((current) => (current.serviceId === cell.serviceId ? cell : current));
  return replaceRow(board, { ...row, cells, progress });
}

export const findCell = (board: MonthlyBoard | undefined, businessId: number, serviceId: number) =>
  board?.rows.find((row) => row.business.id === businessId)?.cells.find((cell) => cell.serviceId === serviceId);

/** How a month of the monthly board changes, cell by cell (a company × service). */
export const monthlyCellRules: CellRules<MonthlyBoard, BoardCell, MonthlyStateChange, BoardCellChange> = {
  columnOf: (change) => change.serviceId,
  findCell,
  withCell,
  guess: (change) => ({ stateId: change.stateId, value: change.optionalValue ?? null }),
  applyAnswer: (board, answer) => applyCellChange(board, answer.businessId, answer.cell, answer.progress),
};
