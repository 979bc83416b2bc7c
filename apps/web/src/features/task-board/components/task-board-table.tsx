import { tasksMsg } from '@app/shared/messages-tasks';
import { shortName } from '@app/shared/schemas/monthly-states';
import type { Task, TaskBoardRow, TaskCell } from '@app/shared/schemas/tasks';
import { Table } from '@mantine/core';
import { memo, useMemo } from 'react';
import { type BoardColumns, BusinessBoardTable } from '../../../components/board/business-board-table';
import { taskCellAt } from '../utils/task-board-rows';
import classes from './task-board.module.css';
import { type TaskCellShared, TaskStateCell } from './task-state-cell';

/**
 * A task column's least width (px): with the menu open, a 1280 px window fits the name, the RUT
 * and five tasks without scrolling sideways; a wider window shares the rest out, a
 * narrower one scrolls the table inside its region.
 */
const TASK_WIDTH = 130;

const businessOf = (row: TaskBoardRow) => row;

interface TaskBoardTableProps extends TaskCellShared {
  rows: TaskBoardRow[];
  tasks: Task[];
  /** The name of a row's company owner, shown under its name. */
  ownerOf: (row: TaskBoardRow) => string | null;
  /** cellKey(businessId, taskId) of the cells being saved. */
  saving: ReadonlySet<string>;
  /** cellKey(businessId, taskId) of the cell whose menu is open. */
  activeCell: string | null;
  /** Opens (or, with null, closes) a cell's menu of states. */
  onMenu: (cellKey: string | null) => void;
  loading: boolean;
  emptyText: string;
}

/** The header cells after 'Nombre' and 'Rut': each task's name over its responsible ('Javier P.'). */
const TaskHead = memo(function TaskHead({ tasks }: { tasks: Task[] }) {
  return (
    <>
      {tasks.map((task) => {
        const responsible = shortName(task.responsableCollaborator.name, task.responsableCollaborator.lastName);
        return (
          <Table.Th key={task.id} title={`${task.name} · ${tasksMsg.responsible}: ${responsible}`}>
            <span className={classes.taskHead}>
              <span>{task.name}</span>
              <span className={classes.responsible}>{responsible}</span>
            </span>
          </Table.Th>
        );
      })}
    </>
  );
});

/**
 * The month's table of companies by task, in the board kit's
 * table: on a narrow window the company column stays put while the tasks scroll sideways.
 */
export function TaskBoardTable({
  tasks,
  editable,
  dueDates,
  overdue,
  dueSoon,
  onChoose,
  onValue,
  onHistory,
  ...table
}: TaskBoardTableProps) {
  const shared = useMemo(
    () => ({ editable, dueDates, overdue, dueSoon, onChoose, onValue, onHistory }),
    [editable, dueDates, overdue, dueSoon, onChoose, onValue, onHistory],
  );
  const columns = useMemo<BoardColumns<TaskBoardRow, Task, TaskCell, TaskCellShared>>(
    () => ({ list: tasks, cellAt: taskCellAt, Cell: TaskStateCell, shared }),
    [tasks, shared],
  );

  return (
    <BusinessBoardTable
      label={tasksMsg.tableRegion}
      businessOf={businessOf}
      columnWidths={tasks.map(() => TASK_WIDTH)}
      head={<TaskHead tasks={tasks} />}
      columns={columns}
      {...table}
    />
  );
}
