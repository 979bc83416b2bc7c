import { asc } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { businesses } from '../../apps/server/src/modules/businesses/businesses.tables.ts';
import { emailLog } from '../../apps/server/src/modules/email/email.tables.ts';
import { businessGroupMembers, businessGroups } from '../../apps/server/src/modules/groups/groups.tables.ts';
import { users } from '../../apps/server/src/modules/users/users.tables.ts';

/**
 * What the list screens show at a large firm, beside the board's companies: a group holding every
 * company, a staff of 40 and a thousand logged e-mails. Answers the group's id.
 */
export async function seedLists(db: Db): Promise<{ groupId: number }> {
  const companyIds = (await db.select({ id: businesses.id }).from(businesses).orderBy(asc(businesses.id))).map(
    (row) => row.id,
  );
  const [group] = await db
    .insert(businessGroups)
    .values({ name: 'Todas las empresas', description: 'Grupo de prueba con todas las empresas' })
    .returning({ id: businessGroups.id });
  if (!group) throw new Error('group insert failed');
  for (let start = 0; start < companyIds.length; start += 1000) {
    await db
      .insert(businessGroupMembers)
      .values(companyIds.slice(start, start + 1000).map((businessId) => ({ groupId: group.id, businessId })));
  }
  await db.insert(users).values(
    Array.from({ length: 40 }, (_, index) => ({
      name: `Colaborador ${index + 1}`,
      lastName: 'Prueba',
      email: `colaborador${index + 1}@estudio.cl`,
      // Nobody signs in as them: any hash-shaped text will do.
      passwordHash: 'scrypt$bench$none',
      // Collaborators only: the benchmark's owner is the first owner the server creates itself.
      role: 'collaborator' as const,
    })),
  );
  await db.insert(emailLog).values(
    Array.from({ length: 1000 }, (_, index) => ({
      businessId: companyIds[index % companyIds.length] ?? null,
      subject: `Pago Impuesto Mensual (F29) ${index + 1}`,
      emails: 'contacto@empresa.cl,finanzas@empresa.cl',
      content: 'Estimado cliente, adjuntamos el detalle del pago del mes.\n'.repeat(4),
      ok: index % 25 !== 0,
      providerResponse: '250 OK',
    })),
  );
  return { groupId: group.id };
}
