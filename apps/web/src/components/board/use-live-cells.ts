import type { Period } from '@app/shared/period';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { applyServerCell, type BoardCells } from './board-cells';
import type { CellChange } from './cell-rules';

/**
 * Keeps the shown month of a board live (DESIGN.md §4): each of the month's events replaces its
 * cell in that month's cache entry (keeping this user's pending changes on screen); another month
 * listens to its own event; after a reconnect, whatever was missed is fetched again.
 */
export function useLiveCells<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(cells: BoardCells<Board, Cell, Change, Answer>, period: Period) {
  const queryClient = useQueryClient();
  useSocketEvent<unknown>(cells.eventName(period), (payload) => {
    const change = cells.answerSchema.safeParse(payload);
    if (!change.success || change.data.year !== period.year || change.data.month !== period.month) return;
    applyServerCell(queryClient, cells, change.data);
  });
  useSocketReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: cells.queryKey(period) });
  });
}
