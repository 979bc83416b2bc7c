import { msg } from '@app/shared/messages';
import { servicesMsg } from '@app/shared/messages-services';
import {
  BULK_ACTIVATION_START_DATE,
  type BusinessServiceAllUpdateSchema,
  type BusinessServiceCreateSchema,
  type BusinessServiceOfBusiness,
  type BusinessServiceOfService,
  type BusinessServiceUpdateSchema,
  type ServiceBusiness,
} from '@app/shared/schemas/services';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import {
  presentBusinessServiceOfBusiness,
  presentBusinessServiceOfService,
  presentServiceBusiness,
} from './business-services.presenter.ts';
import { type BusinessServiceRow, businessServicesRepository } from './business-services.repository.ts';

type CreateInput = z.output<typeof BusinessServiceCreateSchema>;
type UpdateInput = z.output<typeof BusinessServiceUpdateSchema>;
type AllUpdateInput = z.output<typeof BusinessServiceAllUpdateSchema>;

interface Deps {
  /** The services module's check that a service exists (404 otherwise). */
  assertServiceExists(serviceId: number): Promise<void>;
  /** The companies module's check that a company exists (404 otherwise). */
  assertBusinessExists(businessId: number): Promise<void>;
}

/** The company-service links (spec 1 §3 "Business-service link"), seen from either side. */
export function createBusinessServicesService(db: Db, deps: Deps) {
  async function listForService(serviceId: number): Promise<BusinessServiceOfService[]> {
    const rows = await businessServicesRepository.listBusinessesWithLinks(db, serviceId);
    return rows.map((row) => presentBusinessServiceOfService(serviceId, row.business, row.link));
  }

  return {
    /**
     * Every service with this company's link (or none): the company detail's 'Servicios en
     * empresa'. Does not check that the company exists; the caller has loaded it.
     */
    async listForBusiness(businessId: number): Promise<BusinessServiceOfBusiness[]> {
      const rows = await businessServicesRepository.listServicesWithLinks(db, businessId);
      return rows.map((row) => presentBusinessServiceOfBusiness(businessId, row.service, row.link));
    },

    /** Every company with its link to the service (or none): the service detail's 'Empresas'. */
    async listForService(serviceId: number): Promise<BusinessServiceOfService[]> {
      await deps.assertServiceExists(serviceId);
      return listForService(serviceId);
    },

    /** The companies that have the service, active or not (the delete modal). */
    async listBusinessesOfService(serviceId: number): Promise<ServiceBusiness[]> {
      await deps.assertServiceExists(serviceId);
      const rows = await businessServicesRepository.listLinkedBusinesses(db, serviceId);
      return rows.map((row) => presentServiceBusiness(row.business, row.link));
    },

    /** 'Activar todo' links every company from the start date; 'Desactivar todo' switches every link off. */
    async updateAllForService(
      serviceId: number,
      input: AllUpdateInput,
    ): Promise<{ activated: boolean; rows: BusinessServiceOfService[] }> {
      await deps.assertServiceExists(serviceId);
      await db.transaction(async (tx) => {
        if (!input.active) {
          await businessServicesRepository.setActiveForService(tx, serviceId, false);
          return;
        }
        const startDate = input.startDate ?? BULK_ACTIVATION_START_DATE;
        const businessIds = await businessServicesRepository.listBusinessIds(tx);
        await businessServicesRepository.upsertMany(
          tx,
          businessIds.map((businessId) => ({ businessId, serviceId, active: true, startDate })),
        );
      });
      return { activated: input.active, rows: await listForService(serviceId) };
    },

    /** 'Activar' on a company: creates the link, or reactivates it from the new start date. */
    async activate(businessId: number, input: CreateInput): Promise<{ row: BusinessServiceRow; created: boolean }> {
      await deps.assertBusinessExists(businessId);
      try {
        await deps.assertServiceExists(input.serviceId);
      } catch {
        throw badRequest(servicesMsg.serviceNotFound, 'serviceId');
      }
      try {
        const { row, inserted } = await businessServicesRepository.upsert(db, {
          businessId,
          serviceId: input.serviceId,
          active: true,
          startDate: input.startDate,
        });
        // Of simultaneous activations of one link, only the one that inserted it says 'created'.
        return { row, created: inserted };
      } catch (error) {
        // The company or the service was deleted meanwhile.
        if (isForeignKeyViolation(error)) throw notFound(msg.businessNotFound);
        throw error;
      }
    },

    /** Which company has which service applying in a period ending on lastDay (the monthly board). */
    listApplying: (lastDay: string, businessId?: number) =>
      businessServicesRepository.listApplying(db, lastDay, businessId),

    /** 'Editar' (start date) / 'Desactivar' (active false) of an existing link. */
    async update(businessId: number, serviceId: number, input: UpdateInput): Promise<BusinessServiceRow> {
      const row = await businessServicesRepository.update(db, businessId, serviceId, {
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.startDate !== undefined ? { startDate: input.startDate } : {}),
      });
      if (!row) throw notFound(servicesMsg.businessServiceNotFound);
      return row;
    },
  };
}

export type BusinessServicesService = ReturnType<typeof createBusinessServicesService>;
