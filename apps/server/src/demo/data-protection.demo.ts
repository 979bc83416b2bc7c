import { addCalendarDays } from '@app/shared/data-protection';
import { santiagoDate } from '@app/shared/period';
import type { AuthUser } from '../lib/auth-user.ts';
import type { DemoServices } from './demo-services.ts';

/**
 * 'Protección de datos' for the demo, through its service as an owner would: the privacy notice's
 * starting text published as version 1 (so each demo client is shown it at their first sign-in), two
 * requests from people still open (one with a temporary block) and an incident already closed.
 * Skipped when a notice is published already.
 */
export async function seedDemoDataProtection(features: DemoServices): Promise<string> {
  const { dataProtection, users } = features;
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) return 'Protección de datos: no hay dueño, sin cambios.';
  const notice = await dataProtection.noticeAdmin();
  if (notice.current) return 'Protección de datos: ya había un aviso publicado, sin cambios.';
  const actor: AuthUser = { id: owner.id, role: owner.role, businessId: null, sessionId: 'demo' };
  const by = { userId: owner.id, ip: null };
  // The starting text leaves blanks where the firm has no data yet (a demo without MAIL_REPLY_TO has
  // no contact address): filled as the owner would before publishing.
  const text = notice.template
    .replaceAll('[Nombre del estudio]', 'Estudio Contable')
    .replaceAll('[correo de contacto]', 'privacidad@estudio.cl');
  await dataProtection.publishNotice(actor, text, by);
  const today = santiagoDate();
  await dataProtection.createRequest(
    actor,
    {
      kind: 'access',
      requesterName: 'Rosa Fuentes Lagos',
      requesterEmail: 'rosa.fuentes@correo.cl',
      requesterRut: '',
      receivedOn: addCalendarDays(today, -24),
      channel: 'email',
      description: 'Trabajó en Comercial Los Aromos; pide saber qué datos suyos guarda el estudio.',
      temporaryBlock: false,
      handledById: owner.id,
    },
    by,
  );
  await dataProtection.createRequest(
    actor,
    {
      kind: 'rectification',
      requesterName: 'Luis Pardo Soto',
      requesterEmail: 'luis.pardo@correo.cl',
      requesterRut: '',
      receivedOn: addCalendarDays(today, -1),
      channel: 'form',
      description: 'Su RUT aparece mal escrito en las liquidaciones de sueldo.',
      temporaryBlock: true,
      handledById: null,
    },
    by,
  );
  await dataProtection.createIncident(
    actor,
    {
      detectedAt: `${addCalendarDays(today, -20)} 10:15`,
      description: 'Un correo con el resumen de cotizaciones de una empresa se envió a otro cliente.',
      dataCategories: ['identification', 'employment'],
      peopleAffected: 8,
      measures:
        'Se pidió al destinatario eliminar el correo y lo confirmó por escrito; se revisó la lista de contactos.',
      agencyNotifiedOn: null,
      agencyNoticeHow: '',
      peopleNotifiedOn: addCalendarDays(today, -19),
      peopleNoticeHow: 'Correo a cada trabajador afectado',
      status: 'closed',
    },
    by,
  );
  return 'Protección de datos: aviso de privacidad publicado (versión 1), 2 solicitudes abiertas y 1 incidente cerrado.';
}
