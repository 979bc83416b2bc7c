import { sortByName } from '@app/shared/collator';
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { joinedText, type SubjectMatch, textMentions } from '../../lib/subject-search.ts';
import { businesses } from './businesses.tables.ts';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;

const byName = (rows: readonly BusinessRow[]) =>
  sortByName(
    rows,
    (row) => row.name,
    (row) => row.id,
  );

export const businessesRepository = {
  /** Every company, by name in the Spanish order (`sortByName`: SQL cannot give it on both databases). */
  async list(db: DbOrTx): Promise<BusinessRow[]> {
    return byName(await db.select().from(businesses));
  },

  /** Companies whose contract overlaps [firstDay, lastDay]: the companies active in that period. */
  async listWithContractBetween(db: DbOrTx, firstDay: string, lastDay: string): Promise<BusinessRow[]> {
    const rows = await db
      .select()
      .from(businesses)
      .where(
        and(
          lte(businesses.startContract, lastDay),
          or(isNull(businesses.endContract), gte(businesses.endContract, firstDay)),
        ),
      );
    return byName(rows);
  },

  async findById(db: DbOrTx, id: number): Promise<BusinessRow | undefined> {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    return row;
  },

  async findByRut(db: DbOrTx, rut: string): Promise<BusinessRow | undefined> {
    const [row] = await db.select().from(businesses).where(eq(businesses.rut, rut));
    return row;
  },

  /** The companies among `ids`, in no particular order (the caller orders them). */
  findByIds(db: DbOrTx, ids: number[]): Promise<BusinessRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select().from(businesses).where(inArray(businesses.id, ids));
  },

  async listIds(db: DbOrTx): Promise<number[]> {
    const rows = await db.select({ id: businesses.id }).from(businesses);
    return rows.map((row) => row.id);
  },

  async existingIds(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: businesses.id }).from(businesses).where(inArray(businesses.id, ids));
    return rows.map((row) => row.id);
  },

  /**
   * 'Buscar titular': the companies whose contacts or legal representative name the person, or
   * whose own RUT is theirs (a person's business under their own RUT), by id.
   */
  aboutSubject(db: DbOrTx, match: SubjectMatch): Promise<BusinessRow[]> {
    const ownRut = match.ruts.length === 0 ? sql`false` : inArray(businesses.rut, match.ruts);
    return db
      .select()
      .from(businesses)
      .where(or(ownRut, textMentions(joinedText(businesses.contact, businesses.legalRepresentative), match)))
      .orderBy(businesses.id);
  },

  /** The companies with these RUTs, in no particular order. */
  findByRuts(db: DbOrTx, ruts: string[]): Promise<BusinessRow[]> {
    if (ruts.length === 0) return Promise.resolve([]);
    return db.select().from(businesses).where(inArray(businesses.rut, ruts));
  },

  /** The companies among `ids`, each row locked until the transaction ends (`FOR UPDATE`). */
  lockByIds(db: DbOrTx, ids: number[]): Promise<BusinessRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    // In id order, so two writers locking overlapping companies take them in the same order (no deadlock).
    return db.select().from(businesses).where(inArray(businesses.id, ids)).orderBy(businesses.id).for('update');
  },

  /** Inserts the companies in one statement, answering each one's id and RUT. */
  insertMany(db: DbOrTx, rows: NewBusinessRow[]): Promise<{ id: number; rut: string }[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return db.insert(businesses).values(rows).returning({ id: businesses.id, rut: businesses.rut });
  },

  /** Updates the company with this id while it still has this RUT (none otherwise). */
  async updateWithRut(
    db: DbOrTx,
    id: number,
    rut: string,
    values: Partial<NewBusinessRow>,
  ): Promise<BusinessRow | undefined> {
    const [row] = await db
      .update(businesses)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(businesses.id, id), eq(businesses.rut, rut)))
      .returning();
    return row;
  },

  async insert(db: DbOrTx, values: NewBusinessRow): Promise<BusinessRow> {
    const [row] = await db.insert(businesses).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewBusinessRow>): Promise<BusinessRow | undefined> {
    const [row] = await db
      .update(businesses)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(businesses.id, id))
      .returning();
    return row;
  },

  /** Deletes the company; the foreign keys cascade to client users, links, credentials and group memberships. */
  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(businesses).where(eq(businesses.id, id)).returning({ id: businesses.id });
    return rows.length > 0;
  },
};

/**
 * SQL that another module's aggregate embeds (the tax calendar's counts per service): built here, so
 * that only this module names its table. A subquery of the companies active in the period
 * (`id`, `electronic_filing`), optionally of one owner ('Encargado') or of none.
 */
export const businessesSql = {
  activeIn(firstDay: string, lastDay: string, responsible?: number | 'none'): SQL {
    const owner =
      responsible === undefined
        ? sql``
        : responsible === 'none'
          ? sql` and ${businesses.responsibleUserId} is null`
          : sql` and ${businesses.responsibleUserId} = ${responsible}`;
    // Before its 'Seguimiento desde' month ('YYYY-MM') a company's cells are 'N/A': not counted.
    return sql`(select ${businesses.id} as id, ${businesses.electronicFiling} as electronic_filing,
    ${businesses.responsibleUserId} as responsible_user_id from ${businesses}
  where ${businesses.startContract} <= ${lastDay}
    and (${businesses.endContract} is null or ${businesses.endContract} >= ${firstDay})
    and (${businesses.trackingSince} is null or ${businesses.trackingSince} <= ${firstDay.slice(0, 7)})${owner})`;
  },
  /** Every company (`id`, `responsible_user_id`), of one owner ('Encargado') or of none when asked. */
  ownedBy(responsible?: number | 'none'): SQL {
    const owner =
      responsible === undefined
        ? sql``
        : responsible === 'none'
          ? sql` where ${businesses.responsibleUserId} is null`
          : sql` where ${businesses.responsibleUserId} = ${responsible}`;
    return sql`(select ${businesses.id} as id, ${businesses.responsibleUserId} as responsible_user_id from ${businesses}${owner})`;
  },
  tables: [businesses],
};
