import type { Period } from '@app/shared/period';
import { type QueryClient, type QueryKey, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { notifyError } from '../notify';
import { samePeriod } from '../period';
import { type CellChange, type CellRules, cellKey, reconcile, reconcileAll, restored, showsGuess } from './cell-rules';

/**
 * What one board tells the kit: its cell rules, its keys and its live event. The kit does the
 * optimistic change, the pending reconciliation and the live updates with them.
 */
export interface BoardCells<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
> extends CellRules<Board, Cell, Change, Answer> {
  /** A month's cache entry. */
  queryKey: (period: Period) => QueryKey;
  /** Names this board's pending changes (useMutationState). */
  mutationKey: QueryKey;
  /** The month's live event and its payload (the same shape as the PUT's answer). */
  eventName: (period: Period) => string;
  answerSchema: ZodType<Answer>;
  /** A board with a bulk change: its month's one event carrying every changed cell. */
  bulkEvent?: { name: (period: Period) => string; schema: ZodType<{ changes: Answer[] }> };
}

/**
 * A board's cells for the kit: its cell rules, its months' cache entries (under `root`, where its
 * pending changes are named too, so that the cells being saved can show it) and its live events.
 */
export function boardCells<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(
  rules: CellRules<Board, Cell, Change, Answer>,
  keys: { root: QueryKey; queryKey: (period: Period) => QueryKey },
  events: Pick<BoardCells<Board, Cell, Change, Answer>, 'eventName' | 'answerSchema' | 'bulkEvent'>,
): BoardCells<Board, Cell, Change, Answer> {
  return { ...rules, queryKey: keys.queryKey, mutationKey: [...keys.root, 'update-state'], ...events };
}

/** This user's changes of a board still waiting for the server. */
function pendingChanges<Change extends CellChange>(queryClient: QueryClient, mutationKey: QueryKey): Change[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as Change | undefined)
    .filter((change): change is Change => change !== undefined);
}

/**
 * Applies a cell that came from the server to its month's cache entry, keeping on screen this
 * user's changes still being saved (but `settled`, the change this answer is for).
 */
export function applyServerCell<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(queryClient: QueryClient, cells: BoardCells<Board, Cell, Change, Answer>, answer: Answer, settled?: Change) {
  const pending = pendingChanges<Change>(queryClient, cells.mutationKey).filter((change) => change !== settled);
  queryClient.setQueryData<Board>(cells.queryKey(answer), (board) => board && reconcile(cells, board, answer, pending));
}

/**
 * Applies many cells from the server (a bulk change's answer or its live event) to their months'
 * cache entries, one cache write per month, keeping this user's changes still being saved on screen.
 */
export function applyServerCells<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(queryClient: QueryClient, cells: BoardCells<Board, Cell, Change, Answer>, answers: readonly Answer[]) {
  const pending = pendingChanges<Change>(queryClient, cells.mutationKey);
  const byMonth = new Map<string, Answer[]>();
  for (const answer of answers) {
    const month = `${answer.year}-${answer.month}`;
    const list = byMonth.get(month);
    if (list) list.push(answer);
    else byMonth.set(month, [answer]);
  }
  for (const month of byMonth.values()) {
    queryClient.setQueryData<Board>(
      cells.queryKey(month[0] as Answer),
      (board) => board && reconcileAll(cells, board, month, pending),
    );
  }
}

/**
 * Changes a cell: shown at once, then replaced by the server's cell; when refused the cell goes
 * back to what it was (unless the server sent a newer one meanwhile) and the server's message
 * shows in a toast.
 */
export function useCellChange<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(cells: BoardCells<Board, Cell, Change, Answer>, send: (change: Change) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cells.mutationKey,
    mutationFn: send,
    onMutate: async (change: Change) => {
      const key = cells.queryKey(change);
      const column = cells.columnOf(change);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = cells.findCell(queryClient.getQueryData<Board>(key), change.businessId, column);
      queryClient.setQueryData<Board>(
        key,
        (board) => board && cells.withCell(board, change.businessId, column, cells.guess(change)),
      );
      return { previous };
    },
    onError: (error, change, context) => {
      const previous = context?.previous;
      if (previous) {
        const column = cells.columnOf(change);
        const guess = cells.guess(change);
        queryClient.setQueryData<Board>(cells.queryKey(change), (board) =>
          // Only undo our own guess: a newer cell from the server stays.
          board && showsGuess(cells.findCell(board, change.businessId, column), guess)
            ? cells.withCell(board, change.businessId, column, restored(previous, guess))
            : board,
        );
      }
      notifyError(error);
    },
    onSuccess: (answer, change) => applyServerCell(queryClient, cells, answer, change),
  });
}

/** The cells of a month being saved right now, as cellKey(businessId, columnId). */
// biome-ignore lint/suspicious/noExplicitAny: any board's cells, where only the keys are read
export function useSavingCells(cells: BoardCells<any, any, any, any>, period: Period): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: cells.mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as CellChange | undefined,
  });
  return new Set(
    pending
      .filter((change): change is CellChange => change !== undefined && samePeriod(change, period))
      .map((change) => cellKey(change.businessId, cells.columnOf(change))),
  );
}
