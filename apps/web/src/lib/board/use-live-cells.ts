import type { Period } from '@app/shared/period';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket, useSocketEvent, useSocketReconnect } from '../socket';
import { useLatest } from '../use-latest';
import { applyServerCell, applyServerCells, type BoardCells } from './board-cells';
import type { CellChange } from './cell-rules';

/**
 * Keeps the shown month of a board live: each of the month's events replaces its
 * cell in that month's cache entry (keeping this user's pending changes on screen); a board with a
 * bulk change also hears its one event carrying every changed cell, applied in one cache
 * write; another month listens to its own events; after a reconnect, whatever was missed is fetched
 * again.
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

  const socket = useSocket();
  const latest = useLatest({ cells, period });
  const bulkName = cells.bulkEvent?.name(period) ?? null;
  useEffect(() => {
    if (!socket || bulkName === null) return;
    const listener = (payload: unknown) => {
      const { cells: shown, period: month } = latest.current;
      const parsed = shown.bulkEvent?.schema.safeParse(payload);
      if (!parsed?.success) return;
      const changes = parsed.data.changes.filter(
        (change) => change.year === month.year && change.month === month.month,
      );
      if (changes.length > 0) applyServerCells(queryClient, shown, changes);
    };
    socket.on(bulkName, listener);
    return () => {
      socket.off(bulkName, listener);
    };
  }, [socket, bulkName, latest, queryClient]);

  useSocketReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: cells.queryKey(period) });
  });
}
