import { currentPeriod } from '@app/shared/period';
import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { SERVICE_COLOR_HEXES } from '@app/shared/schemas/services';
import type { Db } from '../../apps/server/src/db/client.ts';
import { businessServices } from '../../apps/server/src/modules/business-services/business-services.tables.ts';
import { businesses } from '../../apps/server/src/modules/businesses/businesses.tables.ts';
import { monthlyStates } from '../../apps/server/src/modules/monthly-states/monthly-states.tables.ts';
import {
  serviceMonthsActive,
  serviceStates,
  services,
} from '../../apps/server/src/modules/services/services.tables.ts';

/**
 * A large firm for the benchmark, written straight into the database (seeding 576,000 cells
 * through the API would take longer than the benchmark itself): companies × services, every
 * company linked to every service, and a chosen state for every cell of the last months.
 */
export async function seedBoard(db: Db, options: { companies: number; services: number; months: number }) {
  const serviceRows = await db
    .insert(services)
    .values(
      Array.from({ length: options.services }, (_, index) => ({
        name: `Servicio ${index + 1}`,
        startMonthDay: 1,
        lastMonthDay: 20,
        order: index,
      })),
    )
    .returning({ id: services.id });
  await db.insert(serviceMonthsActive).values(serviceRows.map((row) => ({ serviceId: row.id })));
  const stateRows = await db
    .insert(serviceStates)
    .values(
      serviceRows.flatMap((service) =>
        ['Pendiente', 'En proceso', 'Listo'].map((name, order) => ({
          serviceId: service.id,
          name,
          color: SERVICE_COLOR_HEXES[order] ?? '#2ECC71',
          order,
          pctProgress: order * 50,
          hasValue: order === 2,
          showResume: order > 0,
        })),
      ),
    )
    .returning({ id: serviceStates.id, serviceId: serviceStates.serviceId, order: serviceStates.order });

  const companyIds: number[] = [];
  for (let start = 0; start < options.companies; start += 500) {
    const batch = Array.from({ length: Math.min(500, options.companies - start) }, (_, offset) => {
      const body = 60_000_000 + (start + offset) * 7;
      return {
        name: `Empresa ${String(start + offset + 1).padStart(4, '0')} SpA`,
        razonSocial: `Empresa ${start + offset + 1} Sociedad por Acciones`,
        rut: formatRut(`${body}${computeRutCheckDigit(body)}`),
        startContract: '2018-01-01',
        endContract: null,
        legalRepresentative: 'Representante Legal',
        contact: `contacto${start + offset + 1}@empresa.cl`,
      };
    });
    const rows = await db.insert(businesses).values(batch).returning({ id: businesses.id });
    companyIds.push(...rows.map((row) => row.id));
  }

  const links = companyIds.flatMap((businessId) =>
    serviceRows.map((service) => ({ businessId, serviceId: service.id, active: true, startDate: '2018-01-01' })),
  );
  for (let start = 0; start < links.length; start += 5000) {
    await db.insert(businessServices).values(links.slice(start, start + 5000));
  }

  const latest = currentPeriod();
  const statesOf = new Map<number, number[]>();
  for (const state of stateRows) statesOf.set(state.serviceId, [...(statesOf.get(state.serviceId) ?? []), state.id]);
  let cells = 0;
  for (let age = 0; age < options.months; age++) {
    const offset = latest.year * 12 + latest.month - 1 - age;
    const period = { year: Math.floor(offset / 12), month: (offset % 12) + 1 };
    const rows = links.map((link, index) => {
      const choices = statesOf.get(link.serviceId) ?? [];
      const stateId = choices[(index + age) % choices.length] ?? choices[0] ?? 0;
      return {
        businessId: link.businessId,
        serviceId: link.serviceId,
        ...period,
        stateId,
        value: stateId === choices[2] ? 1_234_567 + index : null,
        updatedByName: 'Javier P.',
      };
    });
    for (let start = 0; start < rows.length; start += 5000) {
      await db.insert(monthlyStates).values(rows.slice(start, start + 5000));
    }
    cells += rows.length;
  }
  return { companies: companyIds.length, services: serviceRows.length, cells, period: latest };
}
