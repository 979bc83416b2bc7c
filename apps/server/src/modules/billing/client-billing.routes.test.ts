import { Writable } from 'node:stream';
import { msg } from '@app/shared/messages';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { moneyMsg } from '@app/shared/money';
import type { PaymentView, Statement } from '@app/shared/schemas/billing-collections';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows, insertCharge, pay } from '../../test/collections-factories.ts';
import { insertBusiness } from '../../test/factories.ts';
import { multipartFiles, pdfText, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renamedExecutable, tinyJpeg, tinyPng, tinyXlsx } from '../../test/upload-fixtures.ts';
import { billingCharges } from './billing.tables.ts';

// 15 November 2026, noon in Santiago.
const NOW = new Date('2026-11-15T15:00:00Z');
let t: TestApp;
let owner: string;
let client: string;
let otherClient: string;
let collaborator: string;
const ids = { mine: 0, theirs: 0, september: 0, october: 0 };
const logLines: string[] = [];

beforeAll(async () => {
  // The access log at 'info', kept here: what a request's address carries reaches it.
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ FILE_MAX_MB: '0.05', LOG_LEVEL: 'info' }, { now: () => NOW, logStream });
  owner = await t.ownerToken();
  ids.mine = (await insertBusiness(t, { name: 'Mi Empresa', razonSocial: 'Mi Empresa SpA' })).id;
  ids.theirs = (await insertBusiness(t, { name: 'Otra Empresa' })).id;
  client = (await t.userWithRole('client', { businessId: ids.mine })).token;
  otherClient = (await t.userWithRole('client', { businessId: ids.theirs })).token;
  collaborator = (await t.userWithRole('collaborator')).token;
  ids.september = (
    await insertCharge(t, {
      businessId: ids.mine,
      total: 119_000,
      dueDate: '2026-09-15',
      folio: 101,
      description: 'Honorarios agosto 2026',
    })
  ).id;
  ids.october = (
    await insertCharge(t, {
      businessId: ids.mine,
      total: 119_000,
      dueDate: '2026-10-15',
      folio: 102,
      description: 'Honorarios septiembre 2026',
    })
  ).id;
  await insertCharge(t, { businessId: ids.theirs, total: 55_000, dueDate: '2026-10-15' });
  const settings = await t.request({
    method: 'PUT',
    url: '/api/billing/settings',
    token: owner,
    payload: {
      bank: 'Banco de Chile',
      accountType: 'Cuenta corriente',
      accountNumber: '00-123-45678-09',
      holder: 'Estudio Contable Muñoz SpA',
      rut: '765432103',
      receiptEmail: 'cobranza@estudio.cl',
      reminderOffsets: [15, -3, 0, 7],
      remindersEnabled: false,
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  expect(settings.json().settings).toMatchObject({
    rut: '76.543.210-3',
    reminderOffsets: [-3, 0, 7, 15],
    transferConfigured: true,
  });
});

const statementOf = (businessId: number, token: string) =>
  t.request({ method: 'GET', url: `/api/billing/business/${businessId}/statement`, token });
/** A receipt as the client's form sends it: the fields ('amount=…&date=…' written as a query for short) in the body, then the file. */
const sendReceipt = (token: string, fields: string, file: { name: string; bytes: Buffer }) =>
  t.request({
    method: 'POST',
    url: '/api/billing/my/receipts',
    token,
    ...multipartFiles([file], Object.fromEntries(new URLSearchParams(fields))),
  });

describe("a client's account statement", () => {
  it('shows the client their own statement with the transfer details, and the owner the same', async () => {
    await pay(t, owner, { businessId: ids.mine, amount: 150_000, date: '2026-10-01' });
    const answer = await statementOf(ids.mine, client);
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json() as Statement;
    expect(statement.transfer).toEqual({
      bank: 'Banco de Chile',
      accountType: 'Cuenta corriente',
      accountNumber: '00-123-45678-09',
      holder: 'Estudio Contable Muñoz SpA',
      rut: '76.543.210-3',
      receiptEmail: 'cobranza@estudio.cl',
    });
    expect(
      statement.lines.map(({ date, kind, debit, credit, balance }) => ({ date, kind, debit, credit, balance })),
    ).toEqual([
      { date: '2026-09-15', kind: 'charge', debit: 119_000, credit: 0, balance: 119_000 },
      { date: '2026-10-01', kind: 'payment', debit: 0, credit: 150_000, balance: -31_000 },
      { date: '2026-10-15', kind: 'charge', debit: 119_000, credit: 0, balance: 88_000 },
    ]);
    expect(
      statement.charges.map(({ id, paid, open, bucket, daysOverdue }) => ({ id, paid, open, bucket, daysOverdue })),
    ).toEqual([
      { id: ids.september, paid: 119_000, open: 0, bucket: null, daysOverdue: 0 },
      { id: ids.october, paid: 31_000, open: 88_000, bucket: 'd31_60', daysOverdue: 31 },
    ]);
    expect(statement.totals).toEqual({
      charged: 238_000,
      paid: 150_000,
      open: 88_000,
      overdue: 88_000,
      credit: 0,
      balance: 88_000,
    });
    expect((await statementOf(ids.mine, owner)).json()).toEqual(statement);
  });

  it("never shows a client another company's statement, nor a collaborator any (403), nor anyone signed out (401)", async () => {
    for (const url of [
      `/api/billing/business/${ids.theirs}/statement`,
      `/api/billing/business/${ids.theirs}/statement/pdf`,
    ]) {
      const refused = await t.request({ method: 'GET', url, token: client });
      expect([url, refused.statusCode, refused.json()]).toEqual([url, 403, { message: msg.forbidden }]);
    }
    for (const url of [
      `/api/billing/business/${ids.mine}/statement`,
      `/api/billing/business/${ids.mine}/statement/pdf`,
    ]) {
      expect((await t.request({ method: 'GET', url, token: otherClient })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url, token: collaborator })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('streams the statement as a PDF in Spanish', async () => {
    const answer = await t.request({
      method: 'GET',
      url: `/api/billing/business/${ids.mine}/statement/pdf`,
      token: client,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('estado-de-cuenta-');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(answer.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    expect(answer.rawPayload.length).toBeGreaterThan(1500);
  });
});

describe('charges not yet issued', () => {
  it("stay the firm's: a client's statement (JSON and PDF) leaves them out and counts only what it shows", async () => {
    const company = (await insertBusiness(t, { name: 'Empresa Borrador' })).id;
    const token = (await t.userWithRole('client', { businessId: company })).token;
    const issued = await insertCharge(t, {
      businessId: company,
      total: 100_000,
      dueDate: '2026-10-15',
      folio: 301,
      description: 'Honorarios septiembre 2026',
    });
    const draft = await insertCharge(t, {
      businessId: company,
      total: 50_000,
      dueDate: '2026-11-20',
      status: 'draft',
      description: 'Honorarios noviembre 2026',
    });
    const waiting = await insertCharge(t, {
      businessId: company,
      total: 0,
      dueDate: '2026-11-25',
      status: 'waiting_uf',
      description: 'Operación Renta 2026',
    });
    const voidedDraft = await insertCharge(t, {
      businessId: company,
      total: 30_000,
      dueDate: '2026-11-01',
      status: 'void',
      description: 'Cobro anulado antes de emitirse',
    });
    const voidedIssued = await insertCharge(t, {
      businessId: company,
      total: 40_000,
      dueDate: '2026-11-05',
      status: 'void',
      folio: 302,
      description: 'Honorarios octubre 2026',
    });
    await t.database.db
      .update(billingCharges)
      .set({ issuedAt: new Date('2026-11-05T15:00:00Z'), voidedAt: new Date('2026-11-06T15:00:00Z') })
      .where(eq(billingCharges.id, voidedIssued.id));
    await t.database.db
      .update(billingCharges)
      .set({ voidedAt: new Date('2026-11-03T15:00:00Z') })
      .where(eq(billingCharges.id, voidedDraft.id));
    // Oldest due first: 100.000 to the issued charge, 20.000 to the draft.
    await pay(t, owner, { businessId: company, amount: 120_000, date: '2026-11-10' });

    const firm = (await statementOf(company, owner)).json() as Statement;
    expect(firm.charges.map((charge) => [charge.id, charge.paid, charge.open])).toEqual([
      [issued.id, 100_000, 0],
      [draft.id, 20_000, 30_000],
      [waiting.id, 0, 0],
    ]);
    expect(firm.totals).toEqual({
      charged: 150_000,
      paid: 120_000,
      open: 30_000,
      overdue: 0,
      credit: 0,
      balance: 30_000,
    });

    const answer = await statementOf(company, token);
    expect(answer.statusCode, answer.body).toBe(200);
    const mine = answer.json() as Statement;
    expect(mine.charges.map((charge) => [charge.id, charge.statusText, charge.paid, charge.open])).toEqual([
      [issued.id, 'Emitido', 100_000, 0],
    ]);
    expect(
      mine.lines.map(({ date, kind, text, debit, credit, balance }) => [date, kind, text, debit, credit, balance]),
    ).toEqual([
      ['2026-10-15', 'charge', 'Honorarios septiembre 2026 (folio 301)', 100_000, 0, 100_000],
      ['2026-11-05', 'charge', 'Honorarios octubre 2026 (folio 302)', 40_000, 0, 140_000],
      [
        '2026-11-06',
        'void',
        collectionsMsg.statementVoidLine('Honorarios octubre 2026 (folio 302)'),
        0,
        40_000,
        100_000,
      ],
      ['2026-11-10', 'payment', collectionsMsg.statementPaymentLine('Transferencia', ''), 0, 120_000, -20_000],
    ]);
    // What the payment paid of the draft is, for the client, credit until the draft is issued.
    expect(mine.totals).toEqual({
      charged: 100_000,
      paid: 120_000,
      open: 0,
      overdue: 0,
      credit: 20_000,
      balance: -20_000,
    });
    for (const hidden of ['Honorarios noviembre 2026', 'Operación Renta 2026', 'Cobro anulado antes de emitirse']) {
      expect(answer.body).not.toContain(hidden);
    }

    const pdfOf = async (who: string) =>
      pdfText(
        (await t.request({ method: 'GET', url: `/api/billing/business/${company}/statement/pdf`, token: who }))
          .rawPayload,
      );
    const clientPdf = await pdfOf(token);
    const firmPdf = await pdfOf(owner);
    expect(clientPdf).toContain('Honorarios septiembre 2026');
    expect(firmPdf).toContain('Honorarios noviembre 2026');
    expect(firmPdf).toContain('Cobro anulado antes de emitirse');
    for (const hidden of ['Honorarios noviembre 2026', 'Operación Renta 2026', 'Cobro anulado antes de emitirse']) {
      expect(clientPdf).not.toContain(hidden);
    }
  });
});

describe("a client's payment receipt", () => {
  it('takes one PDF, JPG or PNG with the amount and date typed: it waits for the owner and tells the firm', async () => {
    const before = t.mailer.sent.length;
    const sent = await sendReceipt(client, 'amount=88.000&date=2026-11-14', {
      name: 'transferencia.pdf',
      bytes: tinyPdf('comprobante'),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { message, payment } = sent.json() as { message: string; payment: PaymentView };
    expect(message).toBe(collectionsMsg.receiptSent);
    expect([payment.status, payment.source, payment.amount, payment.date, payment.hasReceipt]).toEqual([
      'to_confirm',
      'client_receipt',
      88_000,
      '2026-11-14',
      true,
    ]);
    expect(t.mailer.sent.slice(before).map((mail) => [mail.to, mail.subject])).toEqual([
      [['cobranza@estudio.cl'], collectionsMsg.receiptMailSubject('Mi Empresa')],
    ]);
    // Waiting, it counts for nothing.
    const statement = (await statementOf(ids.mine, client)).json() as Statement;
    expect(statement.totals.open).toBe(88_000);
    expect(statement.receipts.map((receipt) => [receipt.id, receipt.statusText])).toEqual([
      [payment.id, 'Por confirmar'],
    ]);

    const download = await t.request({
      method: 'GET',
      url: `/api/billing/payments/${payment.id}/receipt`,
      token: owner,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(tinyPdf('comprobante'))).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: `/api/billing/payments/${payment.id}/receipt`, token: client }))
        .statusCode,
    ).toBe(403);

    const confirmed = await t.request({
      method: 'POST',
      url: `/api/billing/payments/${payment.id}/confirm`,
      token: owner,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(collectionsMsg.receiptConfirmed(88_000, 0));
    expect(((await statementOf(ids.mine, client)).json() as Statement).totals).toMatchObject({ open: 0, balance: 0 });
    const twice = await t.request({
      method: 'POST',
      url: `/api/billing/payments/${payment.id}/confirm`,
      token: owner,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
  });

  it('lets the owner reject one with a reason the client then sees; the row stays', async () => {
    const sent = await sendReceipt(client, 'amount=5.000&date=2026-11-15', { name: 'foto.png', bytes: tinyPng() });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().payment.id as number;
    const rows = await countRows(t, 'billing_payments');
    const rejected = await t.request({
      method: 'POST',
      url: `/api/billing/payments/${id}/reject`,
      token: owner,
      payload: { reason: 'El comprobante es de otra cuenta' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().payment).toMatchObject({
      status: 'rejected',
      statusText: 'Rechazado',
      reason: 'El comprobante es de otra cuenta',
      credit: 0,
    });
    expect(await countRows(t, 'billing_payments')).toBe(rows);
    const receipt = ((await statementOf(ids.mine, client)).json() as Statement).receipts.find((row) => row.id === id);
    expect(receipt).toMatchObject({ status: 'rejected', reason: 'El comprobante es de otra cuenta' });
  });

  it('refuses what is not a receipt (415), a second file, a bad amount or date (400), and stores nothing', async () => {
    const rows = await countRows(t, 'billing_payments');
    const refused: [string, { name: string; bytes: Buffer }, number, string][] = [
      ['amount=1.000&date=2026-11-10', { name: 'x.pdf', bytes: renamedExecutable() }, 415, collectionsMsg.receiptKind],
      ['amount=1.000&date=2026-11-10', { name: 'cartola.xlsx', bytes: tinyXlsx() }, 415, collectionsMsg.receiptKind],
      ['amount=1,234&date=2026-11-10', { name: 'x.pdf', bytes: tinyPdf() }, 400, moneyMsg.ambiguous],
      ['amount=0&date=2026-11-10', { name: 'x.pdf', bytes: tinyPdf() }, 400, 'mayor que cero'],
      ['amount=1.000&date=2026-11-16', { name: 'x.pdf', bytes: tinyPdf() }, 400, collectionsMsg.paymentDateFuture],
      ['amount=1.000', { name: 'x.pdf', bytes: tinyPdf() }, 400, ''],
      [
        `amount=1.000&date=2026-11-10&note=${'x'.repeat(501)}`,
        { name: 'x.pdf', bytes: tinyPdf() },
        400,
        'como máximo 500 caracteres',
      ],
      [
        'amount=1.000&date=2026-11-10',
        { name: 'grande.pdf', bytes: Buffer.concat([tinyPdf(), Buffer.alloc(60 * 1024, 32)]) },
        413,
        '',
      ],
    ];
    for (const [query, file, status, text] of refused) {
      const answer = await sendReceipt(client, query, file);
      expect([query, file.name, answer.statusCode]).toEqual([query, file.name, status]);
      expect(answer.body).toContain(text);
    }
    const two = await t.request({
      method: 'POST',
      url: '/api/billing/my/receipts',
      token: client,
      ...multipartFiles(
        [
          { name: 'a.jpg', bytes: tinyJpeg() },
          { name: 'b.pdf', bytes: tinyPdf() },
        ],
        { amount: '1.000', date: '2026-11-10' },
      ),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(collectionsMsg.receiptOneFile);
    const empty = await t.request({
      method: 'POST',
      url: '/api/billing/my/receipts',
      token: client,
      ...multipartFiles([], { amount: '1.000', date: '2026-11-10' }),
    });
    expect(empty.statusCode).toBe(400);
    expect(await countRows(t, 'billing_payments')).toBe(rows);
    // No stored bytes are left by the refused uploads: only the two receipts kept above are on disk.
    const keys = (await t.database.db.execute(
      sql`select receipt_file_key from billing_payments where receipt_file_key is not null`,
    )) as unknown as { rows: unknown[] };
    const stored: string[] = [];
    for await (const { key } of t.modules.storage.list()) stored.push(key);
    expect(stored.length).toBe(keys.rows.length);
  });

  it('carries the amount, date and note in the form, never in the address the access log keeps; the old address form is refused', async () => {
    const note = 'Pagado desde la cuenta de mi socio Ñuñoa 4412';
    const rows = await countRows(t, 'billing_payments');
    const sent = await sendReceipt(client, `amount=3.000&date=2026-11-12&method=deposito&note=${note}`, {
      name: 'r.pdf',
      bytes: tinyPdf('con nota'),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().payment).toMatchObject({ amount: 3_000, date: '2026-11-12', method: 'deposito', note });
    const logged = logLines.join('\n');
    expect(logged).toContain('"url":"/api/billing/my/receipts"');
    expect(logged).not.toContain('Ñuñoa');
    expect(logged).not.toContain(encodeURIComponent('Ñuñoa'));

    // A page loaded before the fields moved to the body still sends them in the address: refused, nothing kept.
    const old = await t.request({
      method: 'POST',
      url: `/api/billing/my/receipts?amount=4.000&date=2026-11-12&note=${encodeURIComponent(note)}`,
      token: client,
      ...multipartFiles([{ name: 'r.pdf', bytes: tinyPdf() }]),
    });
    expect([old.statusCode, old.json().message]).toEqual([400, collectionsMsg.receiptFieldsInAddress]);
    // Even with the fields in the body too.
    const both = await t.request({
      method: 'POST',
      url: '/api/billing/my/receipts?note=otra',
      token: client,
      ...multipartFiles([{ name: 'r.pdf', bytes: tinyPdf() }], { amount: '4.000', date: '2026-11-12' }),
    });
    expect([both.statusCode, both.json().message]).toEqual([400, collectionsMsg.receiptFieldsInAddress]);
    expect(await countRows(t, 'billing_payments')).toBe(rows + 1);
  });

  it('is for clients only: staff get 403, anonymous 401', async () => {
    const file = { name: 'x.pdf', bytes: tinyPdf() };
    expect((await sendReceipt(owner, 'amount=1.000&date=2026-11-10', file)).statusCode).toBe(403);
    expect((await sendReceipt(collaborator, 'amount=1.000&date=2026-11-10', file)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/billing/my/receipts',
      ...multipartFiles([file], { amount: '1.000', date: '2026-11-10' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps a receipt's bytes through the hourly sweep of stored files without rows", async () => {
    const sent = await sendReceipt(client, 'amount=2.000&date=2026-11-10', { name: 'r.jpg', bytes: tinyJpeg() });
    expect(sent.statusCode).toBe(201);
    await t.modules.documents.sweepOrphans(new Date(Date.now() + 2 * 60 * 60_000));
    const download = await t.request({
      method: 'GET',
      url: `/api/billing/payments/${sent.json().payment.id}/receipt`,
      token: owner,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
  });
});
