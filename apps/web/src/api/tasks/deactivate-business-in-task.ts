import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { setTaskBusinesses } from './business-in-task-cache';

/** The switch of a company turned off: the company leaves the task (its cells become N/A). */
export const deactivateBusinessInTask = ({ taskId, businessId }: { taskId: number; businessId: number }) =>
  api<MessageResponse>(`/task/${taskId}/business/${businessId}`, { method: 'DELETE' });

export function useDeactivateBusinessInTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateBusinessInTask,
    onSuccess: (_data, { taskId, businessId }) =>
      setTaskBusinesses(queryClient, taskId, (rows) => rows.filter((row) => row.businessId !== businessId)),
  });
}
