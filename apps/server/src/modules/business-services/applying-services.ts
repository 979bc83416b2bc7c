import { type Period, periodBounds } from '@app/shared/period';

interface Deps {
  /** Links that apply by a day (this module's own). */
  listApplying(lastDay: string, businessId?: number): Promise<{ businessId: number; serviceId: number }[]>;
  /** Services active that month (services module). */
  listServicesForMonth(month: number): Promise<{ service: { id: number; name: string } }[]>;
}

/**
 * The services that apply to a company in a period: linked to it by the period's
 * last day and active that month, in the services' order.
 */
export function createApplyingServicesReader(deps: Deps) {
  return async function listApplyingServices(businessId: number, period: Period) {
    const [applying, active] = await Promise.all([
      deps.listApplying(periodBounds(period).lastDay, businessId),
      deps.listServicesForMonth(period.month),
    ]);
    const applies = new Set(applying.map((link) => link.serviceId));
    return active.filter(({ service }) => applies.has(service.id)).map(({ service }) => service);
  };
}
