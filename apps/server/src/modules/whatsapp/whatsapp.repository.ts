import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappChannel, whatsappContacts, whatsappOutbox } from './whatsapp.tables.ts';

export type ContactRow = typeof whatsappContacts.$inferSelect;
export type OutboxRow = typeof whatsappOutbox.$inferSelect;
export type NewOutboxRow = typeof whatsappOutbox.$inferInsert;
export type ChannelRow = typeof whatsappChannel.$inferSelect;

/** The rows the sender may take: queued, or due for another try. */
const WAITING = ['pending', 'retrying'] as const;

export const whatsappRepository = {
  async contact(db: DbOrTx, businessId: number): Promise<ContactRow | undefined> {
    const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.businessId, businessId));
    return row;
  },

  /** The company's row locked until the transaction ends (two saves at once: one after the other). */
  async lockContact(tx: DbOrTx, businessId: number): Promise<ContactRow | undefined> {
    const [row] = await tx
      .select()
      .from(whatsappContacts)
      .where(eq(whatsappContacts.businessId, businessId))
      .for('update');
    return row;
  },

  async saveContact(tx: DbOrTx, row: typeof whatsappContacts.$inferInsert): Promise<ContactRow> {
    const { businessId: _, ...changes } = row;
    const [saved] = await tx
      .insert(whatsappContacts)
      .values(row)
      .onConflictDoUpdate({ target: whatsappContacts.businessId, set: changes })
      .returning();
    if (!saved) throw new Error('whatsapp contact not saved');
    return saved;
  },

  /** Queues a notice; false when its key (kind, subject, number) was queued before. */
  async enqueue(db: DbOrTx, row: NewOutboxRow): Promise<boolean> {
    const inserted = await db
      .insert(whatsappOutbox)
      .values(row)
      .onConflictDoNothing({ target: [whatsappOutbox.kind, whatsappOutbox.subjectId, whatsappOutbox.number] })
      .returning({ id: whatsappOutbox.id });
    return inserted.length > 0;
  },

  /**
   * Claims the next due row for this caller: one statement moves it to 'sending' and answers it.
   * Rows another sender holds are skipped (SKIP LOCKED), and the status is checked again on the row
   * itself, so two instances never both claim one; undefined when nothing is due.
   */
  async claimNext(db: DbOrTx, now: Date): Promise<OutboxRow | undefined> {
    const [row] = await db
      .update(whatsappOutbox)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${whatsappOutbox.attempts} + 1` })
      .where(
        and(
          inArray(whatsappOutbox.status, [...WAITING]),
          sql`${whatsappOutbox.id} = (
            select o.id from ${whatsappOutbox} o
            where o.status in ('pending', 'retrying') and o.next_attempt_at <= ${now.toISOString()}::timestamptz
            order by o.next_attempt_at, o.id
            limit 1
            for update skip locked
          )`,
        ),
      )
      .returning();
    return row;
  },

  /** What became of a claimed row; only while this claim still holds it ('sending'). */
  async finish(db: DbOrTx, id: number, changes: Partial<NewOutboxRow>): Promise<void> {
    await db
      .update(whatsappOutbox)
      .set(changes)
      .where(and(eq(whatsappOutbox.id, id), eq(whatsappOutbox.status, 'sending')));
  },

  /** Queued rows still unsent since before `before` fail with `reason` (a notice days late helps nobody). */
  async expireWaiting(db: DbOrTx, before: Date, reason: string): Promise<number> {
    const expired = await db
      .update(whatsappOutbox)
      .set({ status: 'failed', reason })
      .where(and(inArray(whatsappOutbox.status, [...WAITING]), lt(whatsappOutbox.queuedAt, before)))
      .returning({ id: whatsappOutbox.id });
    return expired.length;
  },

  /** Rows claimed before `before` and never finished (the instance stopped mid-send) fail with `reason`. */
  async failInterrupted(db: DbOrTx, before: Date, reason: string): Promise<number> {
    const failed = await db
      .update(whatsappOutbox)
      .set({ status: 'failed', reason })
      .where(and(eq(whatsappOutbox.status, 'sending'), lt(whatsappOutbox.claimedAt, before)))
      .returning({ id: whatsappOutbox.id });
    return failed.length;
  },

  /** The company's queued rows: withdrawn with `reason` when its consent ends. */
  async withdrawWaiting(tx: DbOrTx, businessId: number, reason: string): Promise<void> {
    await tx
      .update(whatsappOutbox)
      .set({ status: 'failed', reason })
      .where(and(eq(whatsappOutbox.businessId, businessId), inArray(whatsappOutbox.status, [...WAITING])));
  },

  /** The company's queued rows go to its new number. */
  async readdressWaiting(tx: DbOrTx, businessId: number, phone: string): Promise<void> {
    await tx
      .update(whatsappOutbox)
      .set({ phone })
      .where(and(eq(whatsappOutbox.businessId, businessId), inArray(whatsappOutbox.status, [...WAITING])));
  },

  async newest(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
    return db
      .select()
      .from(whatsappOutbox)
      .orderBy(desc(whatsappOutbox.createdAt), desc(whatsappOutbox.id))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
    const [row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.id, id));
    return row;
  },

  /** A failed row queued again, to `phone`, due at `now`; undefined unless it was failed. */
  async requeueFailed(db: DbOrTx, id: number, phone: string, now: Date): Promise<OutboxRow | undefined> {
    const [row] = await db
      .update(whatsappOutbox)
      .set({
        status: 'pending',
        phone,
        attempts: 0,
        queuedAt: now,
        nextAttemptAt: now,
        reason: null,
        errorCode: null,
        claimedAt: null,
      })
      .where(and(eq(whatsappOutbox.id, id), eq(whatsappOutbox.status, 'failed')))
      .returning();
    return row;
  },

  async channel(db: DbOrTx): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(whatsappChannel).where(eq(whatsappChannel.id, 1));
    return row;
  },

  /** WhatsApp refused the token with this fingerprint: the sender waits until another is configured. */
  async setRefused(db: DbOrTx, fingerprint: string, reason: string, at: Date): Promise<void> {
    const values = { refusedFingerprint: fingerprint, refusedReason: reason, refusedAt: at };
    await db
      .insert(whatsappChannel)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: whatsappChannel.id, set: values });
  },

  async clearRefused(db: DbOrTx): Promise<void> {
    await db
      .update(whatsappChannel)
      .set({ refusedFingerprint: null, refusedReason: null, refusedAt: null })
      .where(eq(whatsappChannel.id, 1));
  },
};
