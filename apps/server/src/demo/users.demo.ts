import type { Db } from '../db/client.ts';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import { ensureFirstOwner } from '../modules/users/first-owner.ts';
import type { DemoServices } from './demo-services.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The demo staff; the companies' owners ('Encargado') are spread among them (companies.demo.ts). */
export const STAFF = [
  { name: 'Carolina', lastName: 'Muñoz', email: 'carolina@estudio.cl', role: 'owner' },
  { name: 'Javier', lastName: 'Soto', email: 'javier@estudio.cl', role: 'collaborator', allowCalendarView: true },
  { name: 'Valentina', lastName: 'Rojas', email: 'valentina@estudio.cl', role: 'collaborator' },
  { name: 'Matías', lastName: 'González', email: 'matias@estudio.cl', role: 'collaborator' },
] as const;

/**
 * On a new database the demo's owner is the firm's first owner, so that no 'Administrador'
 * (ADMIN_EMAIL) account is left beside her. Runs before the app is assembled, which would
 * otherwise create that account.
 */
export async function ensureDemoOwner(db: Db): Promise<void> {
  const [carolina] = STAFF;
  await ensureFirstOwner(db, { ...carolina, password: DEMO_PASSWORD });
}

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
  const demoEmails = new Set<string>(STAFF.map((user) => user.email));
  const otherOwners = (await features.users.listStaff()).filter(
    (user) => user.role === 'owner' && !demoEmails.has(user.email),
  );
  const lines = [`Usuarios del estudio: ${created} creados (contraseña ${DEMO_PASSWORD}).`];
  // A server started before the demo made its first owner from ADMIN_EMAIL: say so rather than leave it unseen.
  for (const user of otherOwners) {
    const name = `${user.name} ${user.lastName}`.trim();
    lines.push(
      `Además hay otro Dueño: ${name} (${user.email}), creado antes de la demostración; puede eliminarlo en Usuarios si no lo usa.`,
    );
  }
  return lines.join('\n');
}
