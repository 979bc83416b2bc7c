import type { BusinessInTask, Task } from '@app/shared/schemas/tasks';
import type { BusinessInTaskRow, TaskWithResponsable } from './tasks.repository.ts';

export function presentTask(row: TaskWithResponsable): Task {
  return {
    id: row.id,
    name: row.name,
    responsableCollaborator: row.responsable,
    expirationDate: row.expirationDate,
    showInSummary: row.showInSummary,
  };
}

export const presentBusinessInTask = (row: BusinessInTaskRow): BusinessInTask => ({
  id: row.id,
  businessId: row.businessId,
  startDate: row.startDate,
});
