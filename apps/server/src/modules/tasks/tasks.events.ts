import type { Permission } from '@app/shared/permissions';
import { taskBoardEventName } from '@app/shared/schemas/tasks';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';

/** Whoever may read the task board receives its cell changes live. */
export const TASK_BOARD_ROOM: Permission = 'task-states:read';

/** A committed task cell change goes to the task board's room as the period's event, with only that cell. */
export function sendTaskStateChanges(events: Pick<EventBus, 'on'>, live: LiveRooms) {
  events.on('task-state.changed', (change) => {
    live.sendToPermission(TASK_BOARD_ROOM, taskBoardEventName(change), change);
  });
}
