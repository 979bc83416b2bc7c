import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { DemoServices } from './demo-services.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The demo staff; the companies' owners ('Encargado') are spread among them (companies.demo.ts). */
export const STAFF = [
  { name: 'Carolina', lastName: 'Muñoz', email: 'carolina@estudio.cl', role: 'owner' },
  { name: 'Javier', lastName: 'Soto', email: 'javier@estudio.cl', role: 'collaborator', allowCalendarView: true },
  { name: 'Valentina', lastName: 'Rojas', email: 'valentina@estudio.cl', role: 'collaborator' },
  { name: 'Matías', lastName: 'González', email: 'matias@estudio.cl', role: 'collaborator' },
] as const;

export async function seedDemoUsers(features: DemoServices): Promise<string> {
  const owner = (await features.users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) throw new Error('no owner');
  const actor = { id: owner.id, role: owner.role, businessId: null, sessionId: 'demo' };
  let created = 0;
  for (const user of STAFF) {
    if (await features.users.findByEmail(user.email)) continue;
    await features.users.create(
      actor,
      {
        allowCalendarView: false,
        ...user,
        password: DEMO_PASSWORD,
      },
      SYSTEM_ACTOR,
    );
    created += 1;
  }
  return `Usuarios del estudio: ${created} creados (contraseña ${DEMO_PASSWORD}).`;
}
