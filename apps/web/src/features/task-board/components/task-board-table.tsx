import { boardMsg } from '@app/shared/messages-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { shortName } from '@app/shared/schemas/monthly-states';
import type { Task, TaskBoardRow } from '@app/shared/schemas/tasks';
import { Table } from '@mantine/core';
import { memo, useCallback } from 'react';
import { Link } from 'react-router';
import { VirtualBoardTable } from '../../../components/board/virtual-board-table';
import tableClasses from '../../../components/board/virtual-board-table.module.css';
import { taskCellAt } from '../utils/task-board-rows';
import classes from './task-board.module.css';
import { type TaskCellActions, TaskStateCell } from './task-state-cell';

/**
 * The columns' least widths (px): with the menu open, a 1280 px window fits the name, the RUT and
 * five tasks without scrolling sideways (issue 17 §6); a wider window shares the rest out, a
 * narrower one scrolls the table inside its region.
 */
const WIDTH = { name: 170, rut: 110, task: 130 };

interface TaskBoardTableProps extends TaskCellActions {
  rows: TaskBoardRow[];
  tasks: Task[];
  /** Per task (in the tasks' order): may this user change its cells? */
  editable: readonly boolean[];
  /** 'taskId:state' pairs that are overdue this month (see overdueCells). */
  overdue: ReadonlySet<string>;
  /** 'businessId:taskId' of the cells being saved. */
  saving: ReadonlySet<string>;
  /** 'businessId:taskId' of the cell whose menu is open. */
  activeCell: string | null;
  loading: boolean;
  emptyText: string;
}

interface TaskRowViewProps extends TaskCellActions {
  row: TaskBoardRow;
  index: number;
  tasks: Task[];
  editable: readonly boolean[];
  overdue: ReadonlySet<string>;
  /** Task ids of this row's cells being saved, joined (a string keeps the memo cheap). */
  savingIds: string;
  /** The task whose cell has its menu open in this row. */
  activeTaskId: number | null;
}

const TaskRowView = memo(function TaskRowView({
  row,
  index,
  tasks,
  editable,
  overdue,
  savingIds,
  activeTaskId,
  onMenu,
  onChoose,
  onValue,
  onHistory,
}: TaskRowViewProps) {
  const saving = new Set(savingIds ? savingIds.split(',').map(Number) : []);
  return (
    <tr aria-rowindex={index + 2} className={tableClasses.row}>
      <td className={tableClasses.stickyCell}>
        <Link
          to={`/empresas/${row.id}`}
          className={tableClasses.nameLink}
          data-tooltip={row.name}
          data-tooltip-truncated
        >
          {row.name}
        </Link>
      </td>
      <td>
        <span className={tableClasses.truncate}>{row.rut}</span>
      </td>
      {tasks.map((task, column) => {
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
                overdue={overdue.has(`${task.id}:${cell.state}`)}
                saving={saving.has(task.id)}
                active={activeTaskId === task.id}
                onMenu={onMenu}
                onChoose={onChoose}
                onValue={onValue}
                onHistory={onHistory}
              />
            )}
          </td>
        );
      })}
    </tr>
  );
});

/** The header cells: 'Nombre', 'Rut', then each task's name over its responsible ('Javier P.'). */
const TaskHead = memo(function TaskHead({ tasks }: { tasks: Task[] }) {
  return (
    <>
      <Table.Th className={tableClasses.stickyCell}>Nombre</Table.Th>
      <Table.Th>Rut</Table.Th>
      {tasks.map((task) => {
        const responsible = shortName(task.responsableCollaborator.name, task.responsableCollaborator.lastName);
        return (
          <Table.Th key={task.id} title={`${task.name} · ${tasksMsg.responsible}: ${responsible}`}>
            <span className={classes.taskHead}>
              <span className={classes.taskName}>{task.name}</span>
              <span className={classes.responsible}>{responsible}</span>
            </span>
          </Table.Th>
        );
      })}
    </>
  );
});

/**
 * The month's table of companies by task (spec 2 "Seguimiento de tareas"): a sticky header over a
 * scrolling body that reaches the window's bottom and renders only the rows in view; on a narrow
 * window the company column stays put while the tasks scroll sideways.
 */
export function TaskBoardTable({
  rows,
  tasks,
  editable,
  overdue,
  saving,
  activeCell,
  loading,
  emptyText,
  onMenu,
  onChoose,
  onValue,
  onHistory,
}: TaskBoardTableProps) {
  const columnWidths = [WIDTH.name, WIDTH.rut, ...tasks.map(() => WIDTH.task)];
  const [activeBusiness, activeTask] = activeCell ? activeCell.split(':').map(Number) : [];
  const savingByRow = new Map<number, number[]>();
  for (const key of saving) {
    const [businessId, taskId] = key.split(':').map(Number) as [number, number];
    savingByRow.set(businessId, [...(savingByRow.get(businessId) ?? []), taskId]);
  }
  const closeMenu = useCallback(() => onMenu(null), [onMenu]);

  return (
    <VirtualBoardTable
      label={tasksMsg.tableRegion}
      loadingLabel={boardMsg.loading}
      rows={rows}
      rowKey={(row) => row.id}
      columnWidths={columnWidths}
      head={<TaskHead tasks={tasks} />}
      activeRowKey={activeBusiness ?? null}
      onActiveRowHidden={closeMenu}
      loading={loading}
      emptyText={emptyText}
      renderRow={(row, index) => (
        <TaskRowView
          row={row}
          index={index}
          tasks={tasks}
          editable={editable}
          overdue={overdue}
          savingIds={(savingByRow.get(row.id) ?? []).join(',')}
          activeTaskId={row.id === activeBusiness ? (activeTask ?? null) : null}
          onMenu={onMenu}
          onChoose={onChoose}
          onValue={onValue}
          onHistory={onHistory}
        />
      )}
    />
  );
}
