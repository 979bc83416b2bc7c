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
import type { Db } from '../../db/client.ts';
import { serviceMonthsActive, serviceStates, services } from '../../db/schema/services.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { createTableCache, type TableChanges } from '../../lib/table-cache.ts';
import { assertNameFree } from '../../lib/unique-name.ts';
import {
  type ServiceFolderRow,
  type ServiceMonthsActiveRow,
  type ServiceNotificationRow,
  type ServiceRow,
  type ServiceStateRow,
  servicesRepository,
} from './services.repository.ts';

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

type ServicesOfMonth = {
  service: Awaited<ReturnType<typeof servicesRepository.list>>[number];
  states: Awaited<ReturnType<typeof servicesRepository.listStates>>;
}[];

interface Deps {
  events: EventBus;
  changes: TableChanges;
}

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
    tables: [services, serviceStates, serviceMonthsActive],
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
    async assertExists(id: number): Promise<void> {
      await getRow(id);
    },

    list,

    /** The services active in a month (1-12) with their states, by order: the monthly board's columns. */
    /** Kept per month until a service, state or active month changes (every board change reads it). */
    listForMonth(month: number): Promise<ServicesOfMonth> {
      return servicesByMonth.get(String(month), async () => {
        const key = MONTH_KEYS[month - 1];
        const [listed, months] = await Promise.all([list('order'), servicesRepository.listMonthsActive(db)]);
        const activeIn = new Map(months.map((row) => [row.serviceId, key ? row[key] : false]));
        // A service without a months row (none yet) is active every month, as a new one is.
        return listed.filter(({ service }) => activeIn.get(service.id) ?? true);
      });
    },

    /** The folder templates of these services (documents module). */
    listFolderTemplates: (serviceIds: number[]) => servicesRepository.listFoldersOfServices(db, serviceIds),

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
    async create(input: ServiceInput): Promise<{ service: ServiceRow; states: ServiceStateRow[] }> {
      const service = await db.transaction(async (tx) => {
        await assertNameFree(tx, 'services', servicesRepository.listNames, input.name, null, servicesMsg.nameExists);
        const row = await servicesRepository.insert(tx, input);
        await servicesRepository.upsertMonthsActive(tx, row.id);
        return row;
      });
      return { service, states: [] };
    },

    async update(id: number, input: ServiceInput): Promise<{ service: ServiceRow; states: ServiceStateRow[] }> {
      await getRow(id);
      const service = await db.transaction(async (tx) => {
        await assertNameFree(tx, 'services', servicesRepository.listNames, input.name, id, servicesMsg.nameExists);
        return servicesRepository.update(tx, id, input);
      });
      if (!service) throw notFound(servicesMsg.serviceNotFound);
      return { service, states: await servicesRepository.listStates(db, [id]) };
    },

    /**
     * Deletes the service with its states, folders, notifications, months and company links
     * (DESIGN.md §4), in one transaction; the foreign keys cascade.
     */
    async delete(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await servicesRepository.delete(tx, id);
        if (!deleted) throw notFound(servicesMsg.serviceNotFound);
      });
      deps.events.emit('service.deleted', { serviceId: id });
    },

    // ---------------------------------------------------------- states
    async createState(serviceId: number, input: StateInput): Promise<ServiceStateRow> {
      await getRow(serviceId);
      return underService(() => servicesRepository.insertState(db, serviceId, input));
    },

    async updateState(serviceId: number, id: number, input: StateInput): Promise<ServiceStateRow> {
      await getRow(serviceId);
      const state = await servicesRepository.updateState(db, serviceId, id, input);
      if (!state) throw notFound(servicesMsg.stateNotFound);
      return state;
    },

    async deleteState(serviceId: number, id: number): Promise<void> {
      await getRow(serviceId);
      if (!(await servicesRepository.deleteState(db, serviceId, id))) throw notFound(servicesMsg.stateNotFound);
    },

    // ---------------------------------------------------------- folders
    /** A top-level folder, or a subfolder of a folder of the same service (any depth). */
    async createFolder(serviceId: number, input: FolderCreateInput): Promise<ServiceFolderRow> {
      await getRow(serviceId);
      const parentFolderId = input.parentFolderId ?? null;
      if (parentFolderId !== null && !(await servicesRepository.findFolder(db, serviceId, parentFolderId))) {
        throw badRequest(servicesMsg.parentFolderNotFound, 'parentFolderId');
      }
      return underService(() =>
        servicesRepository.insertFolder(db, serviceId, {
          name: input.name,
          isActive: input.isActive,
          clientCanUpload: input.clientCanUpload,
          parentFolderId,
        }),
      );
    },

    async updateFolder(serviceId: number, id: number, input: FolderUpdateInput): Promise<ServiceFolderRow> {
      await getRow(serviceId);
      const folder = await servicesRepository.updateFolder(db, serviceId, id, {
        name: input.name,
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...(input.clientCanUpload !== undefined ? { clientCanUpload: input.clientCanUpload } : {}),
      });
      if (!folder) throw notFound(servicesMsg.folderNotFound);
      return folder;
    },

    // ---------------------------------------------------------- notifications
    async createNotification(serviceId: number, input: NotificationInput): Promise<ServiceNotificationRow> {
      await getRow(serviceId);
      return underService(() => servicesRepository.insertNotification(db, serviceId, input));
    },

    async updateNotification(serviceId: number, id: number, input: NotificationInput): Promise<ServiceNotificationRow> {
      await getRow(serviceId);
      const notification = await servicesRepository.updateNotification(db, serviceId, id, input);
      if (!notification) throw notFound(servicesMsg.notificationNotFound);
      return notification;
    },

    async deleteNotification(serviceId: number, id: number): Promise<void> {
      await getRow(serviceId);
      if (!(await servicesRepository.deleteNotification(db, serviceId, id))) {
        throw notFound(servicesMsg.notificationNotFound);
      }
    },

    // ---------------------------------------------------------- months active
    async updateMonthsActive(serviceId: number, input: MonthsInput): Promise<ServiceMonthsActiveRow> {
      await getRow(serviceId);
      return underService(() => servicesRepository.upsertMonthsActive(db, serviceId, input));
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
