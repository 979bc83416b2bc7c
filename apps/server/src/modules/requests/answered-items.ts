import type { DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import { requestsRepository } from './requests.repository.ts';

/** A request item as the files answering it see it: received or not, and its request's company and period. */
export interface AnsweredItem {
  received: boolean;
  businessId: number;
  year: number;
  month: number;
}

/**
 * The request item a file answers, as the documents module asks about it when such a file goes
 * and as this module's own uploads check it. Needs no other module, so it is built before the
 * documents module (which the requests module stores its items' files through).
 */
export function createAnsweredItems(events: Pick<EventBus, 'emit'>) {
  return {
    /**
     * The item, its row locked until the caller's transaction ends (staff cannot mark it received
     * while its files are added or removed); undefined when it is gone.
     */
    async lock(tx: DbOrTx, itemId: number): Promise<AnsweredItem | undefined> {
      const found = await requestsRepository.findItem(tx, itemId, { lock: true });
      if (!found) return undefined;
      const { item, request } = found;
      return {
        received: item.status === 'received',
        businessId: request.businessId,
        year: request.year,
        month: request.month,
      };
    },

    /** After commit: the item's files changed, so staff hear that the company's requests of that period did. */
    changed(item: Pick<AnsweredItem, 'businessId' | 'year' | 'month'>): void {
      events.emit('requests.changed', { businessId: item.businessId, year: item.year, month: item.month });
    },
  };
}

export type AnsweredItems = ReturnType<typeof createAnsweredItems>;
