import { billingMsg } from '@app/shared/messages-billing';
import { decimalMsg } from '@app/shared/money-decimal';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { billingCharges } from './billing.tables.ts';

const NOW = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;

const terms = {
  effectiveFrom: { year: 2026, month: 1 },
  currency: 'UF',
  amount: '2,5',
  documentType: 'factura_afecta',
  billingDay: 5,
  paymentTermDays: 10,
};
const save = (businessId: number, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/billing/business/${businessId}/terms`, token: owner, payload });
const read = async (businessId: number) =>
  (await t.request({ method: 'GET', url: `/api/billing/business/${businessId}/terms`, token: owner })).json();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = (await tokensForEveryRole(t)).owner;
});
afterAll(() => t.close());

describe('fee terms', () => {
  it('save a version in force from its month, with the company’s contacts when none are given', async () => {
    const business = await insertBusiness(t, { contact: 'a@empresa.cl,b@empresa.cl' });
    const saved = await save(business.id, terms);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({
      message: billingMsg.termsSaved,
      terms: {
        id: expect.any(Number),
        businessId: business.id,
        effectiveFrom: '2026-01',
        currency: 'UF',
        amount: 250,
        amountText: '2,5 UF',
        documentType: 'factura_afecta',
        billingDay: 5,
        paymentTermDays: 10,
        contacts: ['a@empresa.cl', 'b@empresa.cl'],
        ownContacts: false,
        toMonth: null,
        active: true,
        createdBy: 'Administrador',
        createdAt: expect.any(String),
      },
    });
  });

  it('keep the history: a change from a later month is a new version, the current one stays in force until then', async () => {
    const business = await insertBusiness(t);
    const first = (await save(business.id, { ...terms, currency: 'CLP', amount: '150.000' })).json().terms;
    const later = (
      await save(business.id, {
        ...terms,
        effectiveFrom: { year: 2027, month: 1 },
        currency: 'CLP',
        amount: '180.000',
        contacts: 'Pagos@Empresa.cl',
      })
    ).json().terms;
    const answer = await read(business.id);
    expect(answer.current).toMatchObject({ id: first.id, amount: 150_000, amountText: '$150.000' });
    expect(answer.history.map((version: { id: number }) => version.id)).toEqual([later.id, first.id]);
    expect(later).toMatchObject({ contacts: ['pagos@empresa.cl'], ownContacts: true });
  });

  it('are none in force once a version stops billing', async () => {
    const business = await insertBusiness(t);
    await save(business.id, { ...terms, currency: 'CLP', amount: '100.000' });
    await save(business.id, { ...terms, effectiveFrom: { year: 2026, month: 10 }, active: false });
    expect((await read(business.id)).current).toBeNull();
  });

  it('are logged with the company and what was set', async () => {
    const business = await insertBusiness(t);
    const saved = (await save(business.id, terms)).json().terms;
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'fee_terms'), eq(activity.recordId, String(saved.id))));
    expect(entry).toMatchObject({
      action: 'created',
      businessId: business.id,
      businessName: business.name,
      recordLabel: 'Honorarios desde 01-2026',
    });
    expect(entry?.details?.after).toMatchObject({ amount: '2,5 UF', documentType: 'Factura afecta', billingDay: 5 });
  });

  it('refuse a bad amount, billing day, contact or month with a Spanish message, and an unknown company with 404', async () => {
    const business = await insertBusiness(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...terms, amount: '1,234' }, decimalMsg.tooManyDecimals],
      [{ ...terms, amount: '-1' }, decimalMsg.negative],
      [{ ...terms, amount: '0' }, billingMsg.amountPositive],
      [{ ...terms, amount: '1.000.000,01' }, billingMsg.ufAmountTooLarge],
      [{ ...terms, billingDay: 31 }, billingMsg.invalidBillingDay],
      [{ ...terms, paymentTermDays: 2_147_483_648 }, billingMsg.invalidPaymentTerm(120)],
      [{ ...terms, contacts: ['no-es-correo'] }, 'Debe ser un email válido'],
      [{ ...terms, effectiveFrom: { year: 0, month: 1 } }, billingMsg.invalidYear],
      [{ ...terms, currency: 'USD' }, billingMsg.invalidCurrency],
      [{ ...terms, documentType: '__proto__' }, billingMsg.invalidDocumentType],
    ];
    for (const [payload, message] of cases) {
      const refused = await save(business.id, payload);
      expect([refused.statusCode, refused.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    const proto = await t.request({
      method: 'POST',
      url: `/api/billing/business/${business.id}/terms`,
      token: owner,
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"active":false},${JSON.stringify(terms).slice(1)}`,
    });
    expect(proto.statusCode).toBeLessThan(500);
    const missing = await save(999_999, terms);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(billingMsg.businessNotFound);
  });

  it('go with the company when it is deleted', async () => {
    const business = await insertBusiness(t);
    await save(business.id, terms);
    await t.database.db.delete(businesses).where(eq(businesses.id, business.id));
    expect(
      (await t.request({ method: 'GET', url: `/api/billing/business/${business.id}/terms`, token: owner })).statusCode,
    ).toBe(404);
  });
});

