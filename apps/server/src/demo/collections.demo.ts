import { addDays, DTE_TYPE_OF } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { BillingSettingsSaveSchema } from '@app/shared/schemas/billing-collections';
import { periodsUpTo } from './demo-periods.ts';
import type { DemoServices } from './demo-services.ts';

/** How many months of charges and payments the demo shows, this one included. */
const MONTHS = 6;
/** Folios of the months before the billing demo's: apart from its 1001 on. */
const FIRST_FOLIO = 5001;

/**
 * 'Cobranza' for the demo, after the fees' demo: the firm's transfer details (reminders off), the
 * charges of the four months before the billing demo's two (with the UF values they need), all of
 * them issued but this month's, and payments: most companies pay each charge a few days after it
 * is issued; every fourth company stopped paying three months ago (overdue in the collections
 * list), one paid half of its last charge, one paid more than it owed (credit). Skipped when any
 * payment exists.
 */
export async function seedDemoCollections(features: DemoServices): Promise<string> {
  const { billing, businesses, users } = features;
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) throw new Error('no hay un Dueño en el estudio');
  const actor = { userId: owner.id, ip: null };
  if ((await billing.payments.list({})).length > 0) return 'Cobranza: ya había pagos, sin cambios.';

  await billing.saveSettings(
    BillingSettingsSaveSchema.parse({
      bank: 'Banco de Chile',
      accountType: 'Cuenta corriente',
      accountNumber: '00-800-12345-06',
      holder: 'Estudio Contable Muñoz SpA',
      rut: '76.086.428-5',
      receiptEmail: 'cobranza@estudio.cl',
      reminderOffsets: [-3, 0, 7, 15],
      remindersEnabled: false,
    }),
    actor,
  );

  const today = santiagoDate();
  const months = periodsUpTo({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }, MONTHS);
  // The UF of the months the billing demo did not cover: a few pesos less each day back.
  const firstDay = `${months[0]?.year}-${String(months[0]?.month).padStart(2, '0')}-01`;
  const known = await billing.ufStoredOn([firstDay]);
  if (!known.has(firstDay)) {
    const values: { date: string; value: number }[] = [];
    // The billing demo's values start on the first day of the month before last.
    const until = addDays(`${months[MONTHS - 3]?.year}-${String(months[MONTHS - 3]?.month).padStart(2, '0')}-01`, -1);
    for (let day = until, step = 1; day >= firstDay; day = addDays(day, -1), step++) {
      values.push({ date: day, value: 3_930_000 - step * 317 });
    }
    await billing.writeUfValues(values, 'import', actor);
  }
  let folio = FIRST_FOLIO;
  for (const period of months.slice(0, -1)) {
    await billing.generateCharges(period, actor);
    const drafts = (await billing.listCharges(period, 'draft')).charges;
    folio += drafts.length;
    await billing.issueCharges(
      drafts.map((charge, index) => ({
        chargeId: charge.id,
        dteType: DTE_TYPE_OF[charge.documentType],
        folio: folio - drafts.length + index,
      })),
      actor,
    );
  }

  const companies = await businesses.list();
  let payments = 0;
  for (const [index, company] of companies.entries()) {
    const late = index % 4 === 3;
    const statement = await billing.statementOf(company.id);
    const charges = statement.charges.filter((charge) => charge.total !== null);
    for (const [position, charge] of charges.entries()) {
      const fromEnd = charges.length - position;
      if (late && fromEnd <= 3) continue;
      const date = addDays(charge.issueDate, 3 + (index % 7));
      if (date > today) continue;
      const total = charge.total ?? 0;
      const amount =
        index === 1 && fromEnd === 1 ? Math.round(total / 2) : index === 2 && fromEnd === 1 ? total + 50_000 : total;
      await billing.payments.record(
        {
          businessId: company.id,
          date,
          amount,
          method: index % 3 === 0 ? 'deposito' : 'transferencia',
          reference: `Folio ${charge.folio ?? ''}`.trim(),
          chargeIds: [charge.id],
        },
        actor,
      );
      payments += 1;
    }
  }
  return `Cobranza: datos de transferencia, ${MONTHS} meses de cobros, ${payments} pagos, ${Math.ceil((companies.length - 3) / 4)} empresas atrasadas.`;
}
