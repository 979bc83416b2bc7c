import { msg } from '@app/shared/messages';
import { servicesMsg } from '@app/shared/messages-services';
import {
  BULK_ACTIVATION_START_DATE,
  type BusinessServiceActivateManySchema,
  type BusinessServiceAllUpdateSchema,
  type BusinessServiceCreateSchema,
  type BusinessServiceOfBusiness,
  type BusinessServiceOfService,
  type BusinessServiceUpdateSchema,
  type ServiceBusiness,
} from '@app/shared/schemas/services';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { readingTables } from '../../lib/table-cache.ts';
import {
  presentBusinessServiceOfBusiness,
  presentBusinessServiceOfService,
  presentServiceBusiness,
} from './business-services.presenter.ts';
import { type BusinessServiceRow, businessServicesRepository } from './business-services.repository.ts';
import { businessServices } from './business-services.tables.ts';

type CreateInput = z.output<typeof BusinessServiceCreateSchema>;
type UpdateInput = z.output<typeof BusinessServiceUpdateSchema>;
type AllUpdateInput = z.output<typeof BusinessServiceAllUpdateSchema>;
type ActivateManyInput = z.output<typeof BusinessServiceActivateManySchema>;

interface Deps {
  /** The services module's check that a service exists (404 otherwise). */
  assertServiceExists(serviceId: number): Promise<void>;
  /** The companies module's check that a company exists (404 otherwise). */
  assertBusinessExists(businessId: number): Promise<void>;
  /** Every service by its order, then name (services module). */
  listServicesInOrder(): Promise<{ id: number; name: string; catalogueKey: string | null }[]>;
  /** A service's name, '' when it is gone, read in the caller's transaction (services module). */
  serviceName(serviceId: number, tx: DbOrTx): Promise<string>;
  /** Every company by name in the Spanish order (companies module). */
  listBusinesses(): Promise<{ id: number; name: string; rut: string }[]>;
  /** Every company's id, read in the caller's transaction (companies module). */
  listBusinessIds(tx: DbOrTx): Promise<number[]>;
}

/** A link as the activity log shows it: the service's name, active or not, since when. */
const linkSummary = (service: string, link: Pick<BusinessServiceRow, 'active' | 'startDate'>) => ({
  servicio: service,
  activo: link.active,
  desde: link.startDate,
});

/**
 * One entry on the company (kind company, its businessId) for a change of one of its service links,
 * in the transaction of the change: { before, after } name the service, active or not, and since when.
 */
async function recordLinkChange(
  serviceName: Deps['serviceName'],
  tx: DbOrTx,
  actor: ActivityActor,
  businessId: number,
  before: BusinessServiceRow | undefined,
  after: BusinessServiceRow,
) {
  const service = await serviceName(after.serviceId, tx);
  await recordActivity(tx, actor, {
    kind: 'company',
    action: 'updated',
    recordId: businessId,
    businessId,
    details: {
      ...(before ? { before: linkSummary(service, before) } : {}),
      after: linkSummary(service, after),
    },
  });
}

