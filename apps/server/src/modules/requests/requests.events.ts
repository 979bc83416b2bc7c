import type { Permission } from '@app/shared/permissions';
import { REQUESTS_EVENT } from '@app/shared/schemas/requests';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';

/** Whoever manages document requests hears their changes live (the badges, /solicitudes). */
export const REQUESTS_ROOM: Permission = 'requests:manage';

/** A committed change of a company's requests (or several companies', businessId 0) goes to the room as REQUESTS_EVENT. */
export function sendRequestChanges(events: Pick<EventBus, 'on'>, live: LiveRooms) {
  events.on('requests.changed', (change) => {
    live.sendToPermission(REQUESTS_ROOM, REQUESTS_EVENT, change);
  });
}
