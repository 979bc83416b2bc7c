import { tasksMsg } from '@app/shared/messages-tasks';
import { can } from '@app/shared/permissions';
import { TASK_NOT_APPLICABLE, type Task, type TaskBoardRow, type TaskState } from '@app/shared/schemas/tasks';
import { summaryOf } from '@app/shared/task-board';
import { Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import { useGroups } from '../../../api/groups/get-groups';
import { useExportTaskBoard } from '../../../api/tasks/export-task-board';
import { useTaskBoard } from '../../../api/tasks/get-task-board';
import { findTaskCell } from '../../../api/tasks/task-board-cells';
import { taskCells, useUpdateTaskState } from '../../../api/tasks/update-task-state';
import { BoardScreen, type BoardScreenNames } from '../../../components/board/board-screen';
import { useBoardFilters, useOwnerOf } from '../../../components/board/use-board-filters';
import { useBoardScreen } from '../../../components/board/use-board-screen';
import { useCellTarget } from '../../../components/board/use-cell-target';
import { ExportButton } from '../../../components/export-button';
import { useBoardPeriod } from '../../../lib/period-params';
import { boardToday, useSantiagoToday } from '../../../lib/santiago-today';
import { useCurrentUser } from '../../../lib/session';
import { dueDatesByTask, dueSoonTasks, overdueCells, taskNarrow, tasksOf } from '../utils/task-board-rows';
import { TaskBoardFilters } from './task-board-filters';
import { TaskBoardTable } from './task-board-table';
import { TaskHistoryModal, type TaskHistoryTarget } from './task-history-modal';
import { TaskSummaryCards } from './task-summary-cards';
import { TaskValueModal, type TaskValueTarget } from './task-value-modal';

const NO_TASKS: Task[] = [];
const rowsOf = (board: { rows: TaskBoardRow[] }) => board.rows;
const companyOf = (row: TaskBoardRow) => row;
const responsibleOf = (row: TaskBoardRow) => row.responsibleUserId;
const TASKS = { cells: taskCells, rowsOf, companyOf, responsibleOf };
const NAMES: BoardScreenNames = {
  cardsOf: 'tasks',
  cardsId: 'task-summary-cards',
  titleId: 'task-board-title',
  errorTitle: tasksMsg.boardFailed,
};

/**
 * The task tracking board (spec 2 "Seguimiento de tareas"): the summary cards, then the month's
 * table of companies by task with its search, group and month selectors, live for everyone who has
 * it open. Owners change every cell; a collaborator only those of the tasks they are responsible for.
 * Its filters (the companies' owner, late cells, a task's responsible) are kept in the address (issue 21).
 */
export function TaskBoard() {
  const user = useCurrentUser();
  const [period, setPeriod] = useBoardPeriod();
  const board = useTaskBoard(period);
  const update = useUpdateTaskState();
  const staff = useResponsibleOptions().data;
  const groups = useGroups().data;
  const { values, row } = useBoardFilters(staff);
  const ownerOf = useOwnerOf(staff, responsibleOf);
  const data = board.data;
  const allTasks = data?.tasks ?? NO_TASKS;
  const tasks = useMemo(() => tasksOf(allTasks, values.taskResponsible), [allTasks, values.taskResponsible]);
  // The board's day in Santiago from the server, not this browser's clock (before it loads, nothing is
  // marked), moved on at midnight on a board left open.
  const santiagoToday = useSantiagoToday();
  const today = boardToday(data?.today, santiagoToday);
  const dueDateOf = useMemo(() => dueDatesByTask(data?.dueDates), [data?.dueDates]);
  const overdue = useMemo(() => overdueCells(tasks, dueDateOf, today), [tasks, dueDateOf, today]);
  const dueSoon = useMemo(() => dueSoonTasks(tasks, dueDateOf, today), [tasks, dueDateOf, today]);
  const dueDates = useMemo(() => tasks.map((task) => dueDateOf.get(task.id) ?? ''), [tasks, dueDateOf]);
  const narrow = useMemo(() => taskNarrow(tasks, overdue, values.onlyOverdue), [tasks, overdue, values.onlyOverdue]);
  const screen = useBoardScreen(
    TASKS,
    { period, setPeriod, board, update },
    { responsible: values.responsible, groups, narrow, extraFilters: <TaskBoardFilters tasks={allTasks} {...row} /> },
  );
  const { save, shownBoard, companyName } = screen;
  const value = useCellTarget<TaskValueTarget>();
  const history = useCellTarget<TaskHistoryTarget>();
  const exporter = useExportTaskBoard();
  const shownRows = screen.table.rows;

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
  const showValue = value.show;
  const onValue = useCallback(
    (businessId: number, task: Task) => {
      const cell = findTaskCell(shownBoard(), businessId, task.id);
      if (!cell || cell.state === TASK_NOT_APPLICABLE) return;
      showValue({ businessId, businessName: companyName(businessId), task, state: cell.state, value: cell.value });
    },
    [shownBoard, companyName, showValue],
  );
  const showHistory = history.show;
  const onHistory = useCallback(
    (businessId: number, task: Task) => showHistory({ businessId, businessName: companyName(businessId), task }),
    [companyName, showHistory],
  );

  const noTasks = data !== undefined && tasks.length === 0;

  return (
    <BoardScreen
      {...NAMES}
      cards={<TaskSummaryCards tasks={tasks} summary={summary} />}
      filters={screen.filters}
      toolbar={screen.toolbar}
      actions={
        <ExportButton
          iconOnly
          pending={exporter.isPending}
          disabled={shownRows.length === 0 || tasks.length === 0}
          onExport={() =>
            exporter.mutateAsync({
              period,
              businessIds: shownRows.map((row) => row.id),
              taskIds: tasks.map((task) => task.id),
            })
          }
        />
      }
      query={board}
      modals={
        <>
          <TaskValueModal
            {...value.modal}
            onSave={(state, text) => {
              const target = value.target;
              if (target) save({ businessId: target.businessId, taskId: target.task.id, state, value: text });
              value.close();
            }}
          />
          <TaskHistoryModal period={period} {...history.modal} />
        </>
      }
    >
      {noTasks ? (
        <Text c="dimmed">{tasksMsg.noTasksInBoard}</Text>
      ) : (
        <TaskBoardTable
          {...screen.table}
          tasks={tasks}
          ownerOf={ownerOf}
          editable={editable}
          dueDates={dueDates}
          overdue={overdue}
          dueSoon={dueSoon}
          onChoose={onChoose}
          onValue={onValue}
          onHistory={onHistory}
        />
      )}
    </BoardScreen>
  );
}