/** The company-service links, seen from either side. */
export function createBusinessServicesService(db: Db, deps: Deps) {
  /** Every company (by name) with its link to the service, if any. */
  async function businessesWithLinks(serviceId: number) {
    const [companies, links] = await Promise.all([
      deps.listBusinesses(),
      businessServicesRepository.listOfService(db, serviceId),
    ]);
    const linkOf = new Map(links.map((link) => [link.businessId, link]));
    return companies.map(({ id, name, rut }) => ({ business: { id, name, rut }, link: linkOf.get(id) ?? null }));
  }

  async function listForService(serviceId: number): Promise<BusinessServiceOfService[]> {
    const rows = await businessesWithLinks(serviceId);
    return rows.map((row) => presentBusinessServiceOfService(serviceId, row.business, row.link));
  }

  return {
    /**
     * Every service with this company's link (or none): the company detail's 'Servicios en
     * empresa'. Does not check that the company exists; the caller has loaded it.
     */
    async listForBusiness(businessId: number): Promise<BusinessServiceOfBusiness[]> {
      const [services, links] = await Promise.all([
        deps.listServicesInOrder(),
        businessServicesRepository.listOfBusiness(db, businessId),
      ]);
      const linkOf = new Map(links.map((link) => [link.serviceId, link]));
      return services.map(({ id, name, catalogueKey }) =>
        presentBusinessServiceOfBusiness(businessId, { id, name, catalogueKey }, linkOf.get(id) ?? null),
      );
    },

    /** Every company with its link to the service (or none): the service detail's 'Empresas'. */
    async listForService(serviceId: number): Promise<BusinessServiceOfService[]> {
      await deps.assertServiceExists(serviceId);
      return listForService(serviceId);
    },

    /** The companies that have the service, active or not (the delete modal). */
    async listBusinessesOfService(serviceId: number): Promise<ServiceBusiness[]> {
      await deps.assertServiceExists(serviceId);
      const rows = await businessesWithLinks(serviceId);
      return rows.flatMap((row) => (row.link ? [presentServiceBusiness(row.business, row.link)] : []));
    },

    /** 'Activar todo' links every company from the start date; 'Desactivar todo' switches every link off. */
    async updateAllForService(
      serviceId: number,
      input: AllUpdateInput,
      actor: ActivityActor,
    ): Promise<{ activated: boolean; rows: BusinessServiceOfService[] }> {
      await deps.assertServiceExists(serviceId);
      await db.transaction(async (tx) => {
        // One entry on the service (not one per company): 'Activar todo' / 'Desactivar todo'.
        const record = async (after: Record<string, unknown>) =>
          recordActivity(tx, actor, {
            kind: 'service',
            action: 'updated',
            recordId: serviceId,
            recordLabel: await deps.serviceName(serviceId, tx),
            details: { after },
          });
        if (!input.active) {
          await businessServicesRepository.setActiveForService(tx, serviceId, false);
          await record({ empresas: 'todas', activo: false });
          return;
        }
        const startDate = input.startDate ?? BULK_ACTIVATION_START_DATE;
        const businessIds = await deps.listBusinessIds(tx);
        await businessServicesRepository.upsertMany(
          tx,
          businessIds.map((businessId) => ({ businessId, serviceId, active: true, startDate })),
        );
        await record({ empresas: 'todas', activo: true, desde: startDate });
      });
      return { activated: input.active, rows: await listForService(serviceId) };
    },

    /** 'Activar' on a company: creates the link, or reactivates it from the new start date. */
    async activate(
      businessId: number,
      input: CreateInput,
      actor: ActivityActor,
    ): Promise<{ row: BusinessServiceRow; created: boolean }> {
      await deps.assertBusinessExists(businessId);
      try {
        await deps.assertServiceExists(input.serviceId);
      } catch {
        throw badRequest(servicesMsg.serviceNotFound, 'serviceId');
      }
      try {
        const { row, inserted } = await db.transaction(async (tx) => {
          const before = await businessServicesRepository.findLink(tx, businessId, input.serviceId);
          const result = await businessServicesRepository.upsert(tx, {
            businessId,
            serviceId: input.serviceId,
            active: true,
            startDate: input.startDate,
          });
          await recordLinkChange(
            deps.serviceName,
            tx,
            actor,
            businessId,
            result.inserted ? undefined : before,
            result.row,
          );
          return result;
        });
        // Of simultaneous activations of one link, only the one that inserted it says 'created'.
        return { row, created: inserted };
      } catch (error) {
        // The company or the service was deleted meanwhile.
        if (isForeignKeyViolation(error)) throw notFound(msg.businessNotFound);
        throw error;
      }
    },

    /**
     * 'Activar' of the obligations a company's tax profile suggests: links every service named from the
     * start date in one transaction, one activity entry per link; a link already active is left as it is.
     * Answers how many links it switched on.
     */
    async activateMany(businessId: number, input: ActivateManyInput, actor: ActivityActor): Promise<number> {
      await deps.assertBusinessExists(businessId);
      try {
        return await db.transaction(async (tx) => {
          let activated = 0;
          for (const serviceId of [...new Set(input.serviceIds)]) {
            const before = await businessServicesRepository.findLink(tx, businessId, serviceId);
            if (before?.active) continue;
            const result = await businessServicesRepository.upsert(tx, {
              businessId,
              serviceId,
              active: true,
              startDate: input.startDate,
            });
            await recordLinkChange(
              deps.serviceName,
              tx,
              actor,
              businessId,
              result.inserted ? undefined : before,
              result.row,
            );
            activated += 1;
          }
          return activated;
        });
      } catch (error) {
        // A service named is not there (or the company was deleted meanwhile): nothing was linked.
        if (isForeignKeyViolation(error)) throw badRequest(servicesMsg.serviceNotFound, 'serviceIds');
        throw error;
      }
    },

    // The company import reads and writes links with these (the writes inside its one transaction).
    /** Every link of these companies: its service, start date and whether it is active. */
    listOfBusinesses: (businessIds: number[]) => businessServicesRepository.listOfBusinesses(db, businessIds),
    /** Links each company to its service from its start date, active; an existing link takes both. */
    activateLinks: (tx: DbOrTx, links: { businessId: number; serviceId: number; startDate: string }[]) =>
      businessServicesRepository.upsertMany(
        tx,
        links.map((link) => ({ ...link, active: true })),
      ),

    /** Which company has which service applying in a period ending on lastDay (the monthly board). */
    listApplying: readingTables([businessServices], (lastDay: string, businessId?: number) =>
      businessServicesRepository.listApplying(db, lastDay, businessId),
    ),

    /** 'Editar' (start date) / 'Desactivar' (active false) of an existing link. */
    async update(
      businessId: number,
      serviceId: number,
      input: UpdateInput,
      actor: ActivityActor,
    ): Promise<BusinessServiceRow> {
      return db.transaction(async (tx) => {
        const before = await businessServicesRepository.findLink(tx, businessId, serviceId);
        const row = await businessServicesRepository.update(tx, businessId, serviceId, {
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(input.startDate !== undefined ? { startDate: input.startDate } : {}),
        });
        if (!row) throw notFound(servicesMsg.businessServiceNotFound);
        await recordLinkChange(deps.serviceName, tx, actor, businessId, before, row);
        return row;
      });
    },
  };
}

export type BusinessServicesService = ReturnType<typeof createBusinessServicesService>;
