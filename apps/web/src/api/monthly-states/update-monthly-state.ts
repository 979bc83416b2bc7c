import type { Period } from '@app/shared/period';
import type {
  BoardCell,
  BoardCellChange,
  MonthlyBoard,
  MonthlyStateUpdate,
  MonthlyStateUpdateResponse,
} from '@app/shared/schemas/monthly-states';
import { type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { applyCellChange, findCell, withCell } from '../../features/monthly-board/utils/board-rows';
import { api } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { monthlyBoardQueryKey, monthlyBoardsQueryKey } from './get-monthly-board';

export type MonthlyStateChange = Period & MonthlyStateUpdate;

export const updateMonthlyState = ({ year, month, ...body }: MonthlyStateChange) =>
  api<MonthlyStateUpdateResponse>(`/monthly-states/year/${year}/month/${month}`, {
    method: 'PUT',
    body,
  });

/** Names the pending changes, so the cells being saved can show it (useMutationState). */
export const updateMonthlyStateMutationKey = [...monthlyBoardsQueryKey, 'update-state'] as const;

/** What a change shows at once, before the server answers. */
const optimisticCell = (change: MonthlyStateChange): Partial<BoardCell> => ({
  stateId: change.stateId,
  value: change.optionalValue ?? null,
});

/** Changes still waiting for the server in a month; a live cell must not undo them on screen. */
export function pendingChanges(queryClient: QueryClient, period: Period): MonthlyStateChange[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: updateMonthlyStateMutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as MonthlyStateChange)
    .filter((change) => change && change.year === period.year && change.month === period.month);
}

/**
 * Applies a cell that came from the server (the PUT's answer or a live event), keeping on screen
 * this user's changes still being saved (but `settled`, the change this answer is for).
 */
export function applyServerChange(queryClient: QueryClient, change: BoardCellChange, settled?: MonthlyStateChange) {
  queryClient.setQueryData<MonthlyBoard>(monthlyBoardQueryKey(change), (board) => {
    if (!board) return board;
    let next = applyCellChange(board, change.businessId, change.cell, change.progress);
    for (const pending of pendingChanges(queryClient, change)) {
      if (pending !== settled && pending.businessId === change.businessId) {
        next = withCell(next, pending.businessId, pending.serviceId, optimisticCell(pending));
      }
    }
    return next;
  });
}

/**
 * Changes a cell (spec 1 §2.5): shown at once, then replaced by the server's cell; when refused the
 * cell goes back to what it was and the server's message shows in a toast.
 */
export function useUpdateMonthlyState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateMonthlyStateMutationKey,
    mutationFn: updateMonthlyState,
    onMutate: async (change) => {
      const key = monthlyBoardQueryKey(change);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = findCell(queryClient.getQueryData<MonthlyBoard>(key), change.businessId, change.serviceId);
      queryClient.setQueryData<MonthlyBoard>(
        key,
        (board) => board && withCell(board, change.businessId, change.serviceId, optimisticCell(change)),
      );
      return { previous };
    },
    onError: (error, change, context) => {
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<MonthlyBoard>(monthlyBoardQueryKey(change), (board) => {
          const shown = findCell(board, change.businessId, change.serviceId);
          // Only undo our own guess: a newer row from the server stays.
          const stillOurs = shown?.stateId === change.stateId && shown.value === (change.optionalValue ?? null);
          return board && stillOurs
            ? withCell(board, change.businessId, change.serviceId, {
                stateId: previous.stateId,
                value: previous.value,
                lastChange: previous.lastChange,
              })
            : board;
        });
      }
      notifyError(error);
    },
    onSuccess: (answer, change) => applyServerChange(queryClient, answer, change),
  });
}

/** The cells of a month being saved right now, as 'businessId:serviceId'. */
export function useSavingCells(period: Period): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: updateMonthlyStateMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as MonthlyStateChange | undefined,
  });
  return new Set(
    pending
      .filter((change) => change && change.year === period.year && change.month === period.month)
      .map((change) => `${change?.businessId}:${change?.serviceId}`),
  );
}
