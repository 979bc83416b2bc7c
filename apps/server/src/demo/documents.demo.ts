import { Readable } from 'node:stream';
import { currentPeriod } from '@app/shared/period';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { demoPdf } from './demo-pdf.ts';
import type { DemoServices } from './demo-services.ts';

const COMPANIES_WITH_FILES = 6;

/**
 * A few small PDFs in the current period's folders of a few companies (those of the demo client
 * users first), uploaded through the documents service as staff would.
 */
export async function seedDemoDocuments(features: DemoServices, maxMegabytes: number): Promise<string> {
  const { documents, businesses, users } = features;
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) return 'Documentos: no hay dueño, sin cambios.';
  const actor: AuthUser = { id: owner.id, role: owner.role, businessId: null, sessionId: 'demo' };
  const period = currentPeriod();
  const label = `${MONTH_NAMES[MONTH_KEYS[period.month - 1] ?? 'jan']} ${period.year}`;
  let added = 0;
  // The companies whose client users sign in first, so a demo client finds documents at once.
  const companies = await businesses.list();
  const withClients: typeof companies = [];
  for (const company of companies) {
    if ((await users.listForBusiness(company.id)).length > 0) withClients.push(company);
  }
  const chosen = [...withClients, ...companies.filter((company) => !withClients.includes(company))];
  for (const company of chosen.slice(0, COMPANIES_WITH_FILES)) {
    const top = await documents.view(actor, company.id, period);
    for (const tile of top.folders.filter((folder) => folder.isActive)) {
      const inside = await documents.view(actor, company.id, period, tile.id);
      if (inside.files.length > 0) return `Documentos: ya había archivos, sin cambios.`;
      const name = `${tile.name} ${label}.pdf`;
      const pdf = demoPdf([tile.name, company.name, `Período: ${label}`, `Servicio: ${tile.service.name}`]);
      await documents.upload(
        actor,
        tile.businessFolderId,
        [{ fileName: name, content: Readable.from([pdf]) }],
        { maxMegabytes },
        SYSTEM_ACTOR,
      );
      added += 1;
    }
  }
  return `Documentos: ${added} archivos PDF en las carpetas de ${label}.`;
}
