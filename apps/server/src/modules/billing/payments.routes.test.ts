import { msg } from '@app/shared/messages';
import { billingMsg } from '@app/shared/messages-billing';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { moneyMsg } from '@app/shared/money';
import type { PaymentView } from '@app/shared/schemas/billing-collections';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { companyWithTerms } from '../../test/billing-factories.ts';
import { countRows, insertCharge, pay } from '../../test/collections-factories.ts';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// 15 November 2026, noon in Santiago.
const NOW = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = (await tokensForEveryRole(t)).owner;
});

const openOf = async (chargeId: number) => {
  const result = (await t.database.db.execute(sql`
    select c.total - coalesce((select sum(a.amount) from billing_payment_allocations a
      join billing_payments p on p.id = a.payment_id and p.status = 'confirmed' where a.charge_id = c.id), 0) as open
    from billing_charges c where c.id = ${chargeId}`)) as unknown as { rows: { open: string }[] };
  return Number(result.rows[0]?.open);
};
const statementTotals = async (businessId: number) => {
  const answer = await t.request({ method: 'GET', url: `/api/billing/business/${businessId}/statement`, token: owner });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().totals as { open: number; credit: number; balance: number; paid: number; charged: number };
};

describe('recording a payment', () => {
  it('pays the oldest due charges first, partially the last, and says so', async () => {
    const company = await insertBusiness(t);
    const october = await insertCharge(t, { businessId: company.id, total: 100_000, dueDate: '2026-10-15' });
    const september = await insertCharge(t, {
      businessId: company.id,
      total: 50_000,
      dueDate: '2026-09-15',
      status: 'draft',
    });
    const november = await insertCharge(t, { businessId: company.id, total: 80_000, dueDate: '2026-11-15' });
    const { message, payment } = await pay(t, owner, { businessId: company.id, amount: '120.000' });
    expect(message).toBe(collectionsMsg.paymentRecorded(120_000, 0));
    expect(payment.allocations.map(({ chargeId, amount, released }) => ({ chargeId, amount, released }))).toEqual([
      { chargeId: september.id, amount: 50_000, released: false },
      { chargeId: october.id, amount: 70_000, released: false },
    ]);
    expect([await openOf(september.id), await openOf(october.id), await openOf(november.id)]).toEqual([
      0, 30_000, 80_000,
    ]);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'payment'), eq(activity.recordId, String(payment.id))));
    expect(entry?.action).toBe('created');
    expect(entry?.details?.after).toMatchObject({ amount: 120_000, aplicado: 120_000, saldoAFavor: 0 });
  });

  it('keeps an overpayment as credit, which the next charge takes when credit is applied', async () => {
    const company = await insertBusiness(t);
    const charge = await insertCharge(t, { businessId: company.id, total: 100_000, dueDate: '2026-10-15' });
    const { message, payment } = await pay(t, owner, { businessId: company.id, amount: 150_000 });
    expect(message).toBe(collectionsMsg.paymentRecorded(100_000, 50_000));
    expect([payment.applied, payment.credit]).toEqual([100_000, 50_000]);
    expect(await statementTotals(company.id)).toMatchObject({ open: 0, credit: 50_000, balance: -50_000 });

    // December's charge is generated later: 'Aplicar saldo a favor' (and the credit job) pay it from the credit.
    const later = await insertCharge(t, { businessId: company.id, total: 80_000, dueDate: '2026-12-15' });
    const applied = await t.request({
      method: 'POST',
      url: `/api/billing/business/${company.id}/apply-credit`,
      token: owner,
      payload: {},
    });
    expect(applied.json()).toEqual({
      message: 'Se aplicaron $50.000 del saldo a favor a cobros pendientes: quedan $30.000 por pagar',
      applied: 50_000,
      credit: 0,
      open: 30_000,
    });
    expect(await openOf(later.id)).toBe(30_000);
    expect(await openOf(charge.id)).toBe(0);
    expect(await statementTotals(company.id)).toMatchObject({ open: 30_000, credit: 0, balance: 30_000 });
    const logged = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'payment'), eq(activity.action, 'applied'), eq(activity.businessId, company.id)));
    expect(logged.map((entry) => [entry.recordLabel, entry.actorId !== null])).toEqual([
      ['Saldo a favor $50.000', true],
    ]);

    // Pressed again (another owner's click a moment later): nothing left to apply, and it says so.
    const again = await t.request({
      method: 'POST',
      url: `/api/billing/business/${company.id}/apply-credit`,
      token: owner,
      payload: {},
    });
    expect(again.json()).toEqual({
      message: 'No había saldo a favor que aplicar a cobros pendientes: quedan $30.000 por pagar',
      applied: 0,
      credit: 0,
      open: 30_000,
    });
    // Credit without open charges: nothing to pay, the credit stays.
    const ahead = await insertBusiness(t);
    await pay(t, owner, { businessId: ahead.id, amount: 20_000 });
    const none = await t.request({
      method: 'POST',
      url: `/api/billing/business/${ahead.id}/apply-credit`,
      token: owner,
      payload: {},
    });
    expect(none.json()).toEqual({
      message: 'No hay cobros pendientes a los que aplicar el saldo a favor: quedan $20.000 a favor',
      applied: 0,
      credit: 20_000,
      open: 0,
    });
  });

  it('pays the charges named first, in their order, then the oldest', async () => {
    const company = await insertBusiness(t);
    const old = await insertCharge(t, { businessId: company.id, total: 100_000, dueDate: '2026-08-15' });
    const chosen = await insertCharge(t, { businessId: company.id, total: 60_000, dueDate: '2026-10-15' });
    const { payment } = await pay(t, owner, { businessId: company.id, amount: '80.000', chargeIds: [chosen.id] });
    expect(payment.allocations.map((row) => [row.chargeId, row.amount])).toEqual([
      [old.id, 20_000],
      [chosen.id, 60_000],
    ]);
  });

  it('refuses with Spanish 400s: a charge of another company, one already paid, a future date, NUL, ambiguous amounts', async () => {
    const company = await insertBusiness(t);
    const other = await insertBusiness(t);
    const theirs = await insertCharge(t, { businessId: other.id, total: 10_000, dueDate: '2026-10-15' });
    const voided = await insertCharge(t, {
      businessId: company.id,
      total: 10_000,
      dueDate: '2026-10-15',
      status: 'void',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ chargeIds: [theirs.id] }, collectionsMsg.chargeNotOfCompany],
      [{ chargeIds: [voided.id] }, collectionsMsg.chargeNotOpen],
      [{ date: '2026-11-16' }, collectionsMsg.paymentDateFuture],
      [{ amount: '1,234' }, moneyMsg.ambiguous],
      [{ amount: '0' }, billingMsg.paymentAmountPositive],
      [{ amount: '-5.000' }, moneyMsg.negative],
      [{ reference: 'a\u0000b' }, msg.forbiddenChars],
      [{ method: 'bitcoin' }, billingMsg.invalidMethod],
      [{ date: '0000-01-01' }, msg.dateOutOfRange],
      [{ date: '2026-02-30' }, billingMsg.invalidDate],
      [{ chargeIds: [2_147_483_648] }, billingMsg.chargeNotFound],
    ];
    for (const [change, message] of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/billing/payments',
        token: owner,
        payload: { businessId: company.id, date: '2026-11-10', amount: '10.000', method: 'transferencia', ...change },
      });
      expect([JSON.stringify(change), answer.statusCode]).toEqual([JSON.stringify(change), 400]);
      expect(answer.body).toContain(message);
    }
    const missing = await t.request({
      method: 'POST',
      url: '/api/billing/payments',
      token: owner,
      payload: { businessId: 999_999, date: '2026-11-10', amount: '10.000', method: 'efectivo' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await countRows(t, 'billing_payments', sql`business_id = ${company.id}`)).toBe(0);
  });
});

