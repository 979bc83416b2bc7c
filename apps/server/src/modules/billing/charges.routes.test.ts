import { billingMsg } from '@app/shared/messages-billing';
import { decimalMsg } from '@app/shared/money-decimal';
import type { Charge } from '@app/shared/schemas/billing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { companyWithTerms } from '../../test/billing-factories.ts';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openFirstSheet } from '../../test/workbook.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { billingCharges } from './billing.tables.ts';

// 15 November 2026, noon in Santiago.
const NOW = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;
const ids: Record<string, number> = {};

const list = async (month = 11, year = 2026) => {
  const answer = await t.request({
    method: 'GET',
    url: `/api/billing/charges?year=${year}&month=${month}`,
    token: owner,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { charges: Charge[]; totals: Record<string, number> };
};
const chargeOf = async (businessId: number) => {
  const found = (await list()).charges.filter((charge) => charge.businessId === businessId);
  expect(found).toHaveLength(1);
  return found[0] as Charge;
};
const generate = (month = 11, year = 2026) =>
  t.request({ method: 'POST', url: '/api/billing/charges/generate', token: owner, payload: { year, month } });

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = (await tokensForEveryRole(t)).owner;
  // Names in the Spanish order: 'Ñandú' after 'Nogal', 'Óptica' among the O's, regardless of case.
  ids.afecta = (await companyWithTerms(t, owner, {}, { name: 'Óptica Central', razonSocial: 'Óptica Central SpA' })).id;
  ids.boleta = (
    await companyWithTerms(
      t,
      owner,
      { currency: 'UF', amount: '2,5', documentType: 'boleta_honorarios', billingDay: 10, paymentTermDays: 30 },
      { name: 'Ñandú Limitada', razonSocial: 'Ñandú Limitada' },
    )
  ).id;
  ids.exenta = (
    await companyWithTerms(
      t,
      owner,
      {
        currency: 'UF',
        amount: 3,
        documentType: 'factura_exenta',
        billingDay: 20,
        paymentTermDays: 0,
        contacts: ['cobros@nogal.cl'],
      },
      { name: 'nogal spa', razonSocial: 'Nogal SpA' },
    )
  ).id;
  ids.ended = (await companyWithTerms(t, owner, {}, { name: 'Antigua', endContract: '2026-10-31' })).id;
  ids.noTerms = (await insertBusiness(t, { name: 'Sin honorarios' })).id;
  const extra = await t.request({
    method: 'POST',
    url: `/api/billing/business/${ids.afecta}/extras`,
    token: owner,
    payload: {
      description: 'Operación Renta',
      currency: 'CLP',
      amount: '50.000',
      documentType: 'factura_afecta',
      recurrence: 'yearly',
      monthOfYear: 11,
    },
  });
  expect(extra.statusCode, extra.body).toBe(201);
  ids.extra = extra.json().extra.id;
  const uf = await t.request({
    method: 'PUT',
    url: '/api/billing/uf',
    token: owner,
    payload: { date: '2026-11-10', value: '39.643,59' },
  });
  expect(uf.statusCode, uf.body).toBe(200);
});
afterAll(() => t.close());

