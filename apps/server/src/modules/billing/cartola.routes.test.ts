import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { CartolaLine, CartolaPreview, CartolaPreviewLine } from '@app/shared/schemas/billing-collections';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { countRows, insertCharge } from '../../test/collections-factories.ts';
import { insertBusiness } from '../../test/factories.ts';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// 15 November 2026, noon in Santiago.
const NOW = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = await t.ownerToken();
  ids.uno = (await insertBusiness(t, { name: 'Uno SpA', rut: '76.543.210-3' })).id;
  ids.dos = (await insertBusiness(t, { name: 'Dos Ltda' })).id;
  ids.unoCharge = (await insertCharge(t, { businessId: ids.uno, total: 80_000, dueDate: '2026-10-15' })).id;
  ids.dosAmount = (await insertCharge(t, { businessId: ids.dos, total: 133_333, dueDate: '2026-10-15' })).id;
  ids.dosFolio = (await insertCharge(t, { businessId: ids.dos, total: 90_000, dueDate: '2026-11-01', folio: 4521 })).id;
});

const CSV = [
  'Banco de Chile;Cartola;;',
  'Fecha;Descripción;Monto;RUT',
  '01/11/2026;TRANSF DE 765432103 UNO SPA;80.000;',
  '02/11/2026;TRANSFERENCIA RECIBIDA;133.333;',
  '03/11/2026;PAGO FACTURA 4521;45.000;',
  '04/11/2026;DEPOSITO SIN DATOS;12.345;',
  '05/11/2026;COMISION MANTENCION;-5.990;',
  'no es fecha;SALDO;1.000;',
].join('\r\n');

