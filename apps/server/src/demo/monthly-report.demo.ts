import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { santiagoWallClock } from '../lib/santiago-wall-clock.ts';
import { pngLogo } from './demo-logo.ts';
import type { DemoServices } from './demo-services.ts';

/** The demo firm's RUT: a valid one. */
const FIRM_RUT = formatRut(`76543210${computeRutCheckDigit(76_543_210)}`);

/**
 * 'Datos del estudio' and 'Informe mensual' for the demo: the firm's name, RUT, address and logo,
 * the report e-mailed on day 5, and last month's reports sent as the scheduler sends them on that day
 * (to the local outbox without SMTP_URL, and so logged). Skipped when the firm's name is already typed.
 */
export async function seedDemoMonthlyReport(features: DemoServices): Promise<string> {
  const { firm, monthlyReport, users } = features;
  if ((await firm.identity()).name) return 'Informe mensual: el estudio ya tenía sus datos, sin cambios.';
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  const actor = { userId: owner?.id ?? null, ip: null };
  await firm.save(
    {
      name: 'Estudio Contable Andes',
      rut: FIRM_RUT,
      address: 'Av. Providencia 1208, of. 402, Providencia, Santiago',
      monthlyReportDay: 5,
    },
    actor,
  );
  await firm.setLogo(pngLogo(160, 64), actor);
  // Day 5 of this month at 10:00 in Santiago: last month's reports go out as on that day.
  const clock = santiagoWallClock(new Date());
  const dayFive = new Date(`${clock.year}-${clock.month}-05T14:00:00Z`);
  while ((await monthlyReport.runMail(dayFive)) > 0) {
    // a batch at a time, as the scheduler sends them
  }
  const clockFive = santiagoWallClock(dayFive);
  const index = Number(clockFive.year) * 12 + Number(clockFive.month) - 2;
  const rows = await monthlyReport.sendsOf({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Informe mensual: datos del estudio con logo, envío el día 5; del mes pasado ${plural(count('sent'), 'informe enviado', 'informes enviados')}, ${plural(count('outbox'), 'guardado', 'guardados')} en la bandeja local (sin SMTP_URL no se envían).`;
}
