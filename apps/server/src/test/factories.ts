import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { businesses } from '../db/schema/businesses.ts';
import type { TestApp } from './test-app.ts';

let rutCounter = 10_000_000;

/** A valid RUT no other test uses (the bodies move on by 7 so check digits vary). */
export function nextRut(): { typed: string; formatted: string } {
  rutCounter += 7;
  const typed = `${rutCounter}${computeRutCheckDigit(rutCounter)}`;
  return { typed, formatted: formatRut(typed) };
}

/** Inserts a company straight into the database, for tests of other features. */
export async function insertBusiness(t: TestApp, values: Partial<typeof businesses.$inferInsert> = {}) {
  const { formatted: rut } = nextRut();
  const body = rut.slice(0, -2).replaceAll('.', '');
  const [row] = await t.app.context.db
    .insert(businesses)
    .values({
      name: `Empresa ${body}`,
      razonSocial: `Empresa ${body} SpA`,
      rut,
      startContract: '2022-01-01',
      endContract: null,
      legalRepresentative: 'Ana Pérez',
      contact: `contacto${body}@empresa.cl`,
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** Signs in one user of each role (the client belongs to a new company), for permission tests. */
export async function tokensForEveryRole(t: TestApp) {
  const clientBusiness = await insertBusiness(t);
  return {
    owner: await t.ownerToken(),
    collaborator: (await t.userWithRole('collaborator')).token,
    client: (await t.userWithRole('client', { businessId: clientBusiness.id })).token,
    clientBusinessId: clientBusiness.id,
  };
}
