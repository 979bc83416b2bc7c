import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { usersRepository } from './users.repository.ts';

/**
 * On first start (no owner yet) creates one from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * password that is printed once and never stored in plain text. Of several instances starting at
 * once on a new database, one creates it. The demo names its own first owner; the server's is
 * 'Administrador'.
 */
export async function ensureFirstOwner(
  db: Db,
  admin: { email: string; password?: string; name?: string; lastName?: string },
  announce?: (message: string) => void,
) {
  if ((await usersRepository.countOwners(db)) > 0) return;
  const password = admin.password ?? randomBytes(9).toString('base64url');
  const existing = await usersRepository.findByEmail(db, admin.email);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await usersRepository.update(db, existing.id, { role: 'owner', businessId: null, passwordHash });
  } else {
    try {
      await usersRepository.insert(db, {
        name: admin.name ?? 'Administrador',
        lastName: admin.lastName ?? '',
        email: admin.email,
        role: 'owner',
        passwordHash,
      });
    } catch (error) {
      // Another instance starting at the same moment created it (and announces its password).
      if (isUniqueViolation(error)) return;
      throw error;
    }
  }
  if (admin.password) {
    announce?.(`Primer usuario Dueño creado: ${admin.email} (contraseña de ADMIN_PASSWORD).`);
  } else {
    announce?.(
      `\n  Primer usuario Dueño creado:\n    email:      ${admin.email}\n    contraseña: ${password}\n  Guárdala ahora: no se volverá a mostrar.\n`,
    );
  }
}
