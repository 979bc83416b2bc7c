import { billingMsg, billingSheetMsg } from '@app/shared/messages-billing';
import { decimalMsg } from '@app/shared/money-decimal';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { companyWithTerms } from '../../test/billing-factories.ts';
import { pay } from '../../test/collections-factories.ts';
import { tokensForEveryRole } from '../../test/factories.ts';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { billingCharges, ufValues } from './billing.tables.ts';

let t: TestApp;
let owner: string;

const upload = (step: 'preview' | 'confirm', bytes: Buffer, name = 'uf.csv') =>
  t.request({
    method: 'POST',
    url: `/api/billing/uf/import/${step}`,
    token: owner,
    ...multipartFiles([{ name, bytes }]),
  });
const stored = async () =>
  Object.fromEntries(
    (await t.database.db.select().from(ufValues).orderBy(ufValues.date)).map((row) => [row.date, row.valueHundredths]),
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = (await tokensForEveryRole(t)).owner;
});
afterAll(() => t.close());

describe('UF values typed by hand', () => {
  it('are stored in hundredths, listed by month and logged', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/billing/uf',
      token: owner,
      payload: { date: '2026-10-01', value: '39.485,33' },
    });
    expect(saved.json()).toEqual({
      message: billingMsg.ufSaved,
      uf: {
        date: '2026-10-01',
        value: 3_948_533,
        valueText: '$39.485,33',
        source: 'manual',
        updatedAt: expect.any(String),
      },
      converted: 0,
    });
    await t.request({
      method: 'PUT',
      url: '/api/billing/uf',
      token: owner,
      payload: { date: '2026-10-01', value: 39485.34 },
    });
    const month = await t.request({ method: 'GET', url: '/api/billing/uf?year=2026&month=10', token: owner });
    expect(month.json()).toEqual([expect.objectContaining({ date: '2026-10-01', value: 3_948_534 })]);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'uf_value'))
      .orderBy(activity.id);
    expect(entries.map((entry) => [entry.action, entry.recordLabel, entry.details])).toEqual([
      ['created', 'UF 01-10-2026', { after: { value: '$39.485,33', source: 'manual' } }],
      [
        'updated',
        'UF 01-10-2026',
        { before: { value: '$39.485,33' }, after: { value: '$39.485,34', source: 'manual' } },
      ],
    ]);
  });

  it('refuse three decimals, a zero, a dot as decimal separator and a day that does not exist', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '2026-10-02', value: '39.485,333' }, decimalMsg.tooManyDecimals],
      [{ date: '2026-10-02', value: '0' }, billingMsg.ufValueZero],
      [{ date: '2026-10-02', value: '39485.33' }, decimalMsg.ambiguous],
      [{ date: '2026-02-30', value: '1' }, billingMsg.invalidDate],
    ];
    for (const [payload, message] of cases) {
      const refused = await t.request({ method: 'PUT', url: '/api/billing/uf', token: owner, payload });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
  });
});