describe("generating a month's charges", () => {
  it('creates one charge per company with terms in force and active contract, and one per extra of the month', async () => {
    const first = await generate();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: billingMsg.generated(4, 0, 1),
      created: 4,
      existing: 0,
      waitingUf: 1,
      converted: 0,
      missingUfDates: ['2026-11-20'],
    });
    const { charges } = await list();
    expect(charges.map((charge) => [charge.businessName, charge.description])).toEqual([
      ['nogal spa', 'Honorarios Noviembre 2026'],
      ['Ñandú Limitada', 'Honorarios Noviembre 2026'],
      ['Óptica Central', 'Honorarios Noviembre 2026'],
      ['Óptica Central', 'Operación Renta Noviembre 2026'],
    ]);
  });

  it('creates nothing more when run again, answering how many already existed', async () => {
    const again = await generate();
    expect(again.json()).toMatchObject({ created: 0, existing: 4, waitingUf: 0, converted: 0 });
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(billingCharges);
    expect(row?.n).toBe(4);
  });

  it('adds IVA to a factura afecta and falls due the term later, on the next business day', async () => {
    const fee = (await list()).charges.find(
      (item) => item.businessId === ids.afecta && item.source === 'fee',
    ) as Charge;
    expect(fee).toMatchObject({
      currency: 'CLP',
      net: 100_000,
      taxKind: 'iva',
      taxRate: 1900,
      tax: 19_000,
      total: 119_000,
      issueDate: '2026-11-05',
      // 5 + 10 = Sunday 15 November → Monday 16.
      dueDate: '2026-11-16',
      status: 'draft',
      rut: expect.stringMatching(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/),
      razonSocial: 'Óptica Central SpA',
    });
  });

  it('converts a UF boleta at the issue date’s value and withholds the year’s retention', async () => {
    expect(await chargeOf(ids.boleta as number)).toMatchObject({
      currency: 'UF',
      ufAmount: 250,
      ufValue: 3_964_359,
      ufDate: '2026-11-10',
      // 2,5 × 39.643,59 = 99.108,975 → 99.109; 15,25 % of it = 15.114,12 → 15.114.
      net: 99_109,
      taxKind: 'retencion',
      taxRate: 1525,
      tax: 15_114,
      total: 83_995,
      issueDate: '2026-11-10',
      dueDate: '2026-12-10',
      status: 'draft',
    });
  });

  it('leaves a UF charge waiting without a guessed value, and converts it when the value is typed', async () => {
    expect(await chargeOf(ids.exenta as number)).toMatchObject({
      status: 'waiting_uf',
      ufAmount: 300,
      ufValue: null,
      ufDate: '2026-11-20',
      net: null,
      tax: null,
      total: null,
      taxKind: 'none',
      // Friday 20 November, a term of 0 days.
      dueDate: '2026-11-20',
      contacts: ['cobros@nogal.cl'],
    });
    const typed = await t.request({
      method: 'PUT',
      url: '/api/billing/uf',
      token: owner,
      payload: { date: '2026-11-20', value: '39.700' },
    });
    expect(typed.json()).toMatchObject({
      converted: 1,
      uf: { date: '2026-11-20', value: 3_970_000, valueText: '$39.700,00' },
    });
    expect(await chargeOf(ids.exenta as number)).toMatchObject({
      status: 'draft',
      ufValue: 3_970_000,
      net: 119_100,
      tax: 0,
      total: 119_100,
    });
  });

  it('logs each generated charge in the activity log', async () => {
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'charge'), eq(activity.action, 'generated')));
    expect(entries.map((entry) => entry.businessId).sort()).toEqual(
      [ids.afecta, ids.afecta, ids.boleta, ids.exenta].sort(),
    );
  });

  it('refuses a month past the next calendar month, and bad months, with Spanish messages', async () => {
    expect((await generate(1, 2027)).json()).toEqual({
      message: billingMsg.monthNotOpen,
      errors: [{ field: 'month', message: billingMsg.monthNotOpen }],
    });
    expect((await generate(13)).statusCode).toBe(400);
    const zero = await t.request({
      method: 'POST',
      url: '/api/billing/charges/generate',
      token: owner,
      payload: { year: 0, month: 1 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe(billingMsg.invalidYear);
  });
});

describe('editing and voiding a charge', () => {
  it('changes a draft’s description and amount, recomputing its tax', async () => {
    const fee = (await list()).charges.find(
      (item) => item.businessId === ids.afecta && item.source === 'fee',
    ) as Charge;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${fee.id}`,
      token: owner,
      payload: { description: 'Honorarios noviembre (ajustado)', amount: '120.000' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().charge).toMatchObject({
      description: 'Honorarios noviembre (ajustado)',
      net: 120_000,
      tax: 22_800,
      total: 142_800,
    });
  });

  it('reads a UF charge’s amount in UF and refuses three decimals', async () => {
    const boleta = await chargeOf(ids.boleta as number);
    const refused = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${boleta.id}`,
      token: owner,
      payload: { amount: '1,234' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(decimalMsg.tooManyDecimals);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${boleta.id}`,
      token: owner,
      payload: { amount: '3' },
    });
    // 3 × 39.643,59 = 118.930,77 → 118.931; 15,25 % = 18.136,98 → 18.137.
    expect(edited.json().charge).toMatchObject({ ufAmount: 300, net: 118_931, tax: 18_137, total: 100_794 });
  });

  it('refuses text with NUL, a description past its limit and a void without reason', async () => {
    const boleta = await chargeOf(ids.boleta as number);
    for (const description of ['Hono\u0000rarios', 'x'.repeat(1_000_000)]) {
      const refused = await t.request({
        method: 'PUT',
        url: `/api/billing/charges/${boleta.id}`,
        token: owner,
        payload: { description },
      });
      expect(refused.statusCode).toBe(400);
    }
    const noReason = await t.request({
      method: 'POST',
      url: `/api/billing/charges/${boleta.id}/void`,
      token: owner,
      payload: { reason: '   ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(billingMsg.voidReasonRequired);
  });

  it('voids with a reason kept with who and when; a void charge is never deleted nor voided again', async () => {
    const extra = (await list()).charges.find((item) => item.source === 'extra') as Charge;
    const voided = await t.request({
      method: 'POST',
      url: `/api/billing/charges/${extra.id}/void`,
      token: owner,
      payload: { reason: 'Se cobró en octubre' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().charge).toMatchObject({
      status: 'void',
      voidReason: 'Se cobró en octubre',
      voidedBy: 'Administrador',
      voidedAt: expect.any(String),
    });
    const again = await t.request({
      method: 'POST',
      url: `/api/billing/charges/${extra.id}/void`,
      token: owner,
      payload: { reason: 'Otra vez' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingMsg.alreadyVoid);
    const { totals, charges } = await list();
    expect(charges).toHaveLength(4);
    expect(totals.count).toBe(3);
  });

  it('answers 404 for a charge that does not exist', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/billing/charges/999999', token: owner });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(billingMsg.chargeNotFound);
  });
});

describe("'Exportar para facturar'", () => {
  it('writes the month’s charges to invoice as CSV, one row each, by company name', async () => {
    const answer = await t.request({
      method: 'GET',
      url: '/api/billing/charges/export?year=2026&month=11&format=csv',
      token: owner,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('facturar-2026-11.csv');
    const [nogal, nandu, optica] = await Promise.all(
      [ids.exenta, ids.boleta, ids.afecta].map(async (id) => {
        const [row] = await t.database.db
          .select()
          .from(businesses)
          .where(eq(businesses.id, id as number));
        return row;
      }),
    );
    expect(answer.body).toBe(
      `\uFEFFRUT;Razón social;Detalle;Neto;IVA;Retención;Total;Email\r\n${nogal?.rut};Nogal SpA;Honorarios Noviembre 2026;119100;0;0;119100;cobros@nogal.cl\r\n${nandu?.rut};Ñandú Limitada;Honorarios Noviembre 2026;118931;0;18137;100794;${nandu?.contact}\r\n${optica?.rut};Óptica Central SpA;Honorarios noviembre (ajustado);120000;22800;0;142800;${optica?.contact}\r\n`,
    );
  });

  it('writes the same as .xlsx with pesos formatted', async () => {
    const answer = await t.request({
      method: 'GET',
      url: '/api/billing/charges/export?year=2026&month=11',
      token: owner,
    });
    expect(answer.statusCode).toBe(200);
    const sheet = await openFirstSheet(answer.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'RUT',
      'Razón social',
      'Detalle',
      'Neto',
      'IVA',
      'Retención',
      'Total',
      'Email',
    ]);
    expect(sheet.getRow(3).getCell(2).value).toBe('Ñandú Limitada');
    expect(sheet.getRow(3).getCell(6).value).toBe(18_137);
    expect(sheet.getRow(3).getCell(6).numFmt).toBe('"$"#,##0');
    expect(sheet.rowCount).toBe(4);
  });
});

describe("'Marcar emitido'", () => {
  it('refuses, all or none, a DTE type that is not the document’s and a folio repeated', async () => {
    const { charges } = await list();
    const fee = charges.find((item) => item.businessId === ids.afecta && item.source === 'fee') as Charge;
    const boleta = charges.find((item) => item.businessId === ids.boleta) as Charge;
    const refused = await t.request({
      method: 'POST',
      url: '/api/billing/charges/issue',
      token: owner,
      payload: {
        items: [
          { chargeId: fee.id, dteType: '34', folio: 101 },
          { chargeId: boleta.id, dteType: 'bhe', folio: 101 },
          { chargeId: boleta.id, dteType: 'bhe', folio: 101 },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: billingMsg.issueHasErrors,
      itemErrors: [
        { chargeId: fee.id, message: billingMsg.dteDoesNotMatch('Factura electrónica (33)') },
        { chargeId: boleta.id, message: billingMsg.folioRepeated(101) },
      ],
    });
    expect((await chargeOf(ids.boleta as number)).status).toBe('draft');
  });

  it('marks one issued with its folio; then it can only be voided, and its folio is taken', async () => {
    const fee = (await list()).charges.find(
      (item) => item.businessId === ids.afecta && item.source === 'fee',
    ) as Charge;
    const issued = await t.request({
      method: 'POST',
      url: '/api/billing/charges/issue',
      token: owner,
      payload: { items: [{ chargeId: fee.id, dteType: '33', folio: 101 }] },
    });
    expect(issued.json()).toEqual({ message: billingMsg.issued(1), issued: 1 });
    const after = await t.request({ method: 'GET', url: `/api/billing/charges/${fee.id}`, token: owner });
    expect(after.json()).toMatchObject({ status: 'issued', dteType: '33', folio: 101, issuedAt: expect.any(String) });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/billing/charges/${fee.id}`,
      token: owner,
      payload: { amount: 1 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(billingMsg.onlyDraftEditable);
    const nogal = await chargeOf(ids.exenta as number);
    const sameFolioOtherType = await t.request({
      method: 'POST',
      url: '/api/billing/charges/issue',
      token: owner,
      payload: { items: [{ chargeId: nogal.id, dteType: '34', folio: 101 }] },
    });
    expect(sameFolioOtherType.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'charge'), eq(activity.action, 'issued'), eq(activity.recordId, String(fee.id))));
    expect(entry?.details?.after).toMatchObject({ folio: 101, dteType: 'Factura electrónica (33)' });
  });

  it('refuses a folio past int4 and an empty list', async () => {
    for (const items of [[{ chargeId: 1, dteType: '33', folio: 2_147_483_648 }], []]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/billing/charges/issue',
        token: owner,
        payload: { items },
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('matches the invoicing tool’s export to the charges by RUT and total, previews, then confirms', async () => {
    const boleta = await chargeOf(ids.boleta as number);
    const csv = Buffer.from(
      `RUT Receptor;Folio;Monto Total\n${boleta.rut.replaceAll('.', '')};5001;100.794\n11.111.111-1;5002;1000\n`,
    );
    const send = (step: string) =>
      t.request({
        method: 'POST',
        url: `/api/billing/charges/issued-import/${step}?year=2026&month=11`,
        token: owner,
        ...multipartFiles([{ name: 'emitidos.csv', bytes: csv }]),
      });
    const preview = await send('preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      lines: [
        {
          line: 2,
          rut: boleta.rut,
          folio: 5001,
          total: 100_794,
          chargeId: boleta.id,
          businessName: 'Ñandú Limitada',
          dteType: 'bhe',
          status: 'matched',
          error: null,
        },
        {
          line: 3,
          rut: '11.111.111-1',
          folio: 5002,
          total: 1000,
          chargeId: null,
          businessName: null,
          dteType: null,
          status: 'invalid',
          error: billingMsg.issuedLineNoMatch,
        },
      ],
      counts: { matched: 1, invalid: 1 },
    });
    const refused = await send('confirm');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(billingMsg.issuedImportHasErrors);
    expect((await chargeOf(ids.boleta as number)).status).toBe('draft');

    const good = Buffer.from(`RUT;Folio;Total\n${boleta.rut};5001;100794\n`);
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/billing/charges/issued-import/confirm?year=2026&month=11',
      token: owner,
      ...multipartFiles([{ name: 'emitidos.csv', bytes: good }]),
    });
    expect(confirmed.json()).toEqual({ message: billingMsg.issued(1), issued: 1 });
    expect(await chargeOf(ids.boleta as number)).toMatchObject({ status: 'issued', dteType: 'bhe', folio: 5001 });
  });

  it('refuses in the preview a folio that an earlier line of the file has', async () => {
    const first = await companyWithTerms(t, owner, { amount: '10.000' });
    const second = await companyWithTerms(t, owner, { amount: '20.000' });
    expect((await generate()).json().created).toBe(2);
    const [a, b] = [await chargeOf(first.id), await chargeOf(second.id)];
    const csv = Buffer.from(`RUT;Folio;Total\n${a.rut};7001;${a.total}\n${b.rut};7001;${b.total}\n`);
    const answer = await t.request({
      method: 'POST',
      url: '/api/billing/charges/issued-import/preview?year=2026&month=11',
      token: owner,
      ...multipartFiles([{ name: 'emitidos.csv', bytes: csv }]),
    });
    expect(
      answer.json().lines.map((line: { status: string; error: string | null }) => [line.status, line.error]),
    ).toEqual([
      ['matched', null],
      ['invalid', billingMsg.issuedLineFolioRepeated(7001, 2)],
    ]);
  });

  it('says which column is missing from the export', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/billing/charges/issued-import/preview?year=2026&month=11',
      token: owner,
      ...multipartFiles([{ name: 'emitidos.csv', bytes: Buffer.from('RUT;Total\n11.111.111-1;1000\n') }]),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(billingMsg.issuedMissingHeader('Folio'));
  });
});
