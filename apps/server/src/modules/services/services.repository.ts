import { sortByName } from '@app/shared/collator';
import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  serviceFolders,
  serviceMonthsActive,
  serviceNotifications,
  serviceStates,
  services,
} from './services.tables.ts';

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
export type ServiceStateRow = typeof serviceStates.$inferSelect;
export type ServiceFolderRow = typeof serviceFolders.$inferSelect;
export type ServiceNotificationRow = typeof serviceNotifications.$inferSelect;
export type ServiceMonthsActiveRow = typeof serviceMonthsActive.$inferSelect;

/** An undefined due day keeps the stored one on update (Drizzle leaves undefined keys out). */
type ServiceFields = Pick<
  NewServiceRow,
  | 'name'
  | 'startMonthDay'
  | 'lastMonthDay'
  | 'order'
  | 'dueDay'
  | 'dueDayElectronic'
  | 'dueDayShift'
  | 'dueDayElectronicShift'
  | 'catalogueKey'
>;
type StateFields = Omit<typeof serviceStates.$inferInsert, 'id' | 'serviceId'>;
type FolderFields = Omit<typeof serviceFolders.$inferInsert, 'id' | 'serviceId' | 'createdAt'>;
type NotificationFields = Omit<typeof serviceNotifications.$inferInsert, 'id' | 'serviceId'>;
type MonthsFields = Omit<ServiceMonthsActiveRow, 'serviceId'>;

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('write returned no row');
  return row;
}

