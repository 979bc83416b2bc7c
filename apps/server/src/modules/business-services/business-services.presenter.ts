import type {
  BusinessService,
  BusinessServiceOfBusiness,
  BusinessServiceOfService,
  ServiceBusiness,
} from '@app/shared/schemas/services';
import type { BusinessServiceRow } from './business-services.repository.ts';

export function presentBusinessService(row: BusinessServiceRow): BusinessService {
  return {
    id: row.id,
    businessId: row.businessId,
    serviceId: row.serviceId,
    active: row.active,
    startDate: row.startDate,
  };
}

export function presentBusinessServiceOfBusiness(
  businessId: number,
  service: { id: number; name: string; catalogueKey: string | null },
  link: BusinessServiceRow | null,
): BusinessServiceOfBusiness {
  return {
    id: link?.id ?? null,
    businessId,
    serviceId: service.id,
    active: link?.active ?? false,
    startDate: link?.startDate ?? null,
    service: { id: service.id, name: service.name, catalogueKey: service.catalogueKey },
  };
}

export function presentBusinessServiceOfService(
  serviceId: number,
  business: { id: number; name: string; rut: string },
  link: BusinessServiceRow | null,
): BusinessServiceOfService {
  return {
    id: link?.id ?? null,
    businessId: business.id,
    serviceId,
    active: link?.active ?? false,
    startDate: link?.startDate ?? null,
    business: { id: business.id, name: business.name, rut: business.rut },
  };
}

export function presentServiceBusiness(
  business: { id: number; name: string; rut: string },
  link: BusinessServiceRow,
): ServiceBusiness {
  return { id: business.id, name: business.name, rut: business.rut, active: link.active, startDate: link.startDate };
}
