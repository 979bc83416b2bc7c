import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { mailMsg } from '@app/shared/messages-mail';
import { santiagoDate } from '@app/shared/period';
import type { EmailLogPage } from '@app/shared/schemas/email';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OUTBOX_RESPONSE_PREFIX } from '../../lib/mailer.ts';
import { DATE_TIME_FORMAT, XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { openFirstSheet } from '../../test/workbook.ts';
import { emailLog } from './email.tables.ts';

const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();
const URL = '/api/email/export';

describe('GET /api/email/export', () => {
  it("streams every entry the page's company filter matches, newest first, cell by cell", async () => {
    const business = await insertBusiness(t, { name: 'Panadería Los Aromos' });
    const other = await insertBusiness(t, { name: 'Otra Empresa' });
    const sent = await api.owner.post('/api/utils/send-email', {
      subject: 'Pago Impuesto Mensual (F29)',
      content: 'Su F29 está listo.',
      businessId: business.id,
      emails: 'ana@aromos.cl, pedro@aromos.cl',
    });
    expect(sent.statusCode).toBe(200);
    const senderName = (sent.json().email as EmailLogPage['rows'][number]).sentBy?.name;
    expect(senderName).toBeTruthy();
    await t.database.db.insert(emailLog).values([
      // Summer time in Santiago (UTC-3): 13:41 UTC is 10:41 there.
      {
        businessId: business.id,
        subject: 'Recordatorio',
        emails: 'ana@aromos.cl',
        content: 'x',
        ok: false,
        providerResponse: '550 buzón lleno',
        createdAt: new Date('2026-01-15T13:41:00Z'),
      },
      // Winter time (UTC-4): 13:41 UTC is 09:41 there; kept in the local outbox, sent by the app.
      {
        businessId: business.id,
        subject: 'Resumen diario',
        emails: 'ana@aromos.cl',
        content: 'x',
        ok: true,
        providerResponse: `${OUTBOX_RESPONSE_PREFIX}archivo.eml`,
        createdAt: new Date('2025-07-15T13:41:00Z'),
      },
      {
        businessId: other.id,
        subject: 'De otra empresa',
        emails: 'o@o.cl',
        content: 'x',
        ok: true,
        providerResponse: '250',
      },
    ]);

    const before = santiagoDate();
    const response = await api.owner.get(`${URL}?businessId=${business.id}&page=3&size=5`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect([before, santiagoDate()].map((day) => `attachment; filename="correos-${day}.xlsx"`)).toContain(
      response.headers['content-disposition']?.toString().split(';').slice(0, 2).join(';'),
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.name).toBe(mailMsg.exportSheet);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha y hora',
      'Empresa',
      'Para',
      'Asunto',
      'Enviado por',
      'Estado',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:F1');
    // Only the company's three entries (the page and size of the page are not a filter), newest first.
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((row) => sheet.getCell(row, 4).value)).toEqual([
      'Pago Impuesto Mensual (F29)',
      'Recordatorio',
      'Resumen diario',
    ]);

    const newest = sheet.getRow(2);
    expect(newest.getCell(1).value).toBeInstanceOf(Date);
    expect(newest.getCell(1).numFmt).toBe(DATE_TIME_FORMAT);
    expect(newest.getCell(2).value).toBe('Panadería Los Aromos');
    expect(newest.getCell(3).value).toBe('ana@aromos.cl, pedro@aromos.cl');
    expect(newest.getCell(5).value).toBe(senderName);
    expect(newest.getCell(6).value).toBe(boardMsg.emailOk);
    expect(newest.getCell(6).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FF1F6B30' } });

    const failed = sheet.getRow(3);
    expect(failed.getCell(1).value).toEqual(new Date(Date.UTC(2026, 0, 15, 10, 41)));
    expect(failed.getCell(1).numFmt).toBe(DATE_TIME_FORMAT);
    expect(failed.getCell(5).value).toBeNull();
    expect(failed.getCell(6).value).toBe(boardMsg.emailNotSent);
    expect(failed.getCell(6).fill).toMatchObject({ fgColor: { argb: 'FFC92A2A' } });

    const outbox = sheet.getRow(4);
    expect(outbox.getCell(1).value).toEqual(new Date(Date.UTC(2025, 6, 15, 9, 41)));
    expect(outbox.getCell(6).value).toBe(mailMsg.emailInOutbox);
  });

  it("names an entry without a company 'sin empresa', as the page does", async () => {
    await t.database.db
      .insert(emailLog)
      .values({ subject: 'Sin empresa', emails: 's@s.cl', content: 'x', ok: true, providerResponse: '250' });
    const sheet = await openFirstSheet((await api.owner.get(URL)).rawPayload);
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    const row = rows.find((candidate) => candidate.getCell(4).value === 'Sin empresa');
    expect(row?.getCell(2).value).toBe(boardMsg.noCompany);
  });

  it('exports every entry once across its batches, even many in the same millisecond', async () => {
    const business = await insertBusiness(t, { name: 'Muchos Correos' });
    // 1,203 entries a microsecond apart: 1.2 ms in all, so most share their millisecond with others.
    await t.database.db.execute(sql`
      insert into email_log (business_id, subject, emails, content, ok, provider_response, created_at)
      select ${business.id}, 'Correo ' || g, 'a@a.cl', 'x', true, '250',
             timestamptz '2026-03-02 12:00:00.000100+00' + make_interval(secs => g / 1000000.0)
      from generate_series(1, 1203) as g`);
    const response = await api.owner.get(`${URL}?businessId=${business.id}`);
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(1204);
    const subjects = (sheet.getRows(2, 1203) ?? []).map((row) => row.getCell(4).value);
    expect(subjects).toEqual(Array.from({ length: 1203 }, (_, index) => `Correo ${1203 - index}`));
  });

  it('is for owners only (email:manage): collaborators, clients and anonymous callers are refused', async () => {
    const collaborator = await api.collaborator.get(URL);
    expect(collaborator.statusCode).toBe(403);
    expect(collaborator.json()).toEqual({ message: msg.forbidden });
    await expectClientAndAnonymousRefused({ method: 'GET', url: URL });
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '%00'])('refuses the company %s with 400 in Spanish', async (id) => {
    const response = await api.owner.get(`${URL}?businessId=${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(msg.invalidId);
  });
});
