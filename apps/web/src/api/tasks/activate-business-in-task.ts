import type { BusinessInTaskWrite } from '@app/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { setTaskBusinesses, withBusiness } from './business-in-task-cache';
import type { BusinessInTaskResponse } from './responses';

interface BusinessInTaskTarget {
  taskId: number;
  businessId: number;
}

/** The switch of a company turned on: the task applies to it from `startDate`. */
export const activateBusinessInTask = ({ taskId, businessId, ...body }: BusinessInTaskWrite & BusinessInTaskTarget) =>
  api<BusinessInTaskResponse>(`/task/${taskId}/business/${businessId}`, { method: 'POST', body });

export function useActivateBusinessInTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateBusinessInTask,
    onSuccess: ({ businessInTask }, { taskId }) =>
      setTaskBusinesses(queryClient, taskId, (rows) => withBusiness(rows, businessInTask)),
  });
}
