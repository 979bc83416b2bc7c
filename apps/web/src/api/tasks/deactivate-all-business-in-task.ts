import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { setTaskBusinesses } from './business-in-task-cache';
import type { BusinessInTaskAllResponse } from './responses';

/** 'Desactivar todo': every company leaves the task. */
export const deactivateAllBusinessInTask = ({ taskId }: { taskId: number }) =>
  api<BusinessInTaskAllResponse>(`/task/${taskId}/delete-all-business-in-task`, { method: 'DELETE' });

export function useDeactivateAllBusinessInTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateAllBusinessInTask,
    onSuccess: (_data, { taskId }) => setTaskBusinesses(queryClient, taskId, () => []),
  });
}
