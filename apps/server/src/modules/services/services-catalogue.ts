import { servicesMsg } from '@app/shared/messages-services';
import { MONTH_KEYS, type MonthKey } from '@app/shared/months';
import type { CatalogueEntryStatus } from '@app/shared/schemas/tax-catalogue';
import {
  type CatalogueDefinition,
  type CatalogueEntry,
  catalogueDifferences,
  catalogueEntry,
  TAX_CATALOGUE,
} from '@app/shared/tax-catalogue';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNameFree, nameKey } from '../../lib/unique-name.ts';
import { type ServiceMonthsActiveRow, type ServiceRow, servicesRepository } from './services.repository.ts';

/** A service's request template as the catalogue compares it (requests module). */
export interface FirmRequestTemplate {
  serviceId: number;
  title: string;
  dueDay: number;
  sendDay: number | null;
  items: { name: string; folderName: string }[];
}

export interface CatalogueDeps {
  /** The request templates of these services with their items' folder names (requests module). */
  listRequestTemplates(serviceIds: number[]): Promise<FirmRequestTemplate[]>;
  /** Writes a request template of a service in the caller's transaction (requests module). */
  insertRequestTemplate(
    tx: DbOrTx,
    serviceId: number,
    template: {
      title: string;
      dueDay: number;
      sendDay: number | null;
      items: { name: string; serviceFolderId: number }[];
    },
  ): Promise<void>;
}

const monthsOf = (row: ServiceMonthsActiveRow | undefined): MonthKey[] =>
  MONTH_KEYS.filter((key) => (row ? row[key] : true));

/**
 * The tax catalogue against the firm's services: each entry's status and differences, and loading
 * entries as services (one transaction each: service, months, states, folders, e-mails, request
 * templates and the activity entry). A loaded entry is never overwritten; the unique catalogue key
 * makes two loads at once create it once.
 */
