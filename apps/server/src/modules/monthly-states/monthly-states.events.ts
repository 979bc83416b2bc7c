import type { Permission } from '@app/shared/permissions';
import { boardBulkEventName } from '@app/shared/schemas/board-bulk';
import { boardEventName } from '@app/shared/schemas/monthly-states';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';

/** Whoever may read the monthly board receives its cell changes live. */
export const MONTHLY_BOARD_ROOM: Permission = 'monthly-states:read';

/**
 * A committed cell change goes to the board's room as the period's event, with the cell as the board
 * shows it; a committed bulk change as one message of the period's bulk event with every cell written.
 */
export function sendMonthlyStateChanges(events: Pick<EventBus, 'on'>, live: LiveRooms) {
  events.on('monthly-state.changed', (change) => {
    live.sendToPermission(MONTHLY_BOARD_ROOM, boardEventName(change), change);
  });
  events.on('monthly-states.bulk-changed', ({ year, month, changes }) => {
    live.sendToPermission(MONTHLY_BOARD_ROOM, boardBulkEventName({ year, month }), { changes });
  });
}
