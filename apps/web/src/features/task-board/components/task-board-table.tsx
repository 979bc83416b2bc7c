import { tasksMsg } from '@app/shared/messages-tasks';
import { shortName } from '@app/shared/schemas/monthly-states';
import type { Task, TaskBoardRow } from '@app/shared/schemas/tasks';
import { Table } from '@mantine/core';
import { memo, useCallback } from 'react';
import { CompanyBoardTable, type RowMarks } from '../../../components/board/company-board-table';
import { taskCellAt } from '../utils/task-board-rows';
import classes from './task-board.module.css';
import { type TaskCellActions, TaskStateCell } from './task-state-cell';

/**
 * A task column's least width (px): with the menu open, a 1280 px window fits the name, the RUT
 * and five tasks without scrolling sideways; a wider window shares the rest out, a
 * narrower one scrolls the table inside its region.
 */
const TASK_WIDTH = 130;

const companyOf = (row: TaskBoardRow) => row;

interface TaskBoardTableProps extends TaskCellActions {
  rows: TaskBoardRow[];
  tasks: Task[];
  /** The name of a row's company owner, shown under its name. */
  ownerOf: (row: TaskBoardRow) => string | null;
  /** Per task (in the tasks' order): may this user change its cells? */
  editable: readonly boolean[];
  /** Per task (in the tasks' order): its due date in the shown month (taskDueDate). */
  dueDates: readonly string[];
  /** 'taskId:state' pairs that are overdue this month (see overdueCells). */
  overdue: ReadonlySet<string>;
  /** Tasks due within a few days (see dueSoonTasks): their unfinished cells are marked softly. */
  dueSoon: ReadonlySet<number>;
  /** cellKey(businessId, taskId) of the cells being saved. */
  saving: ReadonlySet<string>;
  /** cellKey(businessId, taskId) of the cell whose menu is open. */
  activeCell: string | null;
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
  onMenu,
  onChoose,
  onValue,
  onHistory,
  ...table
}: TaskBoardTableProps) {
  const renderCells = useCallback(
    (row: TaskBoardRow, { saving, activeColumnId }: RowMarks) =>
      tasks.map((task, column) => {
        const cell = taskCellAt(row, column, task.id);
        return (
          <td key={task.id}>
            {cell && (
              <TaskStateCell
                cell={cell}
                task={task}
                businessId={row.id}
                businessName={row.name}
                editable={editable[column] ?? false}
                dueDate={dueDates[column] ?? ''}
                overdue={overdue.has(`${task.id}:${cell.state}`)}
                dueSoon={dueSoon.has(task.id)}
                saving={saving.has(task.id)}
                active={activeColumnId === task.id}
                onMenu={onMenu}
                onChoose={onChoose}
                onValue={onValue}
                onHistory={onHistory}
              />
            )}
          </td>
        );
      }),
    [tasks, editable, dueDates, overdue, dueSoon, onMenu, onChoose, onValue, onHistory],
  );

  return (
    <CompanyBoardTable
      label={tasksMsg.tableRegion}
      companyOf={companyOf}
      columnWidths={tasks.map(() => TASK_WIDTH)}
      head={<TaskHead tasks={tasks} />}
      renderCells={renderCells}
      onMenu={onMenu}
      {...table}
    />
  );
}
