import type { Period } from '@app/shared/period';
import { BoardCellChangeSchema, boardEventName } from '@app/shared/schemas/monthly-states';
import { useQueryClient } from '@tanstack/react-query';
import { monthlyBoardQueryKey } from '../../../api/monthly-states/get-monthly-board';
import { applyServerChange } from '../../../api/monthly-states/update-monthly-state';
import { useSocketEvent, useSocketReconnect } from '../../../lib/socket';

/**
 * Keeps the shown month live (spec 1 §2.5, DESIGN.md §4): each 'update state M/YYYY' replaces its
 * cell and its company's progress in that month's cache entry; another month listens to its own
 * event; after a reconnect, whatever was missed is fetched again.
 */
export function useLiveBoard(period: Period) {
  const queryClient = useQueryClient();
  useSocketEvent<unknown>(boardEventName(period), (payload) => {
    const change = BoardCellChangeSchema.safeParse(payload);
    if (!change.success || change.data.year !== period.year || change.data.month !== period.month) return;
    applyServerChange(queryClient, change.data);
  });
  useSocketReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: monthlyBoardQueryKey(period) });
  });
}
