import { servicesMsg } from '@app/shared/messages-services';
import {
  MONTH_KEYS,
  type ServiceCreateSchema,
  type ServiceFolderCreateSchema,
  type ServiceFolderUpdateSchema,
  type ServiceMonthsActiveUpdateSchema,
  type ServiceNotificationCreateSchema,
  type ServiceStateCreateSchema,
} from '@app/shared/schemas/services';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityDetails } from '../../db/schema/activity.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { createTableCache, readingTables, type TableChanges } from '../../lib/table-cache.ts';
import { assertNameFree } from '../../lib/unique-name.ts';
import {
  type ServiceFolderRow,
  type ServiceMonthsActiveRow,
  type ServiceNotificationRow,
  type ServiceRow,
  type ServiceStateRow,
  servicesRepository,
} from './services.repository.ts';
import { serviceMonthsActive, serviceStates, services } from './services.tables.ts';

type ServiceInput = z.output<typeof ServiceCreateSchema>;
type StateInput = z.output<typeof ServiceStateCreateSchema>;
type FolderCreateInput = z.output<typeof ServiceFolderCreateSchema>;
type FolderUpdateInput = z.output<typeof ServiceFolderUpdateSchema>;
type NotificationInput = z.output<typeof ServiceNotificationCreateSchema>;
type MonthsInput = z.output<typeof ServiceMonthsActiveUpdateSchema>;

export interface ServiceDetailParts {
  service: ServiceRow;
  states: ServiceStateRow[];
  folders: ServiceFolderRow[];
  notifications: ServiceNotificationRow[];
  monthsActive: ServiceMonthsActiveRow | undefined;
}

/** A row written under a service that was deleted meanwhile answers 404, not 500. */
async function underService<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(servicesMsg.serviceNotFound);
    throw error;
  }
}

// ------------------------------------------------------------ activity log
const SERVICE_FIELDS = [
  'name',
  'startMonthDay',
  'lastMonthDay',
  'order',
  'dueDay',
  'dueDayElectronic',
  'dueDayShift',
  'dueDayElectronicShift',
  'catalogueKey',
] as const;
const STATE_FIELDS = ['name', 'color', 'order', 'pctProgress', 'hasValue', 'showResume'] as const;
const FOLDER_FIELDS = ['name', 'parentFolderId', 'isActive', 'clientCanUpload'] as const;
const NOTIFICATION_FIELDS = ['day', 'subject', 'message'] as const;
const MONTH_FIELDS = MONTH_KEYS;

/**
 * What changed in one of a service's parts (a state, a folder template, a notification), named by
 * `part` ('estado', 'carpeta', 'notificación') with the part's name in both halves: the whole part
 * when created (after only) or deleted (before only), the changed fields when edited (null: none).
 */
function partChange<T extends Record<string, unknown>>(
  part: string,
  nameOf: (row: T) => string,
  fields: readonly (keyof T & string)[],
  before: T | undefined,
  after: T | undefined,
): ActivityDetails | null {
  if (before && after) {
    const changed = changedFields(before, after, fields);
    if (!changed) return null;
    return {
      before: { [part]: nameOf(before), ...changed.before },
      after: { [part]: nameOf(after), ...changed.after },
    };
  }
  if (after) return { after: { [part]: nameOf(after), ...pickFields(after, fields) } };
  if (before) return { before: { [part]: nameOf(before), ...pickFields(before, fields) } };
  return null;
}

/** One entry on the service (kind service, its name as the label), in the caller's transaction. */
async function recordServiceChange(
  tx: DbOrTx,
  actor: ActivityActor,
  action: 'created' | 'updated' | 'deleted',
  service: Pick<ServiceRow, 'id' | 'name'>,
  details: ActivityDetails | null,
) {
  if (!details) return;
  await recordActivity(tx, actor, {
    kind: 'service',
    action,
    recordId: service.id,
    recordLabel: service.name,
    details,
  });
}

const stateName = (row: ServiceStateRow) => row.name;
const folderName = (row: ServiceFolderRow) => row.name;
const notificationName = (row: ServiceNotificationRow) => row.subject;

type ServicesOfMonth = {
  service: Awaited<ReturnType<typeof servicesRepository.list>>[number];
  states: Awaited<ReturnType<typeof servicesRepository.listStates>>;
}[];

