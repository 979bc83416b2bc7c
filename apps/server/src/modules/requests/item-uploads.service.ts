import { msg } from '@app/shared/messages';
import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import type { StoredFile } from '@app/shared/schemas/documents';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { IncomingFile } from '../../lib/multipart-uploads.ts';
import type { AnsweredItems } from './answered-items.ts';
import { requestsRepository as repo } from './requests.repository.ts';

type Files = AsyncIterable<IncomingFile> | Iterable<IncomingFile>;

interface Deps {
  /** The item a file answers: locked inside the write, and announced after it. */
  answeredItems: AnsweredItems;
  /**
   * Documents module: streams the files to storage, then writes their rows into the company
   * folder of the period made from the folder template (made when missing), after `inTransaction`
   * in the same transaction; a refused upload leaves no bytes stored.
   */
  storeFiles(
    actor: AuthUser,
    target: { businessId: number; period: Period; serviceFolderId: number; requestItemId: number | null },
    files: Files,
    options: {
      maxMegabytes: number;
      by: ActivityActor;
      inTransaction?: (tx: DbOrTx) => Promise<void>;
      whenGone: () => Error;
    },
  ): Promise<StoredFile[]>;
}

/** Files sent against a document request's items, kept in the company's folders by the documents module. */
export function createItemUploadsService(db: Db, deps: Deps) {
  return {
    /**
     * Files answering a request item: staff, or a client of the item's company (policy
     * 'documents:upload'), while the item is not received. They go into the company folder of the
     * request's period made from the item's folder template (made now if missing); staff hear
     * 'requests.changed'.
     */
    async upload(
      actor: AuthUser,
      itemId: number,
      files: Files,
      { maxMegabytes }: { maxMegabytes: number },
      by: ActivityActor,
    ): Promise<StoredFile[]> {
      const found = await repo.findItem(db, itemId);
      if (!found) throw notFound(requestsMsg.itemNotFound);
      const { item, request } = found;
      if (!can(actor, 'documents:upload', { businessId: request.businessId, clientCanUpload: false, forItem: true })) {
        throw forbidden(msg.forbidden);
      }
      if (item.status === 'received') throw badRequest(requestsMsg.itemAlreadyReceived);
      const period = { year: request.year, month: request.month };
      const target = {
        businessId: request.businessId,
        period,
        serviceFolderId: item.serviceFolderId,
        requestItemId: itemId,
      };
      const stored = await deps.storeFiles(actor, target, files, {
        maxMegabytes,
        by,
        // Read again under a lock: staff may have marked it received while the files arrived.
        inTransaction: async (tx) => {
          const current = await deps.answeredItems.lock(tx, itemId);
          if (!current) throw notFound(requestsMsg.itemNotFound);
          if (current.received) throw badRequest(requestsMsg.itemAlreadyReceived);
        },
        whenGone: () => notFound(requestsMsg.itemNotFound),
      });
      deps.answeredItems.changed({ businessId: request.businessId, ...period });
      return stored;
    },
  };
}

export type ItemUploadsService = ReturnType<typeof createItemUploadsService>;