describe('extra charges', () => {
  const extra = {
    description: 'Término de giro',
    currency: 'UF',
    amount: '10',
    documentType: 'factura_afecta',
    recurrence: 'once',
    month: { year: 2026, month: 11 },
  };

  it('are created, listed, changed and deleted while no charge used them', async () => {
    const business = await insertBusiness(t);
    const created = await t.request({
      method: 'POST',
      url: `/api/billing/business/${business.id}/extras`,
      token: owner,
      payload: extra,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().extra.id as number;
    expect(created.json().extra).toEqual({
      id,
      businessId: business.id,
      description: 'Término de giro',
      currency: 'UF',
      amount: 1000,
      amountText: '10 UF',
      documentType: 'factura_afecta',
      recurrence: 'once',
      month: '2026-11',
      monthOfYear: null,
      active: true,
      used: false,
    });
    const changed = await t.request({
      method: 'PUT',
      url: `/api/billing/extras/${id}`,
      token: owner,
      payload: { ...extra, recurrence: 'yearly', monthOfYear: 4, month: null, currency: 'CLP', amount: '80.000' },
    });
    expect(changed.json().extra).toMatchObject({
      recurrence: 'yearly',
      monthOfYear: 4,
      month: null,
      amountText: '$80.000',
      used: false,
    });
    const [logged] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'extra_charge'), eq(activity.action, 'updated'), eq(activity.recordId, String(id))));
    expect(logged?.details).toEqual({
      before: { amount: '10 UF', recurrence: 'Una vez', month: '11-2026', monthOfYear: null },
      after: { amount: '$80.000', recurrence: 'Anual', month: null, monthOfYear: 4 },
    });
    const listed = await t.request({ method: 'GET', url: `/api/billing/business/${business.id}/extras`, token: owner });
    expect(listed.json().map((item: { id: number }) => item.id)).toEqual([id]);
    const deleted = await t.request({ method: 'DELETE', url: `/api/billing/extras/${id}`, token: owner });
    expect(deleted.json()).toEqual({ message: billingMsg.extraDeleted });
    const gone = await t.request({ method: 'DELETE', url: `/api/billing/extras/${id}`, token: owner });
    expect(gone.statusCode).toBe(404);
  });

  it('are only deactivated, never deleted, once a charge came from them', async () => {
    const business = await insertBusiness(t);
    const id = (
      await t.request({
        method: 'POST',
        url: `/api/billing/business/${business.id}/extras`,
        token: owner,
        payload: { ...extra, currency: 'CLP', amount: '5000' },
      })
    ).json().extra.id as number;
    const generated = await t.request({
      method: 'POST',
      url: '/api/billing/charges/generate',
      token: owner,
      payload: { year: 2026, month: 11 },
    });
    expect(generated.json().created).toBeGreaterThanOrEqual(1);
    // Used: what it charges and when are fixed; only whether it is active may change.
    const asSaved = { ...extra, currency: 'CLP', amount: '5.000' };
    for (const change of [
      { amount: '6.000' },
      { description: 'Término de giro (cierre)' },
      { documentType: 'factura_exenta' },
      { month: { year: 2026, month: 12 } },
      { recurrence: 'yearly', month: null, monthOfYear: 11 },
    ]) {
      const refused = await t.request({
        method: 'PUT',
        url: `/api/billing/extras/${id}`,
        token: owner,
        payload: { ...asSaved, ...change },
      });
      expect([change, refused.statusCode, refused.json().message]).toEqual([
        change,
        409,
        billingMsg.extraUsedNotEditable,
      ]);
    }
    const paused = await t.request({
      method: 'PUT',
      url: `/api/billing/extras/${id}`,
      token: owner,
      payload: { ...asSaved, active: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().extra).toMatchObject({
      amount: 5_000,
      description: 'Término de giro',
      active: false,
      used: true,
    });
    const [charge] = await t.database.db.select().from(billingCharges).where(eq(billingCharges.extraChargeId, id));
    expect([charge?.total, charge?.description]).toEqual([5_950, 'Término de giro Noviembre 2026']);
    const resumed = await t.request({
      method: 'PUT',
      url: `/api/billing/extras/${id}`,
      token: owner,
      payload: { ...asSaved, active: true },
    });
    expect(resumed.json().extra).toMatchObject({ active: true, used: true });
    const answer = await t.request({ method: 'DELETE', url: `/api/billing/extras/${id}`, token: owner });
    expect(answer.json()).toEqual({ message: billingMsg.extraDeactivated });
    const [listed] = (
      await t.request({ method: 'GET', url: `/api/billing/business/${business.id}/extras`, token: owner })
    ).json();
    expect(listed).toMatchObject({ id, active: false, used: true });
    // Clean-up for the next tests (the app never deletes a charge, and keeps a company that has one).
    await t.database.db.delete(billingCharges).where(eq(billingCharges.businessId, business.id));
    await t.database.db.delete(businesses).where(eq(businesses.id, business.id));
  });

  it('need the month they name', async () => {
    const business = await insertBusiness(t);
    const refused = await t.request({
      method: 'POST',
      url: `/api/billing/business/${business.id}/extras`,
      token: owner,
      payload: { ...extra, month: null },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(billingMsg.onceNeedsMonth);
  });
});
