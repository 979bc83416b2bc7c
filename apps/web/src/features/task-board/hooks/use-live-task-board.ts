import type { Period } from '@app/shared/period';
import { TaskCellChangeSchema, taskBoardEventName } from '@app/shared/schemas/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { taskBoardQueryKey } from '../../../api/tasks/get-task-board';
import { applyTaskServerChange } from '../../../api/tasks/update-task-state';
import { useSocketEvent, useSocketReconnect } from '../../../lib/socket';

/**
 * Keeps the shown month live (DESIGN.md §4): each 'update task state M/YYYY' replaces its one cell
 * in that month's cache entry (the summary cards follow, being worked out from the rows); another
 * month listens to its own event; after a reconnect, whatever was missed is fetched again.
 */
export function useLiveTaskBoard(period: Period) {
  const queryClient = useQueryClient();
  useSocketEvent<unknown>(taskBoardEventName(period), (payload) => {
    const change = TaskCellChangeSchema.safeParse(payload);
    if (!change.success || change.data.year !== period.year || change.data.month !== period.month) return;
    applyTaskServerChange(queryClient, change.data);
  });
  useSocketReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: taskBoardQueryKey(period) });
  });
}
