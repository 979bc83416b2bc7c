import { tasksMsg } from '@app/shared/messages-tasks';
import { can } from '@app/shared/permissions';
import { TASK_NOT_APPLICABLE, type Task, type TaskBoardRow, type TaskState } from '@app/shared/schemas/tasks';
import { summaryOf } from '@app/shared/task-board';
import { Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useBoardLookups } from '../../../api/businesses/use-board-lookups';
import { useExportTaskBoard } from '../../../api/tasks/export-task-board';
import { useTaskBoard } from '../../../api/tasks/get-task-board';
import { findTaskCell } from '../../../api/tasks/task-board-cells';
import { taskCells, useUpdateTaskState } from '../../../api/tasks/update-task-state';
import { BoardScreen } from '../../../components/board/board-screen';
import { useBoardMonth, useBoardScreen } from '../../../components/board/use-board-screen';
import { useColumnModal } from '../../../components/board/use-cell-target';
import { useCurrentUser } from '../../../lib/session';
import { dueDatesByTask, dueSoonTasks, overdueCells, taskNarrow, tasksOf } from '../utils/task-board-rows';
import { TaskBoardFilters } from './task-board-filters';
import { TaskBoardTable } from './task-board-table';
import { TaskHistoryModal } from './task-history-modal';
import { TaskSummaryCards } from './task-summary-cards';
import { TaskValueModal, type TaskValueTarget } from './task-value-modal';

const TASKS = {
  cells: taskCells,
  useBoard: useTaskBoard,
  useUpdate: useUpdateTaskState,
  useExport: useExportTaskBoard,
  businessOf: (row: TaskBoardRow) => row,
  responsibleOf: (row: TaskBoardRow) => row.responsibleUserId,
  names: { key: 'tasks', errorTitle: tasksMsg.boardFailed },
  HistoryModal: TaskHistoryModal,
};
const NO_TASKS: Task[] = [];
const valueTarget = (
  cell: Omit<TaskValueTarget, 'task' | 'state' | 'value'>,
  current: Pick<TaskValueTarget, 'task' | 'state' | 'value'>,
): TaskValueTarget => ({ ...cell, ...current });

/**
 * The task tracking board ('Seguimiento de tareas'): the summary cards, then the month's
 * table of companies by task with its search, group and month selectors, live for everyone who has
 * it open. Owners change every cell; a collaborator only those of the tasks they are responsible for.
 * Its filters (the companies' owner, late cells, a task's responsible) are kept in the address.
 */
export function TaskBoard() {
  const user = useCurrentUser();
  const { staff, groups } = useBoardLookups();
  const month = useBoardMonth(TASKS, staff);
  const { today, values } = month;
  const data = month.board.data;
  const allTasks = data?.tasks ?? NO_TASKS;
  const tasks = useMemo(() => tasksOf(allTasks, values.taskResponsible), [allTasks, values.taskResponsible]);
  // The board's day in Santiago from the server, not this browser's clock (before it loads, nothing is marked).
  const dueDateOf = useMemo(() => dueDatesByTask(data?.dueDates), [data?.dueDates]);
  const overdue = useMemo(() => overdueCells(tasks, dueDateOf, today), [tasks, dueDateOf, today]);
  const dueSoon = useMemo(() => dueSoonTasks(tasks, dueDateOf, today), [tasks, dueDateOf, today]);
  const dueDates = useMemo(() => tasks.map((task) => dueDateOf.get(task.id) ?? ''), [tasks, dueDateOf]);
  const narrow = useMemo(() => taskNarrow(tasks, overdue, values.onlyOverdue), [tasks, overdue, values.onlyOverdue]);
  const extraFilters = <TaskBoardFilters tasks={allTasks} {...month.row} />;
  // Nothing to export without a task column.
  const exportFields = tasks.length > 0 ? { taskIds: tasks.map((task) => task.id) } : null;
  const screen = useBoardScreen(TASKS, month, { groups, narrow, extraFilters, exportFields });
  const { save, shownBoard, businessNameOf, table } = screen;
  const value = useColumnModal(businessNameOf, valueTarget);

  // The cards count the companies of the chosen group (all without one); the text search only narrows the table.
  const summary = useMemo(() => summaryOf(tasks, screen.inGroup), [tasks, screen.inGroup]);
  const editable = useMemo(
    () => tasks.map((task) => can(user, 'task-state:change', { responsableId: task.responsableCollaborator.id })),
    [tasks, user],
  );

  const onChoose = useCallback(
    (businessId: number, task: Task, state: TaskState) => {
      const cell = findTaskCell(shownBoard(), businessId, task.id);
      // Choosing the state already chosen (without a value) changes nothing.
      if (cell?.state === state && cell.lastChange && !cell.value) return;
      save({ businessId, taskId: task.id, state });
    },
    [shownBoard, save],
  );
  const openValue = value.open;
  const onValue = useCallback(
    (businessId: number, task: Task) => {
      const cell = findTaskCell(shownBoard(), businessId, task.id);
      if (cell && cell.state !== TASK_NOT_APPLICABLE)
        openValue(businessId, { task, state: cell.state, value: cell.value });
    },
    [shownBoard, openValue],
  );
  const saveValue = (state: TaskState, text: string) => {
    const target = value.target;
    if (target) save({ businessId: target.businessId, taskId: target.task.id, state, value: text });
    value.close();
  };

  const noTasks = data !== undefined && tasks.length === 0;

  return (
    <BoardScreen
      cards={<TaskSummaryCards tasks={tasks} summary={summary} />}
      frame={screen.frame}
      modals={<TaskValueModal {...value.modal} onSave={saveValue} />}
    >
      {noTasks ? (
        <Text c="dimmed">{tasksMsg.noTasksInBoard}</Text>
      ) : (
        <TaskBoardTable
          {...table}
          tasks={tasks}
          editable={editable}
          dueDates={dueDates}
          overdue={overdue}
          dueSoon={dueSoon}
          onChoose={onChoose}
          onValue={onValue}
          onHistory={screen.onHistory}
        />
      )}
    </BoardScreen>
  );
}
