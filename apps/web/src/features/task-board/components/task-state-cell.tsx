import { boardMsg } from '@app/shared/messages-board';
import { taskBoardMsg } from '@app/shared/messages-task-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { TASK_NOT_APPLICABLE, TASK_STATES, type Task, type TaskCell, type TaskState } from '@app/shared/schemas/tasks';
import { ColorSwatch, Menu } from '@mantine/core';
import { IconAlarm, IconCheck, IconHistory, IconPencil } from '@tabler/icons-react';
import { memo } from 'react';
import { CellBadge, CellBadgeButton, useRefocusOnToggle } from '../../../components/board/cell-badge';
import { lastChangeText } from '../../../lib/date-time';
import { TASK_STATE_COLORS, taskCellKey, taskCellLabel } from '../utils/task-board-rows';
import classes from './task-board.module.css';

/** A cell's board-level actions; stable, so that a row's cells only render again when the row changes. */
export interface TaskCellActions {
  /** Opens (or, with null, closes) a cell's menu of states. */
  onMenu: (cellKey: string | null) => void;
  onChoose: (businessId: number, task: Task, state: TaskState) => void;
  /** Opens 'Valor': a state with a free value. */
  onValue: (businessId: number, task: Task) => void;
  onHistory: (businessId: number, task: Task) => void;
}

export interface TaskStateCellProps extends TaskCellActions {
  cell: TaskCell;
  task: Task;
  businessId: number;
  businessName: string;
  /** This user may change this task's cells (`can(user, 'task-state:change', ...)`). */
  editable: boolean;
  overdue: boolean;
  saving: boolean;
  /** Its menu is open: only then is a Mantine Menu mounted (a board shows hundreds of cells). */
  active: boolean;
}

const OverdueMark = () => <IconAlarm size={14} className={classes.overdueIcon} aria-hidden />;

/**
 * A task cell (spec 2 §3, §4): a badge coloured by its state showing its value when it has one.
 * 'N/A' is a grey badge nobody can change; a user who may not change the task sees a badge that
 * is not a button; otherwise the badge opens the three states, 'Valor' and the cell's history.
 * Overdue cells carry a red outline and an alarm icon, and say 'Vencida'.
 */
export const TaskStateCell = memo(function TaskStateCell({
  cell,
  task,
  businessId,
  businessName,
  editable,
  overdue,
  saving,
  active,
  onMenu,
  onChoose,
  onValue,
  onHistory,
}: TaskStateCellProps) {
  const buttonRef = useRefocusOnToggle(active);

  if (cell.state === TASK_NOT_APPLICABLE) {
    return <CellBadge label={TASK_NOT_APPLICABLE} color={undefined} badgeClassName={classes.notApplicable} />;
  }

  const label = taskCellLabel(cell);
  const hasValue = label !== cell.state;
  const tooltip = [
    editable ? null : tasksMsg.readOnly,
    overdue ? tasksMsg.overdue : null,
    hasValue ? cell.state : null,
    cell.lastChange ? lastChangeText(cell.lastChange) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const look = {
    label,
    color: TASK_STATE_COLORS[cell.state],
    badgeClassName: overdue ? classes.overdue : undefined,
    after: overdue ? <OverdueMark /> : undefined,
  };

  if (!editable) {
    const hidden = `${hasValue ? ` (${cell.state})` : ''}${overdue ? `, ${tasksMsg.overdue}` : ''}`;
    return <CellBadge {...look} tooltip={tooltip} hiddenText={hidden || undefined} />;
  }

  const key = taskCellKey(businessId, task.id);
  const button = (
    <CellBadgeButton
      ref={buttonRef}
      {...look}
      saving={saving}
      tooltip={tooltip}
      aria-label={`${taskBoardMsg.cell(task.name, businessName)}: ${cell.state}${hasValue ? `, ${label}` : ''}${
        overdue ? `, ${tasksMsg.overdue}` : ''
      }${saving ? ` (${boardMsg.saving})` : ''}`}
      aria-expanded={active}
      onClick={active ? undefined : () => onMenu(key)}
    />
  );
  if (!active) return button;

  return (
    <Menu opened onChange={(opened) => !opened && onMenu(null)} position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{task.name}</Menu.Label>
        {TASK_STATES.map((state) => (
          <Menu.Item
            key={state}
            leftSection={
              <ColorSwatch color={TASK_STATE_COLORS[state] ?? ''} size={12} withShadow={false} aria-hidden />
            }
            rightSection={state === cell.state ? <IconCheck size={14} aria-label={boardMsg.current} /> : null}
            onClick={() => onChoose(businessId, task, state)}
          >
            {state}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onValue(businessId, task)}>
          {tasksMsg.valueTitle}
        </Menu.Item>
        <Menu.Item leftSection={<IconHistory size={14} aria-hidden />} onClick={() => onHistory(businessId, task)}>
          {boardMsg.history}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});
