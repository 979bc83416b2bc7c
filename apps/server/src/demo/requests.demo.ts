import { Readable } from 'node:stream';
import { currentPeriod, type Period } from '@app/shared/period';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { demoPdf } from './demo-pdf.ts';
import type { DemoServices } from './demo-services.ts';

interface DemoTemplate {
  service: string;
  title: string;
  dueDay: number;
  sendDay: number | null;
  /** Each document and the name of the service's folder template it is filed into. */
  items: { name: string; folder: string }[];
}

const TEMPLATES: DemoTemplate[] = [
  {
    service: 'IVA mensual (F29)',
    title: 'Documentos para el IVA',
    dueDay: 5,
    sendDay: 1,
    items: [
      { name: 'Facturas de compra (XML o PDF)', folder: 'Facturas recibidas' },
      { name: 'Libro de compras', folder: 'Compras' },
      { name: 'Libro de ventas', folder: 'Ventas' },
    ],
  },
  {
    service: 'Contabilidad',
    title: 'Respaldo contable del mes',
    dueDay: 10,
    sendDay: null,
    items: [
      { name: 'Cartola bancaria', folder: 'Cartolas bancarias' },
      { name: 'Boletas de honorarios', folder: 'Boletas de honorarios' },
    ],
  },
];

/**
 * Request templates on two demo services, sent for the current period ('Solicitar a todas') as the
 * owner would: every company of those services gets its list, and those with contacts an e-mail
 * (in the e-mail log; in the local outbox without SMTP_URL).
 */
export async function seedDemoRequests(features: DemoServices, maxMegabytes: number): Promise<string> {
  const { requests, services, users } = features;
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) return 'Solicitudes: no hay dueño, sin cambios.';
  const actor: AuthUser = { id: owner.id, role: owner.role, businessId: null, sessionId: 'demo' };
  const period = currentPeriod();
  let created = 0;
  let emailed = 0;
  for (const spec of TEMPLATES) {
    const [service] = await services.findByName(spec.service);
    if (!service) continue;
    if ((await requests.listTemplates(service.id)).length > 0) return 'Solicitudes: ya había plantillas, sin cambios.';
    const { folders } = await services.getDetail(service.id);
    const items = spec.items.flatMap((item) => {
      const folder = folders.find((candidate) => candidate.name === item.folder);
      return folder ? [{ name: item.name, serviceFolderId: folder.id }] : [];
    });
    if (items.length === 0) continue;
    const template = await requests.createTemplate(service.id, {
      title: spec.title,
      dueDay: spec.dueDay,
      sendDay: spec.sendDay,
      items,
    });
    const sent = await requests.sendTemplate(actor, template.id, period);
    created += sent.created;
    emailed += sent.emailed;
  }
  // 'Solicitar a todas' answers before its e-mails go out: the summary below says they went.
  await requests.mailsSettled();
  const label = `${MONTH_NAMES[MONTH_KEYS[period.month - 1] ?? 'jan']} ${period.year}`;
  const answered = await answerAsClients(features, actor, period, label, maxMegabytes);
  // A company with both services gets two requests and two e-mails: companies are counted once.
  const { rows } = await requests.listForPeriod(actor, period);
  const companies = new Set(rows.map((row) => row.business.id)).size;
  return describeDemoRequests({ created, companies, emailed, answered, label }, features.email.status().mailConfigured);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The demo's line about the requests, with the true numbers: requests, the companies they went to,
 * the e-mails written to their contacts (kept in the local outbox, not sent, without SMTP_URL).
 */
export function describeDemoRequests(
  seeded: { created: number; companies: number; emailed: number; answered: number; label: string },
  mailConfigured: boolean,
): string {
  const { created, companies, emailed, answered, label } = seeded;
  const mails = count(emailed, 'correo', 'correos');
  const mailed = mailConfigured
    ? `${mails} a sus contactos`
    : `${mails} a sus contactos, ${emailed === 1 ? 'guardado' : 'guardados'} en la bandeja local (sin SMTP_URL no se envían)`;
  return (
    `Solicitudes: ${count(created, 'solicitud', 'solicitudes')} de documentos de ${label} a ` +
    `${count(companies, 'empresa', 'empresas')} (${mailed}; ${count(answered, 'respondida', 'respondidas')} en parte por sus clientes).`
  );
}

/**
 * The demo clients' companies answer part of their first request, so every state shows: the
 * client sent the first document (staff see 'por revisar'), and in every other company staff have
 * already accepted the second one.
 */
async function answerAsClients(
  { requests, itemUploads, businesses, users }: DemoServices,
  staff: AuthUser,
  period: Period,
  label: string,
  maxMegabytes: number,
): Promise<number> {
  let answered = 0;
  for (const company of await businesses.list()) {
    const [client] = await users.listForBusiness(company.id);
    if (!client) continue;
    const { rows } = await requests.listForPeriod(staff, period, company.id);
    const [first, second] = rows[0]?.items ?? [];
    if (!first) continue;
    const clientActor: AuthUser = { id: client.id, role: 'client', businessId: company.id, sessionId: 'demo' };
    const pdf = demoPdf([first.name, company.name, `Período: ${label}`]);
    await itemUploads.upload(
      clientActor,
      first.id,
      [{ fileName: `${first.name}.pdf`, content: Readable.from([pdf]) }],
      { maxMegabytes },
      SYSTEM_ACTOR,
    );
    if (second && answered % 2 === 1) await requests.reviewItem(staff, second.id, { status: 'received' });
    answered += 1;
  }
  return answered;
}
