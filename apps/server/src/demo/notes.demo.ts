import type { AuthUser } from '../lib/auth-user.ts';
import type { DemoServices } from './demo-services.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A few notes for the demo staff (by e-mail): one done, some with a reminder in the coming days. */
const DEMO_NOTES = [
  {
    description: 'Llamar a la empresa por las facturas pendientes de octubre',
    assignee: 'javier@estudio.cl',
    inDays: 1,
  },
  { description: 'Pedir las cartolas bancarias del mes', assignee: 'valentina@estudio.cl', inDays: 3 },
  { description: 'Revisar el cambio de giro en el SII', assignee: 'matias@estudio.cl', inDays: null },
  {
    description: 'Enviar el resumen mensual a los clientes',
    assignee: 'carolina@estudio.cl',
    inDays: null,
    done: true,
  },
  { description: 'Renovar el certificado digital del estudio', assignee: null, inDays: 7 },
] as const;

/** Notes written by the demo owner, through the notes service (skipped when notes exist). */
export async function seedDemoNotes(features: DemoServices): Promise<string> {
  const { notes, users } = features;
  const staff = await users.listStaff();
  const owner = staff.find((user) => user.role === 'owner');
  if (!owner) throw new Error('no hay un Dueño en el estudio');
  const actor: AuthUser = { id: owner.id, role: 'owner', businessId: null, sessionId: 'demo' };
  if ((await notes.list(actor, { order: 'DESC' })).length > 0) return 'Notas: ya había notas, sin cambios.';
  for (const spec of DEMO_NOTES) {
    const assignee = staff.find((user) => user.email === spec.assignee) ?? owner;
    await notes.create(actor, {
      description: spec.description,
      userId: assignee.id,
      // A reminder at 09:00 Santiago (12:00 UTC) some days ahead.
      reminder:
        spec.inDays === null
          ? null
          : new Date(Math.floor(Date.now() / DAY_MS + spec.inDays) * DAY_MS + 12 * 3600_000).toISOString(),
      done: 'done' in spec ? spec.done : false,
    });
  }
  return `Notas: ${DEMO_NOTES.length} notas.`;
}
