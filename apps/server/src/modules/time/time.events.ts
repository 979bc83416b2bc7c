import type { Permission } from '@app/shared/permissions';
import { TIMER_EVENT } from '@app/shared/schemas/time';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';

/** Whoever tracks time may have a timer; its changes go to its own user's sockets only. */
export const TIME_ROOM: Permission = 'time:track';

/** A timer started or stopped: the user's other browsers show it at once. */
export function sendTimerChanges(events: Pick<EventBus, 'on'>, live: LiveRooms) {
  events.on('time.timer-changed', ({ userId, timer }) => {
    live.sendToUser(userId, TIMER_EVENT, { timer });
  });
}
