import type { Permission } from '@app/shared/permissions';
import {
  MESSAGE_CHANGED_EVENT,
  MESSAGE_NEW_EVENT,
  MESSAGES_READ_EVENT,
  type MessageEvent,
  type MessagesReadEvent,
} from '@app/shared/schemas/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';

/** Staff hear every company's thread; a client only their own company's (sent to each of its users). */
export const MESSAGES_ROOM: Permission = 'messages:inbox';

export interface MessagesLiveDeps {
  events: Pick<EventBus, 'on'>;
  /** The users module: the ids of the company's client users. */
  listClientUserIds(businessId: number): Promise<number[]>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** A new, edited or deleted message reaches staff and the company's client users at once; a read marker the reader's other browsers. */
export function sendMessageChanges(deps: MessagesLiveDeps, live: LiveRooms) {
  deps.events.on('messages.changed', ({ kind, item }) => {
    const event = kind === 'created' ? MESSAGE_NEW_EVENT : MESSAGE_CHANGED_EVENT;
    const payload: MessageEvent = { businessId: item.businessId, item };
    live.sendToPermission(MESSAGES_ROOM, event, payload);
    deps
      .listClientUserIds(item.businessId)
      .then((ids) => {
        for (const id of ids) live.sendToUser(id, event, payload);
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'message event not sent to the clients'));
  });
  deps.events.on('messages.read', ({ userId, businessId, lastReadId }) => {
    const payload: MessagesReadEvent = { businessId, lastReadId };
    live.sendToUser(userId, MESSAGES_READ_EVENT, payload);
  });
}
