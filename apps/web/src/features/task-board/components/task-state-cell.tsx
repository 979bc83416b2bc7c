import { boardMsg } from '@app/shared/messages-board';
import { taskBoardMsg } from '@app/shared/messages-task-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import {
  TASK_NOT_APPLICABLE,
  TASK_STATE_DONE,
  TASK_STATES,
  type Task,
  type TaskCell,
  type TaskState,
} from '@app/shared/schemas/tasks';
import { TASK_STATE_COLORS } from '@app/shared/task-board';
import { Menu } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { memo } from 'react';
import type { BoardCellProps } from '../../../components/board/business-board-table';
import { CellBadge } from '../../../components/board/cell-badge';
import { CellMenu } from '../../../components/board/cell-menu';
import { dueLook } from '../../../components/board/due-look';
import { type DueMark, dueText } from '../../../components/board/due-marks';
import { cellKey } from '../../../lib/board/cell-rules';
import { lastChangeText } from '../../../lib/dates';
import { taskCellLabel } from '../utils/task-board-rows';
import classes from './task-board.module.css';

/** A cell's board-level actions; stable, so that a row's cells only render again when the row changes. */
export interface TaskCellActions {
  onChoose: (businessId: number, task: Task, state: TaskState) => void;
  /** Opens 'Valor': a state with a free value. */
  onValue: (businessId: number, task: Task) => void;
  onHistory: (businessId: number, task: Task) => void;
}

/** What every cell of the month shares, per task in the tasks' order, and its actions. */
export interface TaskCellShared extends TaskCellActions {
  /** May this user change the task's cells (`can(user, 'task-state:change', ...)`)? */
  editable: readonly boolean[];
  /** The task's due date in this period ('YYYY-MM-DD', taskDueDate). */
  dueDates: readonly string[];
  /** 'taskId:state' pairs that are overdue this month (see overdueCells). */
  overdue: ReadonlySet<string>;
  /** Tasks due within a few days (see dueSoonTasks): their unfinished cells are marked softly. */
  dueSoon: ReadonlySet<number>;
}

/** The menu's choices: the three states in their colours. */
const OPTIONS = TASK_STATES.map((state) => ({ id: state, name: state, color: TASK_STATE_COLORS[state] }));

/**
 * A task cell: a badge coloured by its state showing its value when it has one.
 * 'N/A' is a grey badge nobody can change; a user who may not change the task sees a badge that
 * is not a button; otherwise the badge opens the three states, 'Valor' and the cell's history.
 * Overdue cells carry the board kit's late mark (an outline and an alarm icon) and say 'Atrasada,
 * venció DD-MM-YYYY' as the monthly board's do; unfinished cells of a task due within a few days
 * carry its softer mark and say 'Vence DD-MM-YYYY'.
 */
export const TaskStateCell = memo(function TaskStateCell({
  cell,
  column: task,
  index,
  businessId,
  businessName,
  saving,
  active,
  onMenu,
  shared,
}: BoardCellProps<Task, TaskCell, TaskCellShared>) {
  const { onChoose, onValue, onHistory } = shared;
  const editable = shared.editable[index] ?? false;
  const dueDate = shared.dueDates[index] ?? '';
  const overdue = shared.overdue.has(`${task.id}:${cell.state}`);
  const dueSoon = shared.dueSoon.has(task.id);
  if (cell.state === TASK_NOT_APPLICABLE) {
    return <CellBadge label={TASK_NOT_APPLICABLE} color={undefined} badgeClassName={classes.notApplicable} />;
  }

  const label = taskCellLabel(cell);
  const hasValue = label !== cell.state;
  const done = cell.state === TASK_STATE_DONE;
  const mark: DueMark = overdue ? 'overdue' : dueSoon && !done ? 'soon' : null;
  const due = mark ? dueText(dueDate, mark, done) : null;
  // The due text is in the accessible name; the description (the tooltip's text) leaves it out, so
  // that a screen reader says it once.
  const details = [hasValue ? cell.state : null, cell.lastChange ? lastChangeText(cell.lastChange) : null];
  const tooltip = [editable ? null : tasksMsg.readOnly, due, ...details].filter(Boolean).join(' · ');
  const look = { label, color: TASK_STATE_COLORS[cell.state], ...dueLook(mark) };

  if (!editable) {
    const hidden = `${hasValue ? ` (${cell.state})` : ''}${due ? `, ${due}` : ''}`;
    return <CellBadge {...look} tooltip={tooltip} hiddenText={hidden || undefined} />;
  }

  return (
    <CellMenu
      menuKey={cellKey(businessId, task.id)}
      active={active}
      onMenu={onMenu}
      {...look}
      saving={saving}
      tooltip={tooltip}
      aria-description={details.filter(Boolean).join(' · ') || undefined}
      aria-label={`${taskBoardMsg.cell(task.name, businessName)}: ${cell.state}${hasValue ? `, ${label}` : ''}${
        due ? `, ${due}` : ''
      }${saving ? ` (${boardMsg.saving})` : ''}`}
      title={task.name}
      options={OPTIONS}
      currentId={cell.state}
      onChoose={(option) => onChoose(businessId, task, option.id)}
      extraItems={
        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onValue(businessId, task)}>
          {tasksMsg.valueTitle}
        </Menu.Item>
      }
      onHistory={() => onHistory(businessId, task)}
    />
  );
});
