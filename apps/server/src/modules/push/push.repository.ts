import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PushSubscriptionRow, pushSubscriptions } from './push.tables.ts';

export type { PushSubscriptionRow };

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const pushRepository = {
  listForUser(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
    return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  },

  /** Stores a browser's subscription for the user; the same browser signing in as another user moves to them. */
  async save(db: DbOrTx, userId: number, subscription: StoredSubscription): Promise<void> {
    await db
      .insert(pushSubscriptions)
      .values({ userId, ...subscription })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: new Date() },
      });
  },

  async removeForUser(db: DbOrTx, userId: number): Promise<number> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .returning({ id: pushSubscriptions.id });
    return rows.length;
  },

  async remove(db: DbOrTx, id: number): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  },
};
