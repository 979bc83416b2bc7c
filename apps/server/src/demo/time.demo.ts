import { santiagoDate } from '@app/shared/current-period';
import { isNonBusinessDay } from '@app/shared/due-dates';
import { formatDuration } from '@app/shared/duration';
import { TimeEntryInputSchema } from '@app/shared/schemas/time';
import type { DemoServices } from './demo-services.ts';

/** How far back the demo logs time, in days. */
const DAYS_BACK = 92;

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * 'Registro de tiempo' for the demo: an hourly cost for each staff member and, on every business day
 * of the last three months, two or three entries of each on the companies (some with a service), as
 * they would type them. Skipped when any hourly cost is already set.
 */
export async function seedDemoTime(features: DemoServices): Promise<string> {
  const { time, users, businesses, services } = features;
  const costs = await time.listHourlyCosts();
  if (costs.some((cost) => cost.hourlyCost !== null))
    return 'Registro de tiempo: ya había costos por hora, sin cambios.';
  const staff = await users.listStaff();
  const companies = await businesses.list();
  const serviceIds = (await services.listNamesInOrder()).map((service) => service.id);
  if (companies.length === 0) return 'Registro de tiempo: sin empresas, sin cambios.';
  const owner = staff.find((user) => user.role === 'owner');
  const ownerActor = { userId: owner?.id ?? null, ip: null };
  for (const [index, user] of staff.entries()) {
    await time.setHourlyCost(
      { userId: user.id, hourlyCost: user.role === 'owner' ? 45_000 : 18_000 + index * 2_000 },
      ownerActor,
    );
  }
  const today = santiagoDate();
  let entries = 0;
  for (let back = DAYS_BACK; back >= 1; back--) {
    const day = addDays(today, -back);
    if (isNonBusinessDay(day, () => false)) continue;
    for (const [index, user] of staff.entries()) {
      const actor = { id: user.id, role: user.role, businessId: null, sessionId: 'demo' };
      const count = 2 + ((back + index) % 2);
      for (let slot = 0; slot < count; slot++) {
        const seed = back * 31 + index * 7 + slot * 13;
        const company = companies[seed % companies.length];
        if (!company) continue;
        const minutes = 30 + (seed % 8) * 15;
        await time.createEntry(
          actor,
          TimeEntryInputSchema.parse({
            date: day,
            duration: formatDuration(minutes),
            businessId: company.id,
            serviceId: slot === 0 && serviceIds.length > 0 ? serviceIds[seed % serviceIds.length] : null,
            note: slot === 0 ? 'Revisión mensual' : '',
          }),
          { userId: user.id, ip: null },
        );
        entries++;
      }
    }
  }
  return `Registro de tiempo: ${staff.length} costos por hora y ${entries} registros de los últimos tres meses.`;
}
