import { taskBoardMsg } from '@app/shared/messages-task-board';
import type { Period } from '@app/shared/period';
import type { Task, TaskCellState } from '@app/shared/schemas/tasks';
import { TASK_STATE_COLORS } from '@app/shared/task-board';
import { useTaskStateHistory } from '../../../api/tasks/get-task-state-history';
import { ChangeHistoryModal } from '../../../components/board/change-history-modal';
import type { CellModalProps } from '../../../components/board/use-cell-target';

export interface TaskHistoryTarget {
  businessId: number;
  businessName: string;
  task: Task;
}

/** A cell's history: every change of the company's task that month, newest first. */
export function TaskHistoryModal({
  period,
  target,
  opened,
  onClose,
}: CellModalProps<TaskHistoryTarget> & { period: Period }) {
  const history = useTaskStateHistory(
    opened && target ? { ...period, businessId: target.businessId, taskId: target.task.id } : null,
  );
  const look = (state: string) => ({ name: state, color: TASK_STATE_COLORS[state as TaskCellState] });
  return (
    <ChangeHistoryModal
      opened={opened}
      onClose={onClose}
      subtitle={target && taskBoardMsg.menuLabel(target.task.name, target.businessName)}
      query={history}
      records={history.data ?? []}
      from={(entry) => look(entry.fromState)}
      to={(entry) => look(entry.toState)}
      value={(entry) => entry.value ?? ''}
    />
  );
}
