import { businesses } from '../db/schema/businesses.ts';
import type { TestApp } from './test-app.ts';

let rutCounter = 10_000_000;

/** Computes the modulus-11 check digit of a RUT body. */
function checkDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** Inserts a company straight into the database, for tests of other features. */
export async function insertBusiness(t: TestApp, values: Partial<typeof businesses.$inferInsert> = {}) {
  rutCounter += 1;
  const body = rutCounter;
  const rut = `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${checkDigit(body)}`;
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