describe('reversing a payment and voiding a charge keep every row', () => {
  it('reverses with a reason: the payment and its allocations stay, the charges are open again, the log says why', async () => {
    const company = await insertBusiness(t);
    const charge = await insertCharge(t, { businessId: company.id, total: 90_000, dueDate: '2026-10-15' });
    const { payment } = await pay(t, owner, { businessId: company.id, amount: 90_000 });
    const rowsBefore = [await countRows(t, 'billing_payments'), await countRows(t, 'billing_payment_allocations')];

    const noReason = await t.request({
      method: 'POST',
      url: `/api/billing/payments/${payment.id}/reverse`,
      token: owner,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(collectionsMsg.reverseReasonRequired);

    const reversed = await t.request({
      method: 'POST',
      url: `/api/billing/payments/${payment.id}/reverse`,
      token: owner,
      payload: { reason: 'Transferencia devuelta por el banco' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const view = reversed.json().payment as PaymentView;
    expect([view.status, view.reason, view.applied, view.credit]).toEqual([
      'reversed',
      'Transferencia devuelta por el banco',
      0,
      0,
    ]);
    expect(view.allocations).toEqual([
      expect.objectContaining({ chargeId: charge.id, amount: 90_000, released: true }),
    ]);
    expect([await countRows(t, 'billing_payments'), await countRows(t, 'billing_payment_allocations')]).toEqual(
      rowsBefore,
    );
    expect(await openOf(charge.id)).toBe(90_000);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(
        and(eq(activity.kind, 'payment'), eq(activity.action, 'reversed'), eq(activity.recordId, String(payment.id))),
      );
    expect(entry?.details?.after).toEqual({ status: 'Reversado', reason: 'Transferencia devuelta por el banco' });

    const again = await t.request({
      method: 'POST',
      url: `/api/billing/payments/${payment.id}/reverse`,
      token: owner,
      payload: { reason: 'otra vez' },
    });
    expect(again.statusCode).toBe(409);
    expect(await statementTotals(company.id)).toMatchObject({ open: 90_000, credit: 0, balance: 90_000, paid: 0 });
  });

  it("releases a voided charge's allocations to credit, which goes to the company's other open charge", async () => {
    const company = await insertBusiness(t);
    const wrong = await insertCharge(t, {
      businessId: company.id,
      total: 100_000,
      dueDate: '2026-09-15',
      status: 'draft',
    });
    const next = await insertCharge(t, { businessId: company.id, total: 70_000, dueDate: '2026-10-15' });
    const { payment } = await pay(t, owner, { businessId: company.id, amount: 100_000 });
    expect(payment.allocations.map((row) => row.chargeId)).toEqual([wrong.id]);
    const allocationsBefore = await countRows(t, 'billing_payment_allocations');
    const chargesBefore = await countRows(t, 'billing_charges');

    const voided = await t.request({
      method: 'POST',
      url: `/api/billing/charges/${wrong.id}/void`,
      token: owner,
      payload: { reason: 'Monto equivocado' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await countRows(t, 'billing_charges')).toBe(chargesBefore);
    // The voided charge's allocation stays (released); a new one pays the other charge from the credit.
    expect(await countRows(t, 'billing_payment_allocations')).toBe(allocationsBefore + 1);
    const view = (
      await t.request({ method: 'GET', url: `/api/billing/payments/${payment.id}`, token: owner })
    ).json() as PaymentView;
    expect(view.allocations.map(({ chargeId, amount, released }) => ({ chargeId, amount, released }))).toEqual([
      { chargeId: wrong.id, amount: 100_000, released: true },
      { chargeId: next.id, amount: 70_000, released: false },
    ]);
    expect([view.applied, view.credit]).toEqual([70_000, 30_000]);
    expect(await statementTotals(company.id)).toMatchObject({ open: 0, credit: 30_000, balance: -30_000 });
    const applied = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'payment'), eq(activity.action, 'applied'), eq(activity.businessId, company.id)));
    expect(applied.map((entry) => entry.details?.after?.amount)).toEqual([70_000]);
  });

  it('refuses to lower a draft under what payments already paid of it', async () => {
    const company = await insertBusiness(t);
    const draft = await insertCharge(t, {
      businessId: company.id,
      total: 100_000,
      dueDate: '2026-10-15',
      status: 'draft',
    });
    await pay(t, owner, { businessId: company.id, amount: 80_000 });
    const lowered = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${draft.id}`,
      token: owner,
      payload: { amount: '50.000' },
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toBe(collectionsMsg.totalBelowPaid(80_000));
    const raised = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${draft.id}`,
      token: owner,
      payload: { amount: '120.000' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await openOf(draft.id)).toBe(40_000);
  });
});

describe('payments at the same moment', () => {
  it('never applies the same pesos twice: three payments at once pay a charge exactly, the rest is credit', async () => {
    const company = await insertBusiness(t);
    const charge = await insertCharge(t, { businessId: company.id, total: 100_000, dueDate: '2026-10-15' });
    const other = await createTestApp({}, { database: t.database, now: () => NOW });
    try {
      const otherOwner = await other.ownerToken();
      const answers = await Promise.all([
        t.request({
          method: 'POST',
          url: '/api/billing/payments',
          token: owner,
          payload: { businessId: company.id, date: '2026-11-10', amount: 60_000, method: 'efectivo' },
        }),
        other.request({
          method: 'POST',
          url: '/api/billing/payments',
          token: otherOwner,
          payload: { businessId: company.id, date: '2026-11-10', amount: 60_000, method: 'efectivo' },
        }),
        t.request({
          method: 'POST',
          url: '/api/billing/payments',
          token: owner,
          payload: { businessId: company.id, date: '2026-11-10', amount: 60_000, method: 'efectivo' },
        }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
      expect(await openOf(charge.id)).toBe(0);
      const applied = answers.reduce((sum, answer) => sum + answer.json().payment.applied, 0);
      expect(applied).toBe(100_000);
      expect(await statementTotals(company.id)).toMatchObject({ open: 0, credit: 80_000, paid: 180_000 });
    } finally {
      await other.close();
    }
  });
});

describe('credit paying a charge the moment it opens', () => {
  const statementOf = async (businessId: number) =>
    (await t.request({ method: 'GET', url: `/api/billing/business/${businessId}/statement`, token: owner })).json() as {
      charges: { description: string; status: string; total: number | null; paid: number; open: number }[];
      totals: { open: number; credit: number; balance: number };
    };
  const creditEntries = (businessId: number) =>
    t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'payment'), eq(activity.action, 'applied'), eq(activity.businessId, businessId)));
  const generate = async (month: number) => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/billing/charges/generate',
      token: owner,
      payload: { year: 2026, month },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('pays a charge generated by hand from the credit in the same transaction, logged as the owner', async () => {
    const company = await companyWithTerms(t, owner, {
      amount: '100.000',
      documentType: 'factura_exenta',
      billingDay: 3,
      toMonth: { year: 2026, month: 10 },
    });
    await pay(t, owner, { businessId: company.id, amount: 150_000, date: '2026-09-01' });
    await generate(10);
    const statement = await statementOf(company.id);
    expect(statement.charges.map(({ description, total, paid, open }) => ({ description, total, paid, open }))).toEqual(
      [{ description: 'Honorarios Octubre 2026', total: 100_000, paid: 100_000, open: 0 }],
    );
    expect(statement.totals).toMatchObject({ open: 0, credit: 50_000, balance: -50_000 });
    const entries = await creditEntries(company.id);
    expect(entries.map((entry) => [entry.recordLabel, entry.actorId !== null])).toEqual([
      ['Saldo a favor $100.000', true],
    ]);
  });

  it("pays a charge the scheduler generates on the company's billing day, before any credit run", async () => {
    const company = await companyWithTerms(t, owner, {
      amount: '80.000',
      documentType: 'factura_exenta',
      billingDay: 7,
      effectiveFrom: { year: 2026, month: 12 },
    });
    await pay(t, owner, { businessId: company.id, amount: 50_000, date: '2026-11-10' });
    const generation = t.modules.billing.jobs.find((job) => job.name === 'billing-charges');
    // 7 December, noon in Santiago: only the generation job runs, not the credit job.
    await generation?.run(new Date('2026-12-07T15:00:00Z'));
    const statement = await statementOf(company.id);
    expect(statement.charges.map(({ description, paid, open }) => ({ description, paid, open }))).toEqual([
      { description: 'Honorarios Diciembre 2026', paid: 50_000, open: 30_000 },
    ]);
    expect(statement.totals).toMatchObject({ open: 30_000, credit: 0, balance: 30_000 });
    expect((await creditEntries(company.id)).map((entry) => [entry.recordLabel, entry.actorId])).toEqual([
      ['Saldo a favor $50.000', null],
    ]);
  });

  it('pays a UF charge from the credit as soon as its UF value is typed, or fetched', async () => {
    const typed = await companyWithTerms(t, owner, {
      currency: 'UF',
      amount: '2',
      documentType: 'factura_exenta',
      billingDay: 9,
      toMonth: { year: 2026, month: 8 },
    });
    const fetched = await companyWithTerms(t, owner, {
      currency: 'UF',
      amount: '3',
      documentType: 'factura_exenta',
      billingDay: 11,
      toMonth: { year: 2026, month: 8 },
    });
    await pay(t, owner, { businessId: typed.id, amount: 100_000, date: '2026-08-01' });
    await pay(t, owner, { businessId: fetched.id, amount: 100_000, date: '2026-08-01' });
    await generate(8);
    expect((await statementOf(typed.id)).charges.map(({ status, paid }) => [status, paid])).toEqual([
      ['waiting_uf', 0],
    ]);
    expect((await statementOf(typed.id)).totals).toMatchObject({ open: 0, credit: 100_000 });

    const answer = await t.request({
      method: 'PUT',
      url: '/api/billing/uf',
      token: owner,
      payload: { date: '2026-08-09', value: '39.000' },
    });
    expect(answer.json()).toMatchObject({ converted: 1 });
    // 2 UF × $39.000 = $78.000, paid from the $100.000 of credit at once.
    expect((await statementOf(typed.id)).charges.map(({ status, total, paid }) => [status, total, paid])).toEqual([
      ['draft', 78_000, 78_000],
    ]);
    expect((await statementOf(typed.id)).totals).toMatchObject({ open: 0, credit: 22_000 });

    // The UF source's value goes through the same write (the fetch job's).
    await t.modules.billing.writeUfValues([{ date: '2026-08-11', value: 4_000_000 }], 'fetch', {
      userId: null,
      ip: null,
    });
    // 3 UF × $40.000 = $120.000: $100.000 paid from credit, $20.000 open.
    expect((await statementOf(fetched.id)).charges.map(({ total, paid, open }) => [total, paid, open])).toEqual([
      [120_000, 100_000, 20_000],
    ]);
    expect((await creditEntries(fetched.id)).map((entry) => [entry.recordLabel, entry.actorId])).toEqual([
      ['Saldo a favor $100.000', null],
    ]);
  });

  it("pays from the credit what a draft's higher amount adds", async () => {
    const company = await insertBusiness(t);
    const draft = await insertCharge(t, {
      businessId: company.id,
      total: 50_000,
      dueDate: '2026-11-30',
      status: 'draft',
    });
    await pay(t, owner, { businessId: company.id, amount: 80_000 });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${draft.id}`,
      token: owner,
      payload: { amount: '70.000' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await openOf(draft.id)).toBe(0);
    expect(await statementTotals(company.id)).toMatchObject({ open: 0, credit: 10_000 });
  });
});

describe('the credit job', () => {
  it('applies every company holding credit to charges opened since, once', async () => {
    const company = await insertBusiness(t);
    await pay(t, owner, { businessId: company.id, amount: 60_000 });
    const later = await insertCharge(t, { businessId: company.id, total: 50_000, dueDate: '2026-12-15' });
    expect(await t.modules.billing.payments.settleEveryCompany({ userId: null, ip: null })).toBeGreaterThanOrEqual(
      50_000,
    );
    expect(await openOf(later.id)).toBe(0);
    expect(await t.modules.billing.payments.settleEveryCompany({ userId: null, ip: null })).toBe(0);
    expect(await statementTotals(company.id)).toMatchObject({ credit: 10_000, open: 0 });
  });
});

describe('listing payments', () => {
  it("lists a company's payments newest first with their state", async () => {
    const company = await insertBusiness(t);
    await pay(t, owner, { businessId: company.id, amount: 1_000, date: '2026-11-01' });
    await pay(t, owner, { businessId: company.id, amount: 2_000, date: '2026-11-05' });
    const answer = await t.request({
      method: 'GET',
      url: `/api/billing/payments?businessId=${company.id}`,
      token: owner,
    });
    expect((answer.json() as PaymentView[]).map((row) => [row.amount, row.statusText, row.methodText])).toEqual([
      [2_000, 'Confirmado', 'Transferencia'],
      [1_000, 'Confirmado', 'Transferencia'],
    ]);
  });
});
