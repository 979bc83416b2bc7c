import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { usersRepository } from './users.repository.ts';

/**
 * On first start (no owner yet) creates one from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * password that is printed once and never stored in plain text.
 */
export async function ensureFirstOwner(context: AppContext, announce?: (message: string) => void) {
  const { db, config } = context;
  if ((await usersRepository.countOwners(db)) > 0) return;
  const password = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  const existing = await usersRepository.findByEmail(db, config.ADMIN_EMAIL);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await usersRepository.update(db, existing.id, { role: 'owner', businessId: null, passwordHash });
  } else {
    await usersRepository.insert(db, {
      name: 'Administrador',
      lastName: '',
      email: config.ADMIN_EMAIL,
      role: 'owner',
      passwordHash,
    });
  }
  if (config.ADMIN_PASSWORD) {
    announce?.(`Primer usuario Dueño creado: ${config.ADMIN_EMAIL} (contraseña de ADMIN_PASSWORD).`);
  } else {
    announce?.(
      `\n  Primer usuario Dueño creado:\n    email:      ${config.ADMIN_EMAIL}\n    contraseña: ${password}\n  Guárdala ahora: no se volverá a mostrar.\n`,
    );
  }
}
