import type { Role } from '@app/shared/roles';
import type { MonthlyStateBulkEvent } from '@app/shared/schemas/board-bulk';
import type { Message } from '@app/shared/schemas/messages';
import type { BoardCellChange } from '@app/shared/schemas/monthly-states';
import type { RequestsEvent } from '@app/shared/schemas/requests';
import type { TaskCellChange } from '@app/shared/schemas/tasks';
import type { TimeEntry } from '@app/shared/schemas/time';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What the feature services announce once their transaction has committed. Realtime, file
 * clean-up and logs subscribe here, so no module reaches into another's tables to react.
 */
export interface AppEvents {
  /** A monthly board cell changed: the cell as the board shows it, and the company's progress. */
  'monthly-state.changed': BoardCellChange;
  /**
   * A bulk change of the monthly board committed: every cell it wrote, as the single
   * change carries each; never emitted when nothing was written. One socket message for all.
   */
  'monthly-states.bulk-changed': MonthlyStateBulkEvent & { year: number; month: number };
  /** A task board cell changed: only that cell. */
  'task-state.changed': TaskCellChange;
  /**
   * A document request of a company's period changed: created, deleted or reviewed, or
   * a client sent or removed a file against one of its items. Staff sockets hear it live.
   */
  'requests.changed': RequestsEvent;
  /** A user's timer started or stopped: their other browsers show it (that user's sockets only). */
  'time.timer-changed': { userId: number; timer: TimeEntry | null };
  /**
   * A company's thread changed: a new message (`created`), one edited or deleted (`changed`); staff
   * and the company's client users hear it live.
   */
  'messages.changed': { kind: 'created' | 'changed'; item: Message };
  /** A user read a thread up to a message: their other browsers update their unread counts. */
  'messages.read': { userId: number; businessId: number; lastReadId: number };
  /** A company was deleted, with everything that cascades from it. */
  'business.deleted': { businessId: number };
  /** A service was deleted, with its states, folders, links and monthly states. */
  'service.deleted': { serviceId: number };
  /** File rows went (and their bytes were queued for removal): the remover runs. */
  'files.removed': Record<string, never>;
  /** A user's role changed (after commit): their sockets join or leave the staff events. */
  'user.role-changed': { userId: number; role: Role };
  /** A session ended (logout, password change): its sockets are closed too. */
  'session.ended': { sessionIds: string[] } | { userId: number; exceptSessionId?: string };
}

export type AppEventName = keyof AppEvents;
type Handler<K extends AppEventName> = (payload: AppEvents[K]) => void | Promise<void>;

export interface EventBus {
  /**
   * Call after commit only; handlers run once the caller's synchronous code is done (a microtask:
   * before the request that emitted answers, so a live event leaves before the response is
   * serialised) and their failures are logged, never thrown.
   */
  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): void;
  on<K extends AppEventName>(name: K, handler: Handler<K>): () => void;
}

export function createEventBus(log: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const handlers = new Map<AppEventName, Set<Handler<AppEventName>>>();
  return {
    emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        queueMicrotask(async () => {
          try {
            await handler(payload);
          } catch (error) {
            log.error(
              { event: name, error: error instanceof Error ? error.message : String(error) },
              'event handler failed',
            );
          }
        });
      }
    },
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as Handler<AppEventName>);
      handlers.set(name, set);
      return () => set.delete(handler as Handler<AppEventName>);
    },
  };
}
