import type { BusinessInTaskWrite } from '@app/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { setTaskBusinesses, withBusiness } from './business-in-task-cache';
import type { BusinessInTaskResponse } from './responses';

/** A new 'Fecha Inicio' for a company already in the task. */
export const updateBusinessInTask = ({
  taskId,
  businessId,
  ...body
}: BusinessInTaskWrite & { taskId: number; businessId: number }) =>
  api<BusinessInTaskResponse>(`/task/${taskId}/business/${businessId}`, { method: 'PUT', body });

export function useUpdateBusinessInTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessInTask,
    onSuccess: ({ businessInTask }, { taskId }) =>
      setTaskBusinesses(queryClient, taskId, (rows) => withBusiness(rows, businessInTask)),
  });
}
