import { sortByName } from '@app/shared/collator';
import { STAFF_ROLES } from '@app/shared/roles';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { joinedText, textMentions } from '../../lib/subject-search.ts';
import { type NewUserRow, type UserRow, users } from './users.tables.ts';

/** A user's id and names, as the lists of other modules show who is assigned. */
export interface UserNames {
  id: number;
  name: string;
  lastName: string;
}

/** Users by full name in the Spanish order (`sortByName`: SQL cannot give it on both databases). */
const byName = (rows: readonly UserRow[]) =>
  sortByName(
    rows,
    (row) => `${row.name} ${row.lastName}`,
    (row) => row.id,
  );

export const usersRepository = {
  async findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /** Who a session signs in: the user's id, role and (a client's) company. */
  async findSessionUser(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: users.id, role: users.role, businessId: users.businessId })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row;
  },

  /** The staff by name in the Spanish order (`sortByName`, not SQL: see the collator). */
  async listStaff(db: DbOrTx): Promise<UserRow[]> {
    return byName(await db.select().from(users).where(ne(users.role, 'client')));
  },

  /** Every client user's id. */
  async listClientIds(db: DbOrTx): Promise<number[]> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'client'));
    return rows.map((row) => row.id);
  },

  /** These users' names, by id (a user deleted meanwhile is missing). */
  async listNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, UserNames>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, name: users.name, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** Staff who have not opted out of the morning digest (a client never gets one), by id. */
  listDigestRecipients(db: DbOrTx): Promise<{ id: number; email: string; name: string }[]> {
    return db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.morningDigest, true)))
      .orderBy(users.id);
  },

  async listByBusiness(db: DbOrTx, businessId: number): Promise<UserRow[]> {
    return byName(
      await db
        .select()
        .from(users)
        .where(and(eq(users.role, 'client'), eq(users.businessId, businessId), isNull(users.suppressedAt))),
    );
  },

  /** How many client users each of these companies has, by company id (none for a company without any). */
  async countClientsOf(db: DbOrTx, businessIds: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (businessIds.length === 0) return counts;
    const rows = await db
      .select({ businessId: users.businessId, count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inArray(users.businessId, businessIds), eq(users.role, 'client'), isNull(users.suppressedAt)))
      .groupBy(users.businessId);
    for (const { businessId, count } of rows) if (businessId !== null) counts.set(businessId, count);
    return counts;
  },

  /** The e-mail addresses of these companies' client users, by company id (none for a company without any). */
  async clientEmailsOf(db: DbOrTx, businessIds: readonly number[]): Promise<Map<number, string[]>> {
    const emails = new Map<number, string[]>();
    if (businessIds.length === 0) return emails;
    const rows = await db
      .select({ businessId: users.businessId, email: users.email })
      .from(users)
      .where(and(inArray(users.businessId, [...businessIds]), eq(users.role, 'client'), isNull(users.suppressedAt)))
      .orderBy(users.id);
    for (const { businessId, email } of rows) {
      if (businessId !== null) emails.set(businessId, [...(emails.get(businessId) ?? []), email]);
    }
    return emails;
  },

  /**
   * 'Buscar titular': the accounts with one of these e-mails, or whose full name holds every word of
   * one of these names (accents and case aside).
   */
  findSubjectAccounts(db: DbOrTx, match: { emails: string[]; names: string[] }): Promise<UserRow[]> {
    const byName = textMentions(joinedText(users.name, users.lastName), {
      ...match,
      emails: [],
      ruts: [],
      userIds: [],
    });
    const byEmail =
      match.emails.length === 0
        ? sql`false`
        : sql`lower(${users.email}) = any(cast(${sql.param(match.emails)} as text[]))`;
    return db.select().from(users).where(or(byEmail, byName)).orderBy(asc(users.id));
  },

  /**
   * A client account whose holder's data is suppressed: disabled (no password can match the stored
   * value, its e-mail is the pseudonym's on a domain that receives nothing), named by the pseudonym.
   * Answers whether a client's row was changed.
   */
  async suppressClient(db: DbOrTx, id: number, pseudonym: { name: string; email: string }): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({
        name: pseudonym.name,
        lastName: '',
        email: pseudonym.email,
        passwordHash: 'suprimido',
        morningDigest: false,
        allowCalendarView: false,
        suppressedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, id), eq(users.role, 'client'), isNull(users.suppressedAt)))
      .returning({ id: users.id });
    return rows.length === 1;
  },

  async countOwners(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ value: count() }).from(users).where(eq(users.role, 'owner'));
    return row?.value ?? 0;
  },

  /**
   * The ids of the owners, each row locked until the transaction ends (`FOR UPDATE`): a second
   * caller waits here, then sees the first one's change (a row deleted or no longer an owner drops
   * out of its answer). Call it inside a transaction.
   */
  async lockOwnerIds(tx: DbOrTx): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'owner'))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((row) => row.id);
  },

  /**
   * The user's role, with the row locked until the transaction ends: `share` for a write that
   * relies on the role (another may read it too, nobody may change it), `update` for a change of it.
   */
  async lockRole(tx: DbOrTx, id: number, mode: 'share' | 'update'): Promise<string | undefined> {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for(mode);
    return row?.role;
  },

  async insert(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** Answers whether a row was deleted. */
  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  },
};
