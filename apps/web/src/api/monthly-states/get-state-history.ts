import type { HistoryEntry } from '@app/shared/schemas/monthly-states';
import { cellHistory, useCellHistory } from '../../lib/board/cell-history';
import { monthlyBoardQueryKey } from './get-monthly-board';

/** A company's cell of one service in a month. */
export type StateHistoryCell = Parameters<typeof monthlyBoardQueryKey>[0] & { businessId: number; serviceId: number };

/** GET /api/monthly-states/history: a cell's changes, newest first. */
const stateHistory = cellHistory<StateHistoryCell, HistoryEntry>(
  '/monthly-states/history',
  monthlyBoardQueryKey,
  (cell) => cell.serviceId,
);

export const stateHistoryQueryKey = stateHistory.queryKey;

export const useStateHistory = (cell: StateHistoryCell | null) => useCellHistory(stateHistory, cell);
