import { AGING_BUCKET_LABELS } from '@app/shared/billing';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { CollectionRow, CollectionsList } from '@app/shared/schemas/billing-collections';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCharge, pay } from '../../test/collections-factories.ts';
import { insertBusiness } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openFirstSheet } from '../../test/workbook.ts';

// 15 November 2026, noon in Santiago.
const NOW = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;
let staffId: number;
const ids = { nandu: 0, nogal: 0, optica: 0, alDia: 0, group: 0 };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = await t.ownerToken();
  staffId = (await t.userWithRole('collaborator')).id;
  // Names in the Spanish order: 'Ñandú' after 'Nogal', 'Óptica' among the O's.
  ids.nandu = (await insertBusiness(t, { name: 'Ñandú Limitada', rut: '76.543.210-3', responsibleUserId: staffId })).id;
  ids.nogal = (await insertBusiness(t, { name: 'nogal spa' })).id;
  ids.optica = (await insertBusiness(t, { name: 'Óptica Central' })).id;
  ids.alDia = (await insertBusiness(t, { name: 'Almacén Al Día' })).id;
  await insertBusiness(t, { name: 'Sin cobros' });
  // Ñandú: one charge in each bucket (due today is 'al día').
  for (const [dueDate, total] of [
    ['2026-11-15', 1_000],
    ['2026-11-14', 2_000],
    ['2026-10-16', 3_000],
    ['2026-09-16', 4_000],
    ['2026-08-17', 5_000],
    ['2026-08-16', 6_000],
  ] as const) {
    await insertCharge(t, { businessId: ids.nandu, total, dueDate });
  }
  // Nogal: 20.000 of credit from an overpayment, and a charge of 50.000 written after it, 10 days
  // late (the credit job has not applied the credit yet: the balance already counts it).
  await insertCharge(t, { businessId: ids.nogal, total: 30_000, dueDate: '2026-10-01' });
  await pay(t, owner, { businessId: ids.nogal, amount: 50_000, date: '2026-10-01' });
  await insertCharge(t, { businessId: ids.nogal, total: 50_000, dueDate: '2026-11-05', status: 'draft' });
  // Óptica: a void charge and one waiting for UF count for nothing.
  await insertCharge(t, { businessId: ids.optica, total: 99_000, dueDate: '2026-10-01', status: 'void' });
  await insertCharge(t, { businessId: ids.optica, total: 0, dueDate: '2026-10-01', status: 'waiting_uf' });
  // Almacén: due in the future.
  await insertCharge(t, { businessId: ids.alDia, total: 7_000, dueDate: '2026-11-30' });
  // The group.
  const group = await t.request({
    method: 'POST',
    url: '/api/business-group',
    token: owner,
    payload: { name: 'Grupo Sur', businessesIds: [ids.nogal, ids.alDia] },
  });
  expect(group.statusCode, group.body).toBe(201);
  ids.group = group.json().group.id;
});

const list = async (query = '') => {
  const answer = await t.request({ method: 'GET', url: `/api/billing/collections${query}`, token: owner });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as CollectionsList;
};
const row = (data: CollectionsList, id: number) => data.rows.find((entry) => entry.businessId === id) as CollectionRow;

