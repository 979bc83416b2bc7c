import { compareNames } from '@app/shared/collator';
import { timeMsg } from '@app/shared/messages-time';
import { periodBounds } from '@app/shared/period';
import type { Profitability } from '@app/shared/schemas/time';
import type { Db } from '../../db/client.ts';
import { timeRepository as repository } from './time.repository.ts';

export interface ProfitabilityDeps {
  /** The billing module: a month's fee billed per company (the net of its issued charges). */
  issuedNetByBusiness(year: number, month: number): Promise<Map<number, number>>;
  /** The companies module: these companies' names by id. */
  businessNames(ids: readonly number[]): Promise<Map<number, string>>;
  /** The services module: every service's id and name. */
  listServiceNames(): Promise<{ id: number; name: string }[]>;
  /** The users module: the staff. */
  listStaff(): Promise<{ id: number; name: string; lastName: string; role: string }[]>;
}

/**
 * Profitability of a month per company: the fee billed (issued charges' net; drafts and voided
 * charges do not count) against the cost of the time logged for it, Σ minutes / 60 × each
 * person's current hourly cost, rounded to whole pesos once per company. margin = fee − cost;
 * margin % = margin / fee (one decimal), none without a fee. Worst margin first.
 */
export function createProfitabilityService(db: Db, deps: ProfitabilityDeps) {
  return {
    async month(year: number, month: number): Promise<Profitability> {
      const { firstDay, lastDay } = periodBounds({ year, month });
      const [fees, byBusiness, byService, withoutCostIds] = await Promise.all([
        deps.issuedNetByBusiness(year, month),
        repository.monthByBusiness(db, firstDay, lastDay),
        repository.monthByService(db, firstDay, lastDay),
        repository.usersWithoutCost(db, firstDay, lastDay),
      ]);
      const time = new Map(byBusiness.map((row) => [row.businessId, row]));
      const ids = [...new Set([...fees.keys(), ...time.keys()])];
      const [names, services, staff] = await Promise.all([
        deps.businessNames(ids),
        byService.length > 0 ? deps.listServiceNames() : [],
        withoutCostIds.length > 0 ? deps.listStaff() : [],
      ]);
      const rows = ids
        .map((businessId) => {
          const fee = fees.get(businessId) ?? 0;
          const logged = time.get(businessId);
          const cost = Math.round((logged?.costMinutes ?? 0) / 60);
          const margin = fee - cost;
          return {
            businessId,
            businessName: names.get(businessId) ?? '',
            fee,
            minutes: logged?.minutes ?? 0,
            cost,
            margin,
            marginPct: fee > 0 ? Math.round((margin / fee) * 1000) / 10 : null,
          };
        })
        .sort((a, b) => a.margin - b.margin || compareNames(a.businessName, b.businessName));
      const serviceNames = new Map(services.map((service) => [service.id, service.name]));
      const staffNames = new Map(staff.map((user) => [user.id, `${user.name} ${user.lastName}`.trim()]));
      const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
      return {
        year,
        month,
        rows,
        totals: {
          fee: sum((row) => row.fee),
          minutes: sum((row) => row.minutes),
          cost: sum((row) => row.cost),
          margin: sum((row) => row.margin),
        },
        services: byService
          .map((row) => ({
            serviceId: row.serviceId,
            serviceName: row.serviceId === null ? timeMsg.noService : (serviceNames.get(row.serviceId) ?? ''),
            minutes: row.minutes,
          }))
          .sort((a, b) => b.minutes - a.minutes || compareNames(a.serviceName, b.serviceName)),
        withoutCost: withoutCostIds
          .map((id) => staffNames.get(id) ?? '')
          .filter(Boolean)
          .sort(compareNames),
      };
    },
  };
}

export type ProfitabilityService = ReturnType<typeof createProfitabilityService>;