export function createServicesCatalogue(db: Db, deps: CatalogueDeps) {
  /** The firm's catalogued services as definitions, by key. */
  async function firmDefinitions(): Promise<Map<string, { service: ServiceRow; definition: CatalogueDefinition }>> {
    const rows = await servicesRepository.listCatalogued(db);
    const ids = rows.map((row) => row.id);
    const [states, folders, months, templates, notifications] = await Promise.all([
      servicesRepository.listStates(db, ids),
      servicesRepository.listFoldersOfServices(db, ids),
      servicesRepository.listMonthsActive(db),
      deps.listRequestTemplates(ids),
      Promise.all(ids.map((id) => servicesRepository.listNotifications(db, id))),
    ]);
    const monthsById = new Map(months.map((row) => [row.serviceId, row]));
    const out = new Map<string, { service: ServiceRow; definition: CatalogueDefinition }>();
    rows.forEach((service, index) => {
      if (!service.catalogueKey) return;
      out.set(service.catalogueKey, {
        service,
        definition: {
          name: service.name,
          startMonthDay: service.startMonthDay,
          lastMonthDay: service.lastMonthDay,
          dueDay: service.dueDay,
          dueDayElectronic: service.dueDayElectronic,
          dueDayShift: service.dueDayShift,
          dueDayElectronicShift: service.dueDayElectronicShift,
          months: monthsOf(monthsById.get(service.id)),
          states: states
            .filter((row) => row.serviceId === service.id)
            .map(({ name, color, order, pctProgress, hasValue, showResume }) => ({
              name,
              color: color as CatalogueDefinition['states'][number]['color'],
              order,
              pctProgress,
              hasValue,
              showResume,
            })),
          folders: folders
            .filter((row) => row.serviceId === service.id && row.isActive)
            .map(({ name, clientCanUpload }) => ({ name, clientCanUpload })),
          notifications: (notifications[index] ?? []).map(({ day, subject, message }) => ({ day, subject, message })),
          requestTemplates: templates
            .filter((row) => row.serviceId === service.id)
            .map((row) => ({
              title: row.title,
              dueDay: row.dueDay,
              sendDay: row.sendDay,
              items: row.items.map((item) => ({ name: item.name, folder: item.folderName })),
            })),
        },
      });
    });
    return out;
  }

  async function statuses(): Promise<CatalogueEntryStatus[]> {
    const [loaded, names] = await Promise.all([firmDefinitions(), servicesRepository.listNames(db)]);
    return TAX_CATALOGUE.map((entry) => {
      const base = {
        key: entry.key,
        name: entry.definition.name,
        description: entry.description,
        sourceUrl: entry.sourceUrl,
        legalBasis: entry.legalBasis,
        kind: entry.kind,
      };
      const firm = loaded.get(entry.key);
      if (firm) {
        const differences = catalogueDifferences(entry.definition, firm.definition);
        return {
          ...base,
          status: differences.length === 0 ? ('loaded' as const) : ('changed' as const),
          serviceId: firm.service.id,
          differences,
        };
      }
      const holder = names.find((row) => nameKey(row.name) === nameKey(entry.definition.name));
      return holder
        ? { ...base, status: 'name-taken' as const, serviceId: holder.id, differences: [] }
        : { ...base, status: 'new' as const, serviceId: null, differences: [] };
    });
  }

  /** Writes one entry as a new service in its own transaction: 'created', or why it was left alone. */
  async function loadOne(entry: CatalogueEntry, actor: ActivityActor): Promise<'created' | string> {
    if (await servicesRepository.findByCatalogueKey(db, entry.key)) return servicesMsg.catalogueAlreadyLoaded;
    const { definition } = entry;
    try {
      return await db.transaction(async (tx) => {
        await assertNameFree(
          tx,
          'services',
          servicesRepository.listNames,
          definition.name,
          null,
          servicesMsg.catalogueNameTaken,
        );
        const service = await servicesRepository.insertCatalogued(tx, {
          name: definition.name,
          startMonthDay: definition.startMonthDay,
          lastMonthDay: definition.lastMonthDay,
          order: entry.order,
          dueDay: definition.dueDay,
          dueDayElectronic: definition.dueDayElectronic,
          dueDayShift: definition.dueDayShift,
          dueDayElectronicShift: definition.dueDayElectronicShift,
          catalogueKey: entry.key,
        });
        // Another load of the same entry committed first.
        if (!service) return servicesMsg.catalogueAlreadyLoaded;
        const months = Object.fromEntries(MONTH_KEYS.map((key) => [key, definition.months.includes(key)]));
        await servicesRepository.upsertMonthsActive(tx, service.id, months as Record<MonthKey, boolean>);
        for (const state of definition.states) await servicesRepository.insertState(tx, service.id, state);
        const folderIds = new Map<string, number>();
        for (const folder of definition.folders) {
          const row = await servicesRepository.insertFolder(tx, service.id, {
            name: folder.name,
            clientCanUpload: folder.clientCanUpload,
            isActive: true,
            parentFolderId: null,
          });
          folderIds.set(folder.name, row.id);
        }
        for (const notification of definition.notifications) {
          await servicesRepository.insertNotification(tx, service.id, notification);
        }
        for (const template of definition.requestTemplates) {
          await deps.insertRequestTemplate(tx, service.id, {
            title: template.title,
            dueDay: template.dueDay,
            sendDay: template.sendDay,
            items: template.items.map((item) => ({
              name: item.name,
              serviceFolderId: folderIds.get(item.folder) as number,
            })),
          });
        }
        await recordActivity(tx, actor, {
          kind: 'service',
          action: 'created',
          recordId: service.id,
          recordLabel: service.name,
          details: {
            after: {
              catalogueKey: entry.key,
              dueDay: service.dueDay,
              dueDayElectronic: service.dueDayElectronic,
              dueDayShift: service.dueDayShift,
              dueDayElectronicShift: service.dueDayElectronicShift,
              estados: definition.states.length,
              carpetas: definition.folders.length,
              correos: definition.notifications.length,
              plantillas: definition.requestTemplates.length,
            },
          },
        });
        return 'created' as const;
      });
    } catch (error) {
      // The name is taken: by this very entry loaded meanwhile, or by a service of the firm's own.
      if (error instanceof AppError && error.statusCode === 409) {
        return (await servicesRepository.findByCatalogueKey(db, entry.key))
          ? servicesMsg.catalogueAlreadyLoaded
          : servicesMsg.catalogueNameTaken;
      }
      throw error;
    }
  }

  return {
    /** GET /api/service/catalogue: every entry with its status and differences. */
    statuses,

    /** POST /api/service/catalogue/load: creates the chosen entries not loaded yet, each in its transaction. */
    async load(keys: string[], actor: ActivityActor) {
      const created: string[] = [];
      const skipped: { key: string; reason: string }[] = [];
      for (const key of [...new Set(keys)]) {
        const entry = catalogueEntry(key);
        if (!entry) {
          skipped.push({ key, reason: servicesMsg.catalogueUnknownKey });
          continue;
        }
        const outcome = await loadOne(entry, actor);
        if (outcome === 'created') created.push(key);
        else skipped.push({ key, reason: outcome });
      }
      return { created, skipped, entries: await statuses() };
    },
  };
}

export type ServicesCatalogue = ReturnType<typeof createServicesCatalogue>;
