import {
  TASK_NOT_APPLICABLE,
  TASK_STATE_INITIAL,
  type TaskBoardRow,
  type TaskCell,
  type TaskState,
} from '@app/shared/schemas/tasks';
import type { CellRow } from '../../db/cell-history.ts';

/** What the task board is built from: a few bulk reads, never one query per company. */
export interface TaskBoardParts {
  businesses: {
    id: number;
    name: string;
    rut: string;
    responsibleUserId: number | null;
    /** 'Seguimiento desde' ('YYYY-MM'): before it the company's cells are 'N/A'. */
    trackingSince: string | null;
  }[];
  taskIds: number[];
  /** Companies in a task from a start date on or before the period's last day, tracked in the period. */
  applying: { taskId: number; businessId: number }[];
  /** Saved cells: a column is a task. */
  chosen: CellRow<string, string>[];
}

const cellKey = (businessId: number, taskId: number) => `${businessId}:${taskId}`;

/**
 * One row per company, a cell per task in the tasks' order: 'N/A' where the task does not apply,
 * else the chosen state, or 'No comenzado' until someone changes it.
 */
export function buildTaskBoardRows(parts: TaskBoardParts): TaskBoardRow[] {
  const applies = new Set(parts.applying.map((link) => cellKey(link.businessId, link.taskId)));
  const chosen = new Map(parts.chosen.map((row) => [cellKey(row.businessId, row.column), row]));
  return parts.businesses.map((business) => ({
    id: business.id,
    name: business.name,
    rut: business.rut,
    responsibleUserId: business.responsibleUserId,
    taskStates: parts.taskIds.map((taskId): TaskCell => {
      const key = cellKey(business.id, taskId);
      if (!applies.has(key)) return { taskId, state: TASK_NOT_APPLICABLE, value: null, lastChange: null };
      const picked = chosen.get(key);
      return {
        taskId,
        state: (picked?.state as TaskState | undefined) ?? TASK_STATE_INITIAL,
        value: picked?.value ?? null,
        lastChange: picked ? { by: picked.updatedByName, at: picked.updatedAt.toISOString() } : null,
      };
    }),
  }));
}
