import { DEFAULT_BULK_START_DATE } from '@app/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { setTaskBusinesses } from './business-in-task-cache';
import type { BusinessInTaskAllResponse } from './responses';

/** 'Activar todo': every company joins the task from 2021-01-01; those already in keep their date. */
export const activateAllBusinessInTask = ({
  taskId,
  startDate = DEFAULT_BULK_START_DATE,
}: {
  taskId: number;
  startDate?: string;
}) =>
  api<BusinessInTaskAllResponse>(`/task/${taskId}/create-all-business-in-task`, {
    method: 'POST',
    body: { startDate },
  });

export function useActivateAllBusinessInTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateAllBusinessInTask,
    // The answer is the task's complete list of companies.
    onSuccess: ({ businessInTask }, { taskId }) => setTaskBusinesses(queryClient, taskId, () => businessInTask),
  });
}
