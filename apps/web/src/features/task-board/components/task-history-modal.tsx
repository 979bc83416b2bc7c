import { taskBoardMsg } from '@app/shared/messages-task-board';
import type { Task, TaskCellState } from '@app/shared/schemas/tasks';
import { TASK_STATE_COLORS } from '@app/shared/task-board';
import { useTaskStateHistory } from '../../../api/tasks/get-task-state-history';
import { ChangeHistoryModal } from '../../../components/board/change-history-modal';
import type { HistoryModalProps } from '../../../components/board/use-cell-target';

/** A cell's history: every change of the company's task that month, newest first. */
export function TaskHistoryModal({ period, target, opened, onClose }: HistoryModalProps<Task>) {
  const history = useTaskStateHistory(
    opened && target ? { ...period, businessId: target.businessId, taskId: target.column.id } : null,
  );
  const look = (state: string) => ({ name: state, color: TASK_STATE_COLORS[state as TaskCellState] });
  return (
    <ChangeHistoryModal
      opened={opened}
      onClose={onClose}
      subtitle={target && taskBoardMsg.menuLabel(target.column.name, target.businessName)}
      query={history}
      records={history.data ?? []}
      from={(entry) => look(entry.fromState)}
      to={(entry) => look(entry.toState)}
      value={(entry) => entry.value ?? ''}
    />
  );
}
