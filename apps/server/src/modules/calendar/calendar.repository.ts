import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { googleAccounts, googleCalendars } from './calendar.tables.ts';

export type GoogleAccountRow = typeof googleAccounts.$inferSelect;
export type GoogleCalendarRow = typeof googleCalendars.$inferSelect;

export const calendarRepository = {
  async findAccountOfUser(db: DbOrTx, userId: number): Promise<GoogleAccountRow | undefined> {
    const [row] = await db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId));
    return row;
  },

  /** Links (or links again) the user's account: new tokens, no longer revoked. */
  async upsertAccount(
    db: DbOrTx,
    values: Pick<
      GoogleAccountRow,
      'userId' | 'email' | 'refreshTokenEncrypted' | 'accessTokenEncrypted' | 'accessTokenExpiresAt'
    >,
  ): Promise<GoogleAccountRow> {
    const [row] = await db
      .insert(googleAccounts)
      .values({ ...values, revokedAt: null, linkedAt: new Date() })
      .onConflictDoUpdate({
        target: googleAccounts.userId,
        set: { ...values, revokedAt: null, linkedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  },

  /**
   * Updates the account only while it still holds the refresh token the caller used: Google's
   * answer to an old token (refreshed or refused) must not overwrite a link made meanwhile.
   */
  async updateAccountOfToken(
    db: DbOrTx,
    id: number,
    refreshTokenEncrypted: string,
    values: Partial<GoogleAccountRow>,
  ): Promise<void> {
    await db
      .update(googleAccounts)
      .set(values)
      .where(and(eq(googleAccounts.id, id), eq(googleAccounts.refreshTokenEncrypted, refreshTokenEncrypted)));
  },

  listCalendars(db: DbOrTx, accountId: number): Promise<GoogleCalendarRow[]> {
    return db
      .select()
      .from(googleCalendars)
      .where(eq(googleCalendars.accountId, accountId))
      .orderBy(asc(googleCalendars.name), asc(googleCalendars.id));
  },

  /** Adds the account's calendars not yet known (active when `active`); known ones keep their choice but take the new name. */
  async mergeCalendars(
    db: DbOrTx,
    accountId: number,
    calendars: { googleId: string; name: string; active: boolean }[],
  ): Promise<void> {
    for (const calendar of calendars) {
      await db
        .insert(googleCalendars)
        .values({ accountId, googleId: calendar.googleId, name: calendar.name, isActive: calendar.active })
        .onConflictDoUpdate({
          target: [googleCalendars.accountId, googleCalendars.googleId],
          set: { name: calendar.name },
        });
    }
  },

  async setActive(
    db: DbOrTx,
    accountId: number,
    id: number,
    isActive: boolean,
  ): Promise<GoogleCalendarRow | undefined> {
    const [row] = await db
      .update(googleCalendars)
      .set({ isActive })
      .where(and(eq(googleCalendars.accountId, accountId), eq(googleCalendars.id, id)))
      .returning();
    return row;
  },

  /** Every active calendar of every linked account (revoked or not), with its account. */
  listActiveCalendars(db: DbOrTx) {
    return db
      .select({ calendar: googleCalendars, account: googleAccounts })
      .from(googleCalendars)
      .innerJoin(googleAccounts, eq(googleAccounts.id, googleCalendars.accountId))
      .where(eq(googleCalendars.isActive, true))
      .orderBy(asc(googleCalendars.id));
  },
};