interface Deps {
  events: EventBus;
  changes: TableChanges;
}

/** What the services of a month are read from (a board built on them is kept until one changes). */
const SERVICES_OF_MONTH_TABLES = [services, serviceStates, serviceMonthsActive];

/** The catalogue of services and their states, folder templates, notifications and active months. */
export function createServicesService(db: Db, deps: Deps) {
  async function getRow(id: number): Promise<ServiceRow> {
    const service = await servicesRepository.findById(db, id);
    if (!service) throw notFound(servicesMsg.serviceNotFound);
    return service;
  }

  /** Every service with its states (by order). */
  const servicesByMonth = createTableCache<ServicesOfMonth>(deps.changes, {
    name: 'services-by-month',
    tables: SERVICES_OF_MONTH_TABLES,
    maxEntries: 12,
  });

  async function list(orderBy: 'order' | 'name' = 'name') {
    const rows = await servicesRepository.list(db, orderBy);
    const states = await servicesRepository.listStates(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((service) => ({ service, states: states.filter((state) => state.serviceId === service.id) }));
  }

  return {
    /** The scheduler's question: which monthly e-mails go out on this day of the month. */
    notificationsDueOn: (day: number, lastDayOfMonth: boolean) =>
      servicesRepository.notificationsDueOn(db, day, lastDayOfMonth),

    async assertExists(id: number): Promise<void> {
      await getRow(id);
    },

    list,

    /** The services active in a month (1-12) with their states, by order: the monthly board's columns. */
    /** Kept per month until a service, state or active month changes (every board change reads it). */
    listForMonth: readingTables(
      SERVICES_OF_MONTH_TABLES,
      (month: number): Promise<ServicesOfMonth> =>
        servicesByMonth.get(String(month), async () => {
          const key = MONTH_KEYS[month - 1];
          const [listed, months] = await Promise.all([list('order'), servicesRepository.listMonthsActive(db)]);
          const activeIn = new Map(months.map((row) => [row.serviceId, key ? row[key] : false]));
          // A service without a months row (none yet) is active every month, as a new one is.
          return listed.filter(({ service }) => activeIn.get(service.id) ?? true);
        }),
    ),

    /** Every service by its order, then name in the Spanish order (a company's services). */
    listInOrder: () => servicesRepository.list(db, 'order'),

    /** A service's name, '' when it is gone, read in the caller's transaction (the activity log names it). */
    nameOf: (id: number, tx: DbOrTx = db) => servicesRepository.nameOf(tx, id),

    /** The states of these services, by order (the monthly board's history names them). */
    listStatesOf: (serviceIds: number[]) => servicesRepository.listStates(db, serviceIds),

    /** Every service's id and name by `order`, then by id (the company import's columns). */
    listNamesInOrder: () => servicesRepository.listNamesInOrder(db),

    /** The folder templates of these services (documents module). */
    listFolderTemplates: (serviceIds: number[]) => servicesRepository.listFoldersOfServices(db, serviceIds),

    /**
     * Every folder template with its service, its parent's name and its years of retention
     * ('Protección de datos' → 'Retención').
     */
    async listFolderRetention() {
      const rows = await servicesRepository.listFoldersWithServices(db);
      const names = new Map(rows.map(({ folder }) => [folder.id, folder.name]));
      return rows.map(({ folder, serviceName }) => ({
        id: folder.id,
        serviceId: folder.serviceId,
        serviceName,
        name: folder.name,
        parentName: folder.parentFolderId === null ? null : (names.get(folder.parentFolderId) ?? null),
        isActive: folder.isActive,
        retentionYears: folder.retentionYears,
      }));
    },

    /** A folder template's years of retention, logged on its service as any change of the template. */
    async setFolderRetention(id: number, retentionYears: number, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await servicesRepository.lockFolder(tx, id);
        if (!found) throw notFound(servicesMsg.folderNotFound);
        if (found.folder.retentionYears === retentionYears) return;
        await servicesRepository.setFolderRetention(tx, id, retentionYears);
        await recordServiceChange(tx, actor, 'updated', found.service, {
          before: { carpeta: found.folder.name, retentionYears: found.folder.retentionYears },
          after: { carpeta: found.folder.name, retentionYears },
        });
      });
    },

    /** Finds services by exact name (the demo seeder uses it to stay idempotent). */
    findByName: (name: string) => servicesRepository.findByName(db, name),

    async getDetail(id: number): Promise<ServiceDetailParts> {
      const service = await getRow(id);
      const [states, folders, notifications, monthsActive] = await Promise.all([
        servicesRepository.listStates(db, [id]),
        servicesRepository.listFolders(db, id),
        servicesRepository.listNotifications(db, id),
        servicesRepository.findMonthsActive(db, id),
      ]);
      return { service, states, folders, notifications, monthsActive };
    },

    /** Creates the service and its months-active row (all twelve on) in one transaction. */
    async create(
      input: ServiceInput,
      actor: ActivityActor,
    ): Promise<{ service: ServiceRow; states: ServiceStateRow[] }> {
      const service = await db.transaction(async (tx) => {
        await assertNameFree(tx, 'services', servicesRepository.listNames, input.name, null, servicesMsg.nameExists);
        const row = await servicesRepository.insert(tx, input);
        await servicesRepository.upsertMonthsActive(tx, row.id);
        await recordServiceChange(tx, actor, 'created', row, { after: pickFields(row, SERVICE_FIELDS) });
        return row;
      });
      return { service, states: [] };
    },

    async update(
      id: number,
      input: ServiceInput,
      actor: ActivityActor,
    ): Promise<{ service: ServiceRow; states: ServiceStateRow[] }> {
      await getRow(id);
      const service = await db.transaction(async (tx) => {
        await assertNameFree(tx, 'services', servicesRepository.listNames, input.name, id, servicesMsg.nameExists);
        const before = await servicesRepository.findById(tx, id);
        const row = await servicesRepository.update(tx, id, input);
        if (before && row) {
          await recordServiceChange(tx, actor, 'updated', row, changedFields(before, row, SERVICE_FIELDS));
        }
        return row;
      });
      if (!service) throw notFound(servicesMsg.serviceNotFound);
      return { service, states: await servicesRepository.listStates(db, [id]) };
    },

    /**
     * Deletes the service with its states, folders, notifications, months and company links
     * (and the company folders and files made from its templates), in one transaction; the foreign keys cascade.
     */
    async delete(id: number, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await servicesRepository.findById(tx, id);
        const deleted = before && (await servicesRepository.delete(tx, id));
        if (!before || !deleted) throw notFound(servicesMsg.serviceNotFound);
        await recordServiceChange(tx, actor, 'deleted', before, { before: pickFields(before, SERVICE_FIELDS) });
      });
      deps.events.emit('service.deleted', { serviceId: id });
    },

    // ---------------------------------------------------------- states
    async createState(serviceId: number, input: StateInput, actor: ActivityActor): Promise<ServiceStateRow> {
      const service = await getRow(serviceId);
      return underService(() =>
        db.transaction(async (tx) => {
          const state = await servicesRepository.insertState(tx, serviceId, input);
          const details = partChange('estado', stateName, STATE_FIELDS, undefined, state);
          await recordServiceChange(tx, actor, 'updated', service, details);
          return state;
        }),
      );
    },

    async updateState(
      serviceId: number,
      id: number,
      input: StateInput,
      actor: ActivityActor,
    ): Promise<ServiceStateRow> {
      const service = await getRow(serviceId);
      return db.transaction(async (tx) => {
        const before = await servicesRepository.findState(tx, serviceId, id);
        const state = await servicesRepository.updateState(tx, serviceId, id, input);
        if (!state) throw notFound(servicesMsg.stateNotFound);
        const details = partChange('estado', stateName, STATE_FIELDS, before, state);
        await recordServiceChange(tx, actor, 'updated', service, details);
        return state;
      });
    },

    async deleteState(serviceId: number, id: number, actor: ActivityActor): Promise<void> {
      const service = await getRow(serviceId);
      await db.transaction(async (tx) => {
        const before = await servicesRepository.findState(tx, serviceId, id);
        if (!before || !(await servicesRepository.deleteState(tx, serviceId, id))) {
          throw notFound(servicesMsg.stateNotFound);
        }
        const details = partChange('estado', stateName, STATE_FIELDS, before, undefined);
        await recordServiceChange(tx, actor, 'updated', service, details);
      });
    },

    // ---------------------------------------------------------- folders
    /** A top-level folder, or a subfolder of a folder of the same service (any depth). */
    async createFolder(serviceId: number, input: FolderCreateInput, actor: ActivityActor): Promise<ServiceFolderRow> {
      const service = await getRow(serviceId);
      const parentFolderId = input.parentFolderId ?? null;
      if (parentFolderId !== null && !(await servicesRepository.findFolder(db, serviceId, parentFolderId))) {
        throw badRequest(servicesMsg.parentFolderNotFound, 'parentFolderId');
      }
      return underService(() =>
        db.transaction(async (tx) => {
          const folder = await servicesRepository.insertFolder(tx, serviceId, {
            name: input.name,
            isActive: input.isActive,
            clientCanUpload: input.clientCanUpload,
            parentFolderId,
          });
          const details = partChange('carpeta', folderName, FOLDER_FIELDS, undefined, folder);
          await recordServiceChange(tx, actor, 'updated', service, details);
          return folder;
        }),
      );
    },

    async updateFolder(
      serviceId: number,
      id: number,
      input: FolderUpdateInput,
      actor: ActivityActor,
    ): Promise<ServiceFolderRow> {
      const service = await getRow(serviceId);
      return db.transaction(async (tx) => {
        const before = await servicesRepository.findFolder(tx, serviceId, id);
        const folder = await servicesRepository.updateFolder(tx, serviceId, id, {
          name: input.name,
          ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
          ...(input.clientCanUpload !== undefined ? { clientCanUpload: input.clientCanUpload } : {}),
        });
        if (!folder) throw notFound(servicesMsg.folderNotFound);
        const details = partChange('carpeta', folderName, FOLDER_FIELDS, before, folder);
        await recordServiceChange(tx, actor, 'updated', service, details);
        return folder;
      });
    },

    // ---------------------------------------------------------- notifications
    async createNotification(
      serviceId: number,
      input: NotificationInput,
      actor: ActivityActor,
    ): Promise<ServiceNotificationRow> {
      const service = await getRow(serviceId);
      return underService(() =>
        db.transaction(async (tx) => {
          const notification = await servicesRepository.insertNotification(tx, serviceId, input);
          const details = partChange('notificación', notificationName, NOTIFICATION_FIELDS, undefined, notification);
          await recordServiceChange(tx, actor, 'updated', service, details);
          return notification;
        }),
      );
    },

    async updateNotification(
      serviceId: number,
      id: number,
      input: NotificationInput,
      actor: ActivityActor,
    ): Promise<ServiceNotificationRow> {
      const service = await getRow(serviceId);
      return db.transaction(async (tx) => {
        const before = await servicesRepository.findNotification(tx, serviceId, id);
        const notification = await servicesRepository.updateNotification(tx, serviceId, id, input);
        if (!notification) throw notFound(servicesMsg.notificationNotFound);
        const details = partChange('notificación', notificationName, NOTIFICATION_FIELDS, before, notification);
        await recordServiceChange(tx, actor, 'updated', service, details);
        return notification;
      });
    },

    async deleteNotification(serviceId: number, id: number, actor: ActivityActor): Promise<void> {
      const service = await getRow(serviceId);
      await db.transaction(async (tx) => {
        const before = await servicesRepository.findNotification(tx, serviceId, id);
        if (!before || !(await servicesRepository.deleteNotification(tx, serviceId, id))) {
          throw notFound(servicesMsg.notificationNotFound);
        }
        const details = partChange('notificación', notificationName, NOTIFICATION_FIELDS, before, undefined);
        await recordServiceChange(tx, actor, 'updated', service, details);
      });
    },

    // ---------------------------------------------------------- months active
    /** The entry names the months switched on or off ({ before: { jan: true }, after: { jan: false } }). */
    async updateMonthsActive(
      serviceId: number,
      input: MonthsInput,
      actor: ActivityActor,
    ): Promise<ServiceMonthsActiveRow> {
      const service = await getRow(serviceId);
      return underService(() =>
        db.transaction(async (tx) => {
          const before = await servicesRepository.findMonthsActive(tx, serviceId);
          const row = await servicesRepository.upsertMonthsActive(tx, serviceId, input);
          const details = before ? changedFields(before, row, MONTH_FIELDS) : { after: pickFields(row, MONTH_FIELDS) };
          await recordServiceChange(tx, actor, 'updated', service, details);
          return row;
        }),
      );
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
