import type { Period } from '@app/shared/period';
import type { MonthlyStateBulk, MonthlyStateBulkResponse } from '@app/shared/schemas/board-bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyServerCells } from '../../lib/board/board-cells';
import { notifyError, notifySuccess } from '../../lib/notify';
import { monthlyBoardPath } from './monthly-board-url';
import { monthlyCells } from './update-monthly-state';

/** What the board's bulk bar sends: the month shown, then the PUT's body. */
export type MonthlyBulkChange = Period & MonthlyStateBulk;

/**
 * PUT /api/monthly-states/year/{year}/month/{month}/bulk: one service's state (and its
 * value) for every company selected, in one transaction on the server.
 */
export const bulkUpdateMonthlyStates = ({ year, month, ...body }: MonthlyBulkChange) =>
  api<MonthlyStateBulkResponse>(`${monthlyBoardPath({ year, month })}/bulk`, { method: 'PUT', body });

/**
 * The bulk change of the monthly board: on success every changed cell is written into the cached
 * month as a single change's answer is (this user's other pending changes stay on screen) and the
 * server's message ('12 actualizadas, 3 no aplican') shows; a refusal shows the server's Spanish
 * message and changes nothing.
 */
export function useBulkUpdateMonthlyStates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateMonthlyStates,
    onSuccess: (answer) => {
      applyServerCells(queryClient, monthlyCells, answer.changes);
      notifySuccess(answer.message);
    },
    onError: (error) => notifyError(error),
  });
}
