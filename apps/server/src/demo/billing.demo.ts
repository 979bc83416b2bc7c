import { addDays, DTE_TYPE_OF } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { FeeTermsInputSchema } from '@app/shared/schemas/billing';
import type { DemoServices } from './demo-services.ts';

/** The demo companies' fees, in turn: pesos with a factura, UF with a factura, a boleta, an exempt factura. */
const FEES = [
  { currency: 'CLP', amount: '120.000', documentType: 'factura_afecta', billingDay: 5, paymentTermDays: 10 },
  { currency: 'UF', amount: '3,5', documentType: 'factura_afecta', billingDay: 1, paymentTermDays: 15 },
  { currency: 'UF', amount: '2', documentType: 'boleta_honorarios', billingDay: 10, paymentTermDays: 30 },
  { currency: 'CLP', amount: '85.000', documentType: 'factura_exenta', billingDay: 15, paymentTermDays: 5 },
] as const;

/**
 * 'Honorarios y cobranza' for the demo: fee terms for each company, made-up daily UF values from two
 * months back to the 9th of next month (as the UF is published ahead), the last two months'
 * charges, and last month's issued with folios. Skipped when any company already has terms.
 */
export async function seedDemoBilling(features: DemoServices): Promise<string> {
  const { billing, businesses, users } = features;
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) throw new Error('no hay un Dueño en el estudio');
  const actor = { userId: owner.id, ip: null };
  const companies = await businesses.list();
  for (const company of companies) {
    if ((await billing.feeTermsOf(company.id)).history.length > 0)
      return 'Honorarios: ya había honorarios, sin cambios.';
  }
  const today = santiagoDate();
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  for (const [index, company] of companies.entries()) {
    const fee = FEES[index % FEES.length] as (typeof FEES)[number];
    await billing.saveFeeTerms(
      company.id,
      FeeTermsInputSchema.parse({ ...fee, effectiveFrom: { year: last.year - 1, month: 1 } }),
      actor,
    );
  }
  // A made-up UF: 39.400,00 two months back, a few pesos more each day.
  const first = `${last.month === 1 ? last.year - 1 : last.year}-${String(last.month === 1 ? 12 : last.month - 1).padStart(2, '0')}-01`;
  const until = `${month === 12 ? year + 1 : year}-${String(month === 12 ? 1 : month + 1).padStart(2, '0')}-09`;
  const values: { date: string; value: number }[] = [];
  for (let day = first, step = 0; day <= until; day = addDays(day, 1), step++) {
    values.push({ date: day, value: 3_940_000 + step * 317 });
  }
  await billing.writeUfValues(values, 'import', actor);
  const lastMonth = await billing.generateCharges(last, actor);
  const thisMonth = await billing.generateCharges({ year, month }, actor);
  const drafts = (await billing.listCharges(last, 'draft')).charges;
  const issued = await billing.issueCharges(
    drafts.map((charge, index) => ({
      chargeId: charge.id,
      dteType: DTE_TYPE_OF[charge.documentType],
      folio: 1001 + index,
    })),
    actor,
  );
  return `Honorarios: ${companies.length} empresas con honorarios, ${values.length} valores UF, ${lastMonth.created + thisMonth.created} cobros (${issued} emitidos).`;
}