export const servicesRepository = {
  // ------------------------------------------------------------ services
  async findById(db: DbOrTx, id: number): Promise<ServiceRow | undefined> {
    const [row] = await db.select().from(services).where(eq(services.id, id));
    return row;
  },

  findByName(db: DbOrTx, name: string): Promise<ServiceRow[]> {
    return db.select().from(services).where(eq(services.name, name));
  },

  /** Every service by `order` or by name, names in the Spanish order (`sortByName`, not SQL). */
  async list(db: DbOrTx, orderBy: 'order' | 'name'): Promise<ServiceRow[]> {
    const rows = sortByName(
      await db.select().from(services),
      (row) => row.name,
      (row) => row.id,
    );
    return orderBy === 'order' ? rows.sort((a, b) => a.order - b.order) : rows;
  },

  /** Every service's id and name by `order`, then by id (the company import's columns). */
  listNamesInOrder(db: DbOrTx): Promise<{ id: number; name: string }[]> {
    return db.select({ id: services.id, name: services.name }).from(services).orderBy(services.order, services.id);
  },

  /** A service's name ('' when it is gone). */
  async nameOf(db: DbOrTx, id: number): Promise<string> {
    const [row] = await db.select({ name: services.name }).from(services).where(eq(services.id, id));
    return row?.name ?? '';
  },

  /** Every service's id and name (for the unique-name check). */
  listNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
    return db.select({ id: services.id, name: services.name }).from(services);
  },

  async insert(db: DbOrTx, values: ServiceFields): Promise<ServiceRow> {
    return first(await db.insert(services).values(values).returning());
  },

  async update(db: DbOrTx, id: number, values: ServiceFields): Promise<ServiceRow | undefined> {
    const [row] = await db
      .update(services)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(services.id, id))
      .returning();
    return row;
  },

  /** States, folders, notifications, months and company links go with it (ON DELETE CASCADE). */
  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
    return rows.length > 0;
  },

  async findByCatalogueKey(db: DbOrTx, key: string): Promise<ServiceRow | undefined> {
    const [row] = await db.select().from(services).where(eq(services.catalogueKey, key));
    return row;
  },

  /** Every service loaded from the tax catalogue (catalogueKey set). */
  listCatalogued(db: DbOrTx): Promise<ServiceRow[]> {
    return db.select().from(services).where(isNotNull(services.catalogueKey));
  },

  /** Inserts a catalogue service unless its key is already taken (another load won): undefined then. */
  async insertCatalogued(
    db: DbOrTx,
    values: ServiceFields & { catalogueKey: string },
  ): Promise<ServiceRow | undefined> {
    const [row] = await db
      .insert(services)
      .values(values)
      .onConflictDoNothing({ target: services.catalogueKey })
      .returning();
    return row;
  },

  // ------------------------------------------------------------ states
  listStates(db: DbOrTx, serviceIds: number[]): Promise<ServiceStateRow[]> {
    if (serviceIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(serviceStates)
      .where(inArray(serviceStates.serviceId, serviceIds))
      .orderBy(asc(serviceStates.order), asc(serviceStates.id));
  },

  async findState(db: DbOrTx, serviceId: number, id: number): Promise<ServiceStateRow | undefined> {
    const [row] = await db
      .select()
      .from(serviceStates)
      .where(and(eq(serviceStates.serviceId, serviceId), eq(serviceStates.id, id)));
    return row;
  },

  async insertState(db: DbOrTx, serviceId: number, values: StateFields): Promise<ServiceStateRow> {
    return first(
      await db
        .insert(serviceStates)
        .values({ ...values, serviceId })
        .returning(),
    );
  },

  async updateState(
    db: DbOrTx,
    serviceId: number,
    id: number,
    values: StateFields,
  ): Promise<ServiceStateRow | undefined> {
    const [row] = await db
      .update(serviceStates)
      .set(values)
      .where(and(eq(serviceStates.serviceId, serviceId), eq(serviceStates.id, id)))
      .returning();
    return row;
  },

  async deleteState(db: DbOrTx, serviceId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(serviceStates)
      .where(and(eq(serviceStates.serviceId, serviceId), eq(serviceStates.id, id)))
      .returning({ id: serviceStates.id });
    return rows.length > 0;
  },

  // ------------------------------------------------------------ folders
  listFolders(db: DbOrTx, serviceId: number): Promise<ServiceFolderRow[]> {
    return db
      .select()
      .from(serviceFolders)
      .where(eq(serviceFolders.serviceId, serviceId))
      .orderBy(asc(serviceFolders.id));
  },

  /** Every folder template of these services, parents before children (by id). */
  listFoldersOfServices(db: DbOrTx, serviceIds: number[]): Promise<ServiceFolderRow[]> {
    if (serviceIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(serviceFolders)
      .where(inArray(serviceFolders.serviceId, serviceIds))
      .orderBy(asc(serviceFolders.id));
  },

  /** Every folder template with its service's name, by service order, then by id (parents before children). */
  listFoldersWithServices(db: DbOrTx) {
    return db
      .select({ folder: serviceFolders, serviceName: services.name })
      .from(serviceFolders)
      .innerJoin(services, eq(services.id, serviceFolders.serviceId))
      .orderBy(asc(services.order), asc(services.id), asc(serviceFolders.id));
  },

  /** A folder template by id alone, locked until the transaction ends. */
  async lockFolder(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ folder: serviceFolders, service: { id: services.id, name: services.name } })
      .from(serviceFolders)
      .innerJoin(services, eq(services.id, serviceFolders.serviceId))
      .where(eq(serviceFolders.id, id))
      .for('update', { of: serviceFolders });
    return row;
  },

  async setFolderRetention(db: DbOrTx, id: number, retentionYears: number): Promise<void> {
    await db.update(serviceFolders).set({ retentionYears }).where(eq(serviceFolders.id, id));
  },

  async findFolder(db: DbOrTx, serviceId: number, id: number): Promise<ServiceFolderRow | undefined> {
    const [row] = await db
      .select()
      .from(serviceFolders)
      .where(and(eq(serviceFolders.serviceId, serviceId), eq(serviceFolders.id, id)));
    return row;
  },

  async insertFolder(db: DbOrTx, serviceId: number, values: FolderFields): Promise<ServiceFolderRow> {
    return first(
      await db
        .insert(serviceFolders)
        .values({ ...values, serviceId })
        .returning(),
    );
  },

  async updateFolder(
    db: DbOrTx,
    serviceId: number,
    id: number,
    values: Pick<FolderFields, 'name' | 'isActive' | 'clientCanUpload'>,
  ): Promise<ServiceFolderRow | undefined> {
    const [row] = await db
      .update(serviceFolders)
      .set(values)
      .where(and(eq(serviceFolders.serviceId, serviceId), eq(serviceFolders.id, id)))
      .returning();
    return row;
  },

  // ------------------------------------------------------------ notifications
  /** The notifications of a day of the month; on the month's last day also those of the days it lacks. */
  notificationsDueOn(db: DbOrTx, day: number, lastDayOfMonth: boolean): Promise<ServiceNotificationRow[]> {
    return db
      .select()
      .from(serviceNotifications)
      .where(lastDayOfMonth ? gte(serviceNotifications.day, day) : eq(serviceNotifications.day, day))
      .orderBy(serviceNotifications.id);
  },

  listNotifications(db: DbOrTx, serviceId: number): Promise<ServiceNotificationRow[]> {
    return db
      .select()
      .from(serviceNotifications)
      .where(eq(serviceNotifications.serviceId, serviceId))
      .orderBy(asc(serviceNotifications.day), asc(serviceNotifications.id));
  },

  async findNotification(db: DbOrTx, serviceId: number, id: number): Promise<ServiceNotificationRow | undefined> {
    const [row] = await db
      .select()
      .from(serviceNotifications)
      .where(and(eq(serviceNotifications.serviceId, serviceId), eq(serviceNotifications.id, id)));
    return row;
  },

  async insertNotification(db: DbOrTx, serviceId: number, values: NotificationFields): Promise<ServiceNotificationRow> {
    return first(
      await db
        .insert(serviceNotifications)
        .values({ ...values, serviceId })
        .returning(),
    );
  },

  async updateNotification(
    db: DbOrTx,
    serviceId: number,
    id: number,
    values: NotificationFields,
  ): Promise<ServiceNotificationRow | undefined> {
    const [row] = await db
      .update(serviceNotifications)
      .set(values)
      .where(and(eq(serviceNotifications.serviceId, serviceId), eq(serviceNotifications.id, id)))
      .returning();
    return row;
  },

  async deleteNotification(db: DbOrTx, serviceId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(serviceNotifications)
      .where(and(eq(serviceNotifications.serviceId, serviceId), eq(serviceNotifications.id, id)))
      .returning({ id: serviceNotifications.id });
    return rows.length > 0;
  },

  // ------------------------------------------------------------ months active
  listMonthsActive(db: DbOrTx): Promise<ServiceMonthsActiveRow[]> {
    return db.select().from(serviceMonthsActive);
  },

  async findMonthsActive(db: DbOrTx, serviceId: number): Promise<ServiceMonthsActiveRow | undefined> {
    const [row] = await db.select().from(serviceMonthsActive).where(eq(serviceMonthsActive.serviceId, serviceId));
    return row;
  },

  /** Writes the twelve months (all true when `values` is omitted), creating the row if missing. */
  async upsertMonthsActive(db: DbOrTx, serviceId: number, values?: MonthsFields): Promise<ServiceMonthsActiveRow> {
    const insert = db.insert(serviceMonthsActive).values({ serviceId, ...values });
    const query = values
      ? insert.onConflictDoUpdate({ target: serviceMonthsActive.serviceId, set: values })
      : insert.onConflictDoNothing();
    const [row] = await query.returning();
    return (
      row ?? first(await db.select().from(serviceMonthsActive).where(eq(serviceMonthsActive.serviceId, serviceId)))
    );
  },
};
