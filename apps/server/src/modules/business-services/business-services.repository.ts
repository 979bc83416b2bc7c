import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, businessServices } from '../../db/schema/businesses.ts';
import { services } from '../../db/schema/services.ts';

export type BusinessServiceRow = typeof businessServices.$inferSelect;

export const businessServicesRepository = {
  async find(db: DbOrTx, businessId: number, serviceId: number): Promise<BusinessServiceRow | undefined> {
    const [row] = await db
      .select()
      .from(businessServices)
      .where(and(eq(businessServices.businessId, businessId), eq(businessServices.serviceId, serviceId)));
    return row;
  },

  /** Every service with the company's link to it, if any (services by order, then name). */
  listServicesWithLinks(db: DbOrTx, businessId: number) {
    return db
      .select({ service: { id: services.id, name: services.name }, link: businessServices })
      .from(services)
      .leftJoin(
        businessServices,
        and(eq(businessServices.serviceId, services.id), eq(businessServices.businessId, businessId)),
      )
      .orderBy(asc(services.order), asc(services.name), asc(services.id));
  },

  /** Every company with its link to the service, if any (companies by name). */
  listBusinessesWithLinks(db: DbOrTx, serviceId: number) {
    return db
      .select({ business: { id: businesses.id, name: businesses.name, rut: businesses.rut }, link: businessServices })
      .from(businesses)
      .leftJoin(
        businessServices,
        and(eq(businessServices.businessId, businesses.id), eq(businessServices.serviceId, serviceId)),
      )
      .orderBy(asc(businesses.name), asc(businesses.id));
  },

  /** The companies linked to the service (active or not), by name. */
  listLinkedBusinesses(db: DbOrTx, serviceId: number) {
    return db
      .select({ business: { id: businesses.id, name: businesses.name, rut: businesses.rut }, link: businessServices })
      .from(businessServices)
      .innerJoin(businesses, eq(businesses.id, businessServices.businessId))
      .where(eq(businessServices.serviceId, serviceId))
      .orderBy(asc(businesses.name), asc(businesses.id));
  },

  async listBusinessIds(db: DbOrTx): Promise<number[]> {
    const rows = await db.select({ id: businesses.id }).from(businesses);
    return rows.map((row) => row.id);
  },

  /** Inserts the link, or updates active and start date when the company already has it. */
  async upsert(
    db: DbOrTx,
    values: { businessId: number; serviceId: number; active: boolean; startDate: string },
  ): Promise<BusinessServiceRow> {
    const [row] = await db
      .insert(businessServices)
      .values(values)
      .onConflictDoUpdate({
        target: [businessServices.businessId, businessServices.serviceId],
        set: { active: values.active, startDate: values.startDate },
      })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  },

  async upsertMany(
    db: DbOrTx,
    values: { businessId: number; serviceId: number; active: boolean; startDate: string }[],
  ): Promise<void> {
    if (values.length === 0) return;
    const first = values[0]!;
    await db
      .insert(businessServices)
      .values(values)
      .onConflictDoUpdate({
        target: [businessServices.businessId, businessServices.serviceId],
        set: { active: first.active, startDate: first.startDate },
      });
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

  async setActiveForService(db: DbOrTx, serviceId: number, active: boolean): Promise<void> {
    await db.update(businessServices).set({ active }).where(eq(businessServices.serviceId, serviceId));
  },
};