const preview = async (text = CSV) => {
  const answer = await t.request({
    method: 'POST',
    url: '/api/billing/cartola/preview',
    token: owner,
    ...multipartFiles([{ name: 'cartola.csv', bytes: Buffer.from(text, 'latin1') }]),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as CartolaPreview;
};
const back = (line: CartolaPreviewLine, action: 'match' | 'keep' | 'ignore', extra: Record<string, unknown> = {}) => ({
  date: line.date,
  description: line.description,
  amount: line.amount,
  rut: line.rut,
  occurrence: line.occurrence,
  key: line.key,
  action,
  businessId: line.proposal?.businessId,
  chargeIds: line.proposal?.chargeId ? [line.proposal.chargeId] : [],
  ...extra,
});

describe("importing the bank statement ('cartola')", () => {
  it('proposes a company for each deposit and says why; debits and bad lines are set aside; nothing is written', async () => {
    const before = await countRows(t, 'billing_cartola_lines');
    const data = await preview();
    expect(
      data.lines.map(({ line, status, proposal }) => [
        line,
        status,
        proposal?.reason ?? null,
        proposal?.businessId ?? null,
      ]),
    ).toEqual([
      [3, 'new', 'rut', ids.uno],
      [4, 'new', 'amount', ids.dos],
      [5, 'new', 'folio', ids.dos],
      [6, 'new', null, null],
      [7, 'debit', null, null],
      [8, 'invalid', null, null],
    ]);
    expect(data.lines[0]?.proposal?.reasonText).toBe(collectionsMsg.proposalRut('76.543.210-3'));
    expect(data.lines[1]?.proposal?.chargeId).toBe(ids.dosAmount);
    expect(data.lines[2]?.proposal?.chargeId).toBe(ids.dosFolio);
    expect(data.lines[4]?.error).toBe(collectionsMsg.cartolaDebit);
    expect(data.counts).toEqual({ new: 4, proposed: 3, duplicate: 0, debit: 1, invalid: 1 });
    expect(await countRows(t, 'billing_cartola_lines')).toBe(before);
  });

  it('confirms the chosen lines as payments, keeps and ignores the others, and flags them as imported next time', async () => {
    const data = await preview();
    const [rut, amount, folio, unknown] = data.lines as CartolaPreviewLine[];
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/billing/cartola/confirm',
      token: owner,
      payload: {
        lines: [
          back(rut as CartolaPreviewLine, 'match'),
          back(amount as CartolaPreviewLine, 'match'),
          back(folio as CartolaPreviewLine, 'keep'),
          back(unknown as CartolaPreviewLine, 'ignore', { ignoreReason: 'Traspaso entre cuentas del estudio' }),
        ],
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: collectionsMsg.cartolaImported(2, 1, 1, 0),
      matched: 2,
      pending: 1,
      ignored: 1,
      duplicates: 0,
    });
    const payments = (await t.database.db.execute(
      sql`select business_id, amount, source, cartola_line_id is not null as linked from billing_payments order by id`,
    )) as unknown as { rows: { business_id: number; amount: string; source: string; linked: boolean }[] };
    expect(payments.rows.map((row) => [row.business_id, Number(row.amount), row.source, row.linked])).toEqual([
      [ids.uno, 80_000, 'cartola', true],
      [ids.dos, 133_333, 'cartola', true],
    ]);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'cartola'), eq(activity.action, 'imported')));
    expect(entry?.details?.after).toEqual({ lineas: 4, pagos: 2, porAsociar: 1, ignoradas: 1, yaImportadas: 0 });

    const again = await preview();
    expect(again.lines.slice(0, 4).map((line) => [line.status, line.error])).toEqual([
      ['duplicate', collectionsMsg.cartolaDuplicate],
      ['duplicate', collectionsMsg.cartolaDuplicate],
      ['duplicate', collectionsMsg.cartolaDuplicate],
      ['duplicate', collectionsMsg.cartolaDuplicate],
    ]);
    // Sent again anyway (a second tab): nothing more is stored or paid.
    const twice = await t.request({
      method: 'POST',
      url: '/api/billing/cartola/confirm',
      token: owner,
      payload: { lines: [back(rut as CartolaPreviewLine, 'match')] },
    });
    expect(twice.json()).toMatchObject({ matched: 0, duplicates: 1 });
    expect(await countRows(t, 'billing_payments')).toBe(2);
  });

  it('lists the lines left for later with a fresh proposal, and matches or ignores them', async () => {
    const unmatched = (
      await t.request({ method: 'GET', url: '/api/billing/cartola/lines', token: owner })
    ).json() as CartolaLine[];
    expect(unmatched.map((line) => [line.description, line.proposal?.reason])).toEqual([
      ['PAGO FACTURA 4521', 'folio'],
    ]);
    const line = unmatched[0] as CartolaLine;
    const matched = await t.request({
      method: 'POST',
      url: `/api/billing/cartola/lines/${line.id}/match`,
      token: owner,
      payload: { businessId: ids.dos, chargeIds: [ids.dosFolio] },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().line).toMatchObject({ status: 'matched', businessName: 'Dos Ltda' });
    expect(matched.json().payment).toMatchObject({
      source: 'cartola',
      amount: 45_000,
      applied: 45_000,
      cartolaLineId: line.id,
    });
    const twice = await t.request({
      method: 'POST',
      url: `/api/billing/cartola/lines/${line.id}/match`,
      token: owner,
      payload: { businessId: ids.dos },
    });
    expect(twice.statusCode).toBe(409);

    // Reversed (it was another company's), the line can be matched again; the reversed payment stays.
    const paymentId = matched.json().payment.id as number;
    await t.request({
      method: 'POST',
      url: `/api/billing/payments/${paymentId}/reverse`,
      token: owner,
      payload: { reason: 'Era de Uno SpA' },
    });
    const reopened = (
      await t.request({ method: 'GET', url: '/api/billing/cartola/lines', token: owner })
    ).json() as CartolaLine[];
    expect(reopened.map((entry) => entry.id)).toEqual([line.id]);
    const rematched = await t.request({
      method: 'POST',
      url: `/api/billing/cartola/lines/${line.id}/match`,
      token: owner,
      payload: { businessId: ids.uno },
    });
    expect(rematched.statusCode, rematched.body).toBe(200);
    expect(await countRows(t, 'billing_payments', sql`cartola_line_id = ${line.id}`)).toBe(2);

    const ignored = (
      await t.request({ method: 'GET', url: '/api/billing/cartola/lines?status=ignored', token: owner })
    ).json() as CartolaLine[];
    expect(ignored.map((entry) => [entry.description, entry.ignoreReason])).toEqual([
      ['DEPOSITO SIN DATOS', 'Traspaso entre cuentas del estudio'],
    ]);
    const noReason = await t.request({
      method: 'POST',
      url: `/api/billing/cartola/lines/${ignored[0]?.id}/ignore`,
      token: owner,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(collectionsMsg.ignoreReasonRequired);
  });

  it('refuses a confirm whose line does not match its key, and a sheet without the needed columns', async () => {
    const data = await preview(CSV.replace('12.345', '54.321'));
    const line = data.lines[3] as CartolaPreviewLine;
    const tampered = await t.request({
      method: 'POST',
      url: '/api/billing/cartola/confirm',
      token: owner,
      payload: { lines: [{ ...back(line, 'keep'), amount: 99_999 }] },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(collectionsMsg.cartolaKeyMismatch);
    const noColumns = await t.request({
      method: 'POST',
      url: '/api/billing/cartola/preview',
      token: owner,
      ...multipartFiles([{ name: 'x.csv', bytes: Buffer.from('Fecha;Valor\n01/11/2026;1.000\n') }]),
    });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(collectionsMsg.cartolaMissingColumns);
  });
});