describe('importing UF values', () => {
  it('previews every line (new, changed, unchanged, invalid with its reason) and writes nothing', async () => {
    const csv = Buffer.from(
      [
        'Fecha;Valor',
        '01-10-2026;39.485,34',
        '2026-10-02;39.490,00',
        '01-10-2026;39.485,34',
        '03-10-2026;1,234',
        '31-02-2026;39.000',
        '04-10-2026;',
      ].join('\r\n'),
    );
    await t.request({
      method: 'PUT',
      url: '/api/billing/uf',
      token: owner,
      payload: { date: '2026-10-02', value: '39.489' },
    });
    const before = await stored();
    const preview = await upload('preview', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().lines.map((line: Record<string, unknown>) => [line.line, line.status, line.error])).toEqual([
      [2, 'unchanged', null],
      [3, 'changed', null],
      [4, 'invalid', billingMsg.ufLineRepeated(2)],
      [5, 'invalid', decimalMsg.tooManyDecimals],
      [6, 'invalid', billingMsg.ufLineNoDate],
      [7, 'invalid', billingMsg.ufLineNoValue],
    ]);
    expect(preview.json().lines[1]).toMatchObject({
      date: '2026-10-02',
      value: 3_949_000,
      valueText: '$39.490,00',
      previous: 3_948_900,
      previousText: '$39.489,00',
    });
    expect(preview.json().counts).toEqual({ new: 0, changed: 1, unchanged: 1, invalid: 4 });
    const refused = await upload('confirm', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(billingMsg.ufImportHasErrors);
    expect(refused.json().lines).toHaveLength(6);
    expect(await stored()).toEqual(before);
  });

  it('writes the new and changed values of a workbook with real dates and numbers, without a header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('UF');
    sheet.addRow([new Date(Date.UTC(2026, 10, 1)), 39643.59]);
    sheet.addRow(['02-11-2026', '39.650,10']);
    sheet.addRow([new Date(Date.UTC(2026, 9, 2)), 39490]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await upload('preview', bytes, 'uf.xlsx');
    expect(preview.json().counts).toEqual({ new: 2, changed: 1, unchanged: 0, invalid: 0 });
    const confirmed = await upload('confirm', bytes, 'uf.xlsx');
    expect(confirmed.json()).toEqual({
      message: billingMsg.ufImported(2, 1),
      created: 2,
      changed: 1,
      unchanged: 0,
      converted: 0,
    });
    expect(await stored()).toMatchObject({ '2026-11-01': 3_964_359, '2026-11-02': 3_965_010, '2026-10-02': 3_949_000 });
  });

  it("converts, once confirmed, the charges that waited for the imported days, paying them from the company's credit", async () => {
    const business = await companyWithTerms(t, owner, { currency: 'UF', amount: '1,5', billingDay: 7 });
    const generated = await t.request({
      method: 'POST',
      url: '/api/billing/charges/generate',
      token: owner,
      payload: { year: 2026, month: 9 },
    });
    expect(generated.json()).toMatchObject({ created: 1, waitingUf: 1, missingUfDates: ['2026-09-07'] });
    await pay(t, owner, { businessId: business.id, amount: 50_000, date: '2024-01-02' });
    const confirmed = await upload('confirm', Buffer.from('07-09-2026;39.300,00\r\n'));
    expect(confirmed.json()).toMatchObject({ created: 1, converted: 1 });
    const [charge] = await t.database.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.businessId, business.id));
    // 1,5 × 39.300 = 58.950; IVA 11.200,5 → 11.201.
    expect(charge).toMatchObject({ status: 'draft', net: 58_950, taxAmount: 11_201, total: 70_151 });
    // The credit paid it in the import's transaction: 70.151 − 50.000 left open.
    const statement = await t.request({
      method: 'GET',
      url: `/api/billing/business/${business.id}/statement`,
      token: owner,
    });
    expect(statement.json().totals).toMatchObject({ open: 20_151, credit: 0, balance: 20_151 });
  });

  it('refuses what is not a spreadsheet (415), a file past 2 MB (413) and no file (400)', async () => {
    const exe = await upload('preview', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]), 'uf.csv');
    expect([exe.statusCode, exe.json().message]).toEqual([415, billingSheetMsg.notSpreadsheet]);
    const big = await upload('preview', Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), 'uf.csv');
    expect([big.statusCode, big.json().message]).toEqual([413, billingSheetMsg.tooLarge]);
    const none = await t.request({
      method: 'POST',
      url: '/api/billing/uf/import/preview',
      token: owner,
      ...multipartFiles([{ name: 'x.csv', bytes: Buffer.from('a;b\n1;2\n'), field: 'otro' }]),
    });
    expect([none.statusCode, none.json().message]).toEqual([400, billingSheetMsg.fileRequired]);
    const cut = multipartFiles([{ name: 'uf.csv', bytes: Buffer.from('Fecha;Valor\n01-11-2026;1\n') }]);
    const cutOff = await t.request({
      method: 'POST',
      url: '/api/billing/uf/import/preview',
      token: owner,
      headers: cut.headers,
      payload: cut.payload.subarray(0, cut.payload.length - 30),
    });
    expect(cutOff.statusCode).toBe(400);
  });
});
