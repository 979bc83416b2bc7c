import { boardBulkEventName, MonthlyStateBulkEventSchema } from '@app/shared/schemas/board-bulk';
import {
  BoardCellChangeSchema,
  boardEventName,
  type MonthlyStateUpdateResponse,
} from '@app/shared/schemas/monthly-states';
import { api } from '../../lib/api-client';
import { boardCells, useCellChange } from '../../lib/board/board-cells';
import { monthlyBoardQueryKey, monthlyBoardsQueryKey } from './get-monthly-board';
import { type MonthlyStateChange, monthlyCellRules } from './monthly-board-cells';

export const updateMonthlyState = ({ year, month, ...body }: MonthlyStateChange) =>
  api<MonthlyStateUpdateResponse>(`/monthly-states/year/${year}/month/${month}`, {
    method: 'PUT',
    body,
  });

/**
 * The monthly board for the board kit: its cell rules, its keys, its live event 'update state M/YYYY'
 * and its bulk change's one event 'update states M/YYYY'.
 */
export const monthlyCells = boardCells(
  monthlyCellRules,
  { root: monthlyBoardsQueryKey, queryKey: monthlyBoardQueryKey },
  {
    eventName: boardEventName,
    answerSchema: BoardCellChangeSchema,
    bulkEvent: { name: boardBulkEventName, schema: MonthlyStateBulkEventSchema },
  },
);

/**
 * Changes a cell: shown at once, then replaced by the server's cell; when refused the
 * cell goes back to what it was and the server's message shows in a toast.
 */
export const useUpdateMonthlyState = () => useCellChange(monthlyCells, updateMonthlyState);
