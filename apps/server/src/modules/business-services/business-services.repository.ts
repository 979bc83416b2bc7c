import { and, eq, getTableColumns, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessServices } from './business-services.tables.ts';

export type BusinessServiceRow = typeof businessServices.$inferSelect;

export const businessServicesRepository = {
  /** The company's links, to any service. */
  listOfBusiness(db: DbOrTx, businessId: number): Promise<BusinessServiceRow[]> {
    return db.select().from(businessServices).where(eq(businessServices.businessId, businessId));
  },

  /** The service's links, of any company. */
  listOfService(db: DbOrTx, serviceId: number): Promise<BusinessServiceRow[]> {
    return db.select().from(businessServices).where(eq(businessServices.serviceId, serviceId));
  },

  async findLink(db: DbOrTx, businessId: number, serviceId: number): Promise<BusinessServiceRow | undefined> {
    const [row] = await db
      .select()
      .from(businessServices)
      .where(and(eq(businessServices.businessId, businessId), eq(businessServices.serviceId, serviceId)));
    return row;
  },

  /**
   * Inserts the link, or updates active and start date when the company already has it; `inserted`
   * says which, from the statement itself (a new row has no xmax; a row updated by ON CONFLICT
   * does), so of simultaneous calls for one link exactly one answers true.
   */
  async upsert(
    db: DbOrTx,
    values: { businessId: number; serviceId: number; active: boolean; startDate: string },
  ): Promise<{ row: BusinessServiceRow; inserted: boolean }> {
    const [result] = await db
      .insert(businessServices)
      .values(values)
      .onConflictDoUpdate({
        target: [businessServices.businessId, businessServices.serviceId],
        set: { active: values.active, startDate: values.startDate },
      })
      .returning({ ...getTableColumns(businessServices), inserted: sql<boolean>`(xmax = 0)` });
    if (!result) throw new Error('upsert returned no row');
    const { inserted, ...row } = result;
    return { row, inserted };
  },

  /** Inserts the links, or sets each existing one's active and start date to the values given for it. */
  async upsertMany(
    db: DbOrTx,
    values: { businessId: number; serviceId: number; active: boolean; startDate: string }[],
  ): Promise<void> {
    if (values.length === 0) return;
    await db
      .insert(businessServices)
      .values(values)
      .onConflictDoUpdate({
        target: [businessServices.businessId, businessServices.serviceId],
        set: { active: sql`excluded.active`, startDate: sql`excluded.start_date` },
      });
  },

  /** Every link of these companies: its service, start date and whether it is active. */
  listOfBusinesses(
    db: DbOrTx,
    businessIds: number[],
  ): Promise<{ businessId: number; serviceId: number; startDate: string; active: boolean }[]> {
    if (businessIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        businessId: businessServices.businessId,
        serviceId: businessServices.serviceId,
        startDate: businessServices.startDate,
        active: businessServices.active,
      })
      .from(businessServices)
      .where(inArray(businessServices.businessId, businessIds));
  },

  async update(
    db: DbOrTx,
    businessId: number,
    serviceId: number,
    values: Partial<Pick<BusinessServiceRow, 'active' | 'startDate'>>,
  ): Promise<BusinessServiceRow | undefined> {
    const [row] = await db
      .update(businessServices)
      .set(values)
      .where(and(eq(businessServices.businessId, businessId), eq(businessServices.serviceId, serviceId)))
      .returning();
    return row;
  },

  /** Links that make a service apply in a period ending on lastDay: active and started by then. */
  listApplying(db: DbOrTx, lastDay: string, businessId?: number): Promise<{ businessId: number; serviceId: number }[]> {
    return db
      .select({ businessId: businessServices.businessId, serviceId: businessServices.serviceId })
      .from(businessServices)
      .where(
        and(
          eq(businessServices.active, true),
          lte(businessServices.startDate, lastDay),
          businessId === undefined ? undefined : eq(businessServices.businessId, businessId),
        ),
      );
  },

  async setActiveForService(db: DbOrTx, serviceId: number, active: boolean): Promise<void> {
    await db.update(businessServices).set({ active }).where(eq(businessServices.serviceId, serviceId));
  },
};

/**
 * SQL that another module's aggregate embeds: a subquery of the links that apply by a period's last
 * day (`business_id`, `service_id`): active, started by then. Built here so only this module names its table.
 */
export const businessServicesSql = {
  applyingBy(lastDay: string): SQL {
    return sql`(select ${businessServices.businessId} as business_id, ${businessServices.serviceId} as service_id
  from ${businessServices}
  where ${businessServices.active} and ${businessServices.startDate} <= ${lastDay})`;
  },
  tables: [businessServices],
};