describe('the collections list', () => {
  it('lists every company with billing by name in the Spanish order, with balance, oldest due date and aging', async () => {
    const data = await list();
    expect(data.asOf).toBe('2026-11-15');
    // Companies with billing only (fee terms, a charge or a payment): 'Sin cobros' is not one.
    expect(data.rows.map((entry) => entry.name)).toEqual([
      'Almacén Al Día',
      'nogal spa',
      'Ñandú Limitada',
      'Óptica Central',
    ]);
    expect(row(data, ids.nandu)).toMatchObject({
      open: 21_000,
      credit: 0,
      balance: 21_000,
      oldestDueDate: '2026-08-16',
      bucket: 'd90_plus',
      daysOverdue: 91,
      buckets: { current: 1_000, d1_30: 2_000 + 3_000, d31_60: 4_000, d61_90: 5_000, d90_plus: 6_000 },
      openCharges: 6,
      responsibleUserId: staffId,
    });
    expect(row(data, ids.nogal)).toMatchObject({
      open: 50_000,
      credit: 20_000,
      balance: 30_000,
      bucket: 'd1_30',
      daysOverdue: 10,
    });
    expect(row(data, ids.optica)).toMatchObject({ open: 0, credit: 0, balance: 0, oldestDueDate: null, bucket: null });
    expect(row(data, ids.alDia)).toMatchObject({ open: 7_000, bucket: 'current', daysOverdue: 0 });
    expect(data.totals).toEqual({
      companies: 4,
      overdueCompanies: 2,
      open: 78_000,
      credit: 20_000,
      balance: 58_000,
      buckets: { current: 8_000, d1_30: 55_000, d31_60: 4_000, d61_90: 5_000, d90_plus: 6_000 },
    });
  });

  it('filters by Encargado, group, only overdue and a search by name or RUT with or without dots', async () => {
    const names = (data: CollectionsList) => data.rows.map((entry) => entry.name);
    expect(names(await list(`?responsible=${staffId}`))).toEqual(['Ñandú Limitada']);
    expect(names(await list('?responsible=none'))).toEqual(['Almacén Al Día', 'nogal spa', 'Óptica Central']);
    expect(names(await list(`?group=${ids.group}`))).toEqual(['Almacén Al Día', 'nogal spa']);
    expect(names(await list('?overdue=true'))).toEqual(['nogal spa', 'Ñandú Limitada']);
    expect(names(await list('?q=nandu'))).toEqual(['Ñandú Limitada']);
    expect(names(await list('?q=76543210'))).toEqual(['Ñandú Limitada']);
    expect(names(await list('?q=76.543.210-3'))).toEqual(['Ñandú Limitada']);
    expect((await list('?overdue=true&group=999999')).totals.companies).toBe(0);
  });

  it('sorts by balance or oldest due date, either way, companies with nothing open last by due date', async () => {
    const names = (data: CollectionsList) => data.rows.map((entry) => entry.name);
    expect(names(await list('?sort=balance&order=desc'))).toEqual([
      'nogal spa',
      'Ñandú Limitada',
      'Almacén Al Día',
      'Óptica Central',
    ]);
    expect(names(await list('?sort=oldestDue'))).toEqual([
      'Ñandú Limitada',
      'nogal spa',
      'Almacén Al Día',
      'Óptica Central',
    ]);
    expect(names(await list('?sort=oldestDue&order=desc'))).toEqual([
      'Almacén Al Día',
      'nogal spa',
      'Ñandú Limitada',
      'Óptica Central',
    ]);
    const bad = await t.request({ method: 'GET', url: '/api/billing/collections?sort=monto', token: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(collectionsMsg.invalidSort);
    const badFlag = await t.request({ method: 'GET', url: '/api/billing/collections?overdue=si', token: owner });
    expect(badFlag.statusCode).toBe(400);
  });

  it('answers afresh after a payment (the list kept in memory is dropped when billing changes)', async () => {
    const before = row(await list('?overdue=true'), ids.nogal);
    const company = await insertBusiness(t, { name: 'Zapatería Nueva' });
    await insertCharge(t, { businessId: company.id, total: 12_000, dueDate: '2026-11-01' });
    expect(row(await list(), company.id)).toMatchObject({ open: 12_000, balance: 12_000 });
    await pay(t, owner, { businessId: company.id, amount: 12_000 });
    expect(row(await list(), company.id)).toMatchObject({ open: 0, balance: 0, bucket: null });
    expect(row(await list('?overdue=true'), ids.nogal)).toEqual(before);
  });

  it('answers the ids of companies with a charge past due and unpaid', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/billing/collections/overdue-ids', token: owner });
    expect(answer.json().businessIds).toEqual(expect.arrayContaining([ids.nandu, ids.nogal]));
    expect(answer.json().businessIds).not.toContain(ids.alDia);
  });

  it('exports the filtered list to Excel with the totals last', async () => {
    const answer = await t.request({
      method: 'GET',
      url: '/api/billing/collections/export?overdue=true',
      token: owner,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('cobranza-2026-11-15.xlsx');
    const sheet = await openFirstSheet(answer.rawPayload);
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1).slice(0, 9)).toEqual([
      'Empresa',
      'Razón social',
      'RUT',
      'Encargado',
      'Por cobrar',
      'Saldo a favor',
      'Saldo',
      'Vencimiento más antiguo',
      'Tramo',
    ]);
    expect(values(2).slice(0, 1)).toEqual(['nogal spa']);
    expect(values(3)[0]).toBe('Ñandú Limitada');
    expect(values(3)[8]).toBe(AGING_BUCKET_LABELS.d90_plus);
    expect([values(4)[0], values(4)[4], values(4)[5], values(4)[6]]).toEqual(['Total', 71_000, 20_000, 51_000]);
  });
});
