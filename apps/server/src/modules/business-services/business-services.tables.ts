import { boolean, date, integer, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { services } from '../services/services.tables.ts';

// Owned by the business-services module (business-services.repository.ts). Other modules reach the links
// through its functions (listApplying, listApplyingServices, listForBusiness); the company import reads
// and writes them through listOfBusinesses and activateLinks, inside its one transaction.

/** The company-service link: the service applies to the company from its start date while it is active. */
export const businessServices = pgTable(
  'business_services',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    startDate: date('start_date', { mode: 'string' }).notNull(),
  },
  (table) => [unique('business_services_business_service_unique').on(table.businessId, table.serviceId)],
);
