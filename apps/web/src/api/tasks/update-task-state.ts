import type { Period } from '@app/shared/period';
import type { TaskBoard, TaskCellChange } from '@app/shared/schemas/tasks';
import { type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import {
  applyServerTaskChange,
  findTaskCell,
  optimisticTaskCell,
  type TaskStateChange,
  taskCellKey,
  withTaskCell,
} from '../../features/task-board/utils/task-board-rows';
import { api } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { taskBoardQueryKey } from './get-task-board';
import { taskBoardRootQueryKey } from './task-board-query-key';

export const updateTaskState = ({ year, month, businessId, taskId, state, value }: TaskStateChange) =>
  api<TaskCellChange & { message: string }>(
    `/business-task-states/year/${year}/month/${month}/businessId/${businessId}/taskId/${taskId}`,
    { method: 'PUT', body: value?.trim() ? { state, value } : { state } },
  );

/** Names the pending changes, so the cells being saved can show it (useMutationState). */
export const updateTaskStateMutationKey = [...taskBoardRootQueryKey, 'update-state'] as const;

/** This user's changes still waiting for the server. */
function pendingChanges(queryClient: QueryClient, except?: TaskStateChange): TaskStateChange[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: updateTaskStateMutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as TaskStateChange | undefined)
    .filter((change): change is TaskStateChange => change !== undefined && change !== except);
}

/**
 * Applies a cell that came from the server (the PUT's answer or a live event) to its month's cache
 * entry, keeping on screen this user's changes still being saved (but `settled`, the change this
 * answer is for).
 */
export function applyTaskServerChange(queryClient: QueryClient, change: TaskCellChange, settled?: TaskStateChange) {
  queryClient.setQueryData<TaskBoard>(
    taskBoardQueryKey(change),
    (board) => board && applyServerTaskChange(board, change, pendingChanges(queryClient, settled)),
  );
}

/**
 * Changes a cell (spec 2 §4): shown at once, then replaced by the server's cell; when refused the
 * cell goes back to what it was and the server's message shows in a toast 'Ocurrió un error!'.
 */
export function useUpdateTaskState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateTaskStateMutationKey,
    mutationFn: updateTaskState,
    onMutate: async (change) => {
      const key = taskBoardQueryKey(change);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = findTaskCell(queryClient.getQueryData<TaskBoard>(key), change.businessId, change.taskId);
      queryClient.setQueryData<TaskBoard>(
        key,
        (board) => board && withTaskCell(board, change.businessId, change.taskId, optimisticTaskCell(change)),
      );
      return { previous };
    },
    onError: (error, change, context) => {
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<TaskBoard>(taskBoardQueryKey(change), (board) => {
          const shown = findTaskCell(board, change.businessId, change.taskId);
          const guess = optimisticTaskCell(change);
          // Only undo our own guess: a newer cell from the server stays.
          const stillOurs = shown?.state === guess.state && shown.value === guess.value;
          return board && stillOurs ? withTaskCell(board, change.businessId, change.taskId, previous) : board;
        });
      }
      notifyError(error);
    },
    onSuccess: (answer, change) => applyTaskServerChange(queryClient, answer, change),
  });
}

/** The cells of a month being saved right now, as 'businessId:taskId'. */
export function useSavingTaskCells(period: Period): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: updateTaskStateMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as TaskStateChange | undefined,
  });
  return new Set(
    pending
      .filter((change) => change && change.year === period.year && change.month === period.month)
      .map((change) => taskCellKey(change?.businessId ?? 0, change?.taskId ?? 0)),
  );
}
