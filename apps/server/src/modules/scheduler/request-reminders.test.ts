import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { businessFiles, businessFolders } from '../documents/documents.tables.ts';
import { emailLog } from '../email/email.tables.ts';
import { documentRequestItems, documentRequests, requestReminderSends } from '../requests/requests.tables.ts';
import { serviceFolders } from '../services/services.tables.ts';

const APP_URL = 'https://estudio.example.cl';
let t: TestApp;
let serviceId: number;
let folderId: number;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  ({ serviceId } = await createServiceWithStates(t, 'Contabilidad recordatorios', [
    { name: 'Pendiente', pctProgress: 0 },
  ]));
  const [folder] = await t.database.db.insert(serviceFolders).values({ serviceId, name: 'Compras' }).returning();
  if (!folder) throw new Error('folder insert failed');
  folderId = folder.id;
});

afterAll(() => t.close());

type ItemSpec = { name: string; status?: 'pending' | 'received' | 'rejected'; reviewedAt?: Date };

/** A company with two contact addresses (or none) and a request due on a day, created weeks before. */
async function requestDue(
  dueDate: string,
  items: ItemSpec[],
  options: { contact?: string; createdAt?: Date; title?: string } = {},
) {
  const business = await insertBusiness(t);
  const contact = options.contact ?? `pagos${business.id}@empresa.cl,gerencia${business.id}@empresa.cl`;
  await t.database.db.update(businesses).set({ contact }).where(eq(businesses.id, business.id));
  const [request] = await t.database.db
    .insert(documentRequests)
    .values({
      businessId: business.id,
      year: 2026,
      month: 11,
      title: options.title ?? `Documentos de noviembre ${business.id}`,
      dueDate,
      serviceId,
      createdAt: options.createdAt ?? new Date('2026-11-20T12:00:00Z'),
    })
    .returning();
  if (!request) throw new Error('request insert failed');
  const rows = await t.database.db
    .insert(documentRequestItems)
    .values(
      items.map((item, position) => ({
        requestId: request.id,
        name: item.name,
        serviceFolderId: folderId,
        position,
        status: item.status ?? 'pending',
        reviewedAt: item.reviewedAt ?? null,
      })),
    )
    .returning();
  return { business: { ...business, contact }, request, items: rows };
}

/** A file the client sent against an item at a moment (what the upload route writes). */
async function clientFile(businessId: number, itemId: number, createdAt: Date) {
  const [folder] = await t.database.db
    .insert(businessFolders)
    .values({ businessId, serviceFolderId: folderId, year: 2026, month: 11 })
    .onConflictDoNothing()
    .returning();
  const folderRow =
    folder ??
    (
      await t.database.db
        .select()
        .from(businessFolders)
        .where(and(eq(businessFolders.businessId, businessId), eq(businessFolders.serviceFolderId, folderId)))
    )[0];
  if (!folderRow) throw new Error('folder missing');
  await t.database.db.insert(businessFiles).values({
    businessFolderId: folderRow.id,
    name: 'factura.pdf',
    storageKey: `test/${crypto.randomUUID()}`,
    size: 10,
    fromClient: true,
    requestItemId: itemId,
    createdAt,
  });
}

const mailsTo = (businessId: number, app = t) =>
  app.mailer.sent.filter((mail) => mail.to.includes(`pagos${businessId}@empresa.cl`));
const logOf = (businessId: number) => t.database.db.select().from(emailLog).where(eq(emailLog.businessId, businessId));
const claimsOf = (requestId: number) =>
  t.database.db.select().from(requestReminderSends).where(eq(requestReminderSends.requestId, requestId));
const tick = (at: string, app = t) => app.modules.scheduler.tick(new Date(at));

describe('document request reminders', () => {
  it("go from 09:00 in Santiago 3 days before the due date and on it, once each, listing only what is still missing, to the company's contacts", async () => {
    const { business, request, items } = await requestDue('2026-12-15', [
      { name: 'Facturas de compra' },
      { name: 'Cartola bancaria', status: 'received', reviewedAt: new Date('2026-11-25T12:00:00Z') },
      { name: 'Libro de remuneraciones', status: 'rejected', reviewedAt: new Date('2026-11-26T12:00:00Z') },
      { name: 'Boletas de honorarios' },
    ]);
    // The client sent the fees receipts: awaiting review, so not asked for again.
    await clientFile(business.id, items[3]?.id ?? 0, new Date('2026-11-27T12:00:00Z'));
    // A file sent before the payroll was rejected does not count as sent.
    await clientFile(business.id, items[2]?.id ?? 0, new Date('2026-11-25T12:00:00Z'));

    await tick('2026-12-11T15:00:00Z'); // 4 days before
    await tick('2026-12-12T11:59:00Z'); // 3 days before, 08:59 in Santiago (summer time, UTC-3)
    expect(mailsTo(business.id)).toEqual([]);

    await tick('2026-12-12T12:00:00Z');
    await tick('2026-12-12T12:01:00Z');
    await tick('2026-12-13T12:00:00Z');
    await tick('2026-12-14T20:00:00Z');
    const body = (due: string) =>
      [
        'Hola,',
        '',
        `Aún faltan estos documentos de "${request.title}", que vence el ${due}:`,
        '',
        '- Facturas de compra',
        '- Libro de remuneraciones',
        '',
        `Puede subirlos desde su portal: ${APP_URL}/`,
      ].join('\n');
    expect(mailsTo(business.id)).toMatchObject([
      {
        to: [`pagos${business.id}@empresa.cl`, `gerencia${business.id}@empresa.cl`],
        subject: `Recordatorio: documentos pendientes para el 15-12-2026 - ${business.name}`,
        text: body('15-12-2026'),
      },
    ]);

    await tick('2026-12-15T11:59:00Z');
    expect(mailsTo(business.id)).toHaveLength(1);
    await tick('2026-12-15T12:00:00Z');
    await tick('2026-12-15T23:00:00Z');
    await tick('2026-12-16T12:00:00Z'); // the day after: late, no more reminders
    expect(mailsTo(business.id).map((mail) => mail.subject)).toEqual([
      `Recordatorio: documentos pendientes para el 15-12-2026 - ${business.name}`,
      `Hoy vence el envío de documentos - ${business.name}`,
    ]);
    expect(mailsTo(business.id)[1]?.text).toBe(body('15-12-2026'));
    expect(await logOf(business.id)).toMatchObject([
      { ok: true, sentBy: null, businessId: business.id, content: body('15-12-2026') },
      { ok: true, sentBy: null, businessId: business.id, content: body('15-12-2026') },
    ]);
    expect((await claimsOf(request.id)).map((claim) => claim.kind).sort()).toEqual(['before', 'due']);
  });

  it('a request first seen the day before its due date gets the reminder before it then, and the due one on the day', async () => {
    const { business } = await requestDue('2026-12-22', [{ name: 'Facturas de venta' }]);
    await tick('2026-12-21T13:00:00Z');
    await tick('2026-12-22T13:00:00Z');
    expect(mailsTo(business.id).map((mail) => mail.subject)).toEqual([
      `Recordatorio: documentos pendientes para el 22-12-2026 - ${business.name}`,
      `Hoy vence el envío de documentos - ${business.name}`,
    ]);
  });

  it('a complete request, or one whose every missing item was just sent, gets none', async () => {
    const complete = await requestDue('2026-12-18', [
      { name: 'Cartola bancaria', status: 'received', reviewedAt: new Date('2026-11-25T12:00:00Z') },
    ]);
    const sent = await requestDue('2026-12-18', [{ name: 'Facturas de compra' }]);
    await clientFile(sent.business.id, sent.items[0]?.id ?? 0, new Date('2026-12-01T12:00:00Z'));

    await tick('2026-12-15T12:00:00Z');
    await tick('2026-12-18T12:00:00Z');
    expect([...mailsTo(complete.business.id), ...mailsTo(sent.business.id)]).toEqual([]);
    expect([...(await claimsOf(complete.request.id)), ...(await claimsOf(sent.request.id))]).toEqual([]);
  });

  it('a request created that day waits for the next day: its creation mail just listed the same documents', async () => {
    const { business, request } = await requestDue('2026-12-28', [{ name: 'Facturas de compra' }], {
      createdAt: new Date('2026-12-26T12:30:00Z'), // 09:30 in Santiago
    });
    await tick('2026-12-26T13:00:00Z');
    expect(mailsTo(business.id)).toEqual([]);
    expect(await claimsOf(request.id)).toEqual([]);
    await tick('2026-12-27T12:00:00Z');
    expect(mailsTo(business.id).map((mail) => mail.subject)).toEqual([
      `Recordatorio: documentos pendientes para el 28-12-2026 - ${business.name}`,
    ]);
  });

  it('a company without contact addresses is claimed without a mail', async () => {
    const { business, request } = await requestDue('2026-12-20', [{ name: 'Cartola bancaria' }], { contact: '' });
    const logBefore = (await logOf(business.id)).length;
    await tick('2026-12-17T12:00:00Z');
    await tick('2026-12-20T12:00:00Z');
    expect(t.mailer.sent.filter((mail) => mail.subject.endsWith(` - ${business.name}`))).toEqual([]);
    expect((await logOf(business.id)).length).toBe(logBefore);
    expect((await claimsOf(request.id)).map((claim) => claim.kind).sort()).toEqual(['before', 'due']);
  });

  it('a restart (a new app on the same database) does not send a reminder again', async () => {
    const { business } = await requestDue('2027-01-08', [{ name: 'Facturas de compra' }]);
    await tick('2027-01-05T12:00:00Z');
    expect(mailsTo(business.id)).toHaveLength(1);
    const restarted = await createTestApp({ APP_URL }, { database: t.database });
    try {
      await tick('2027-01-05T18:00:00Z', restarted);
      expect(mailsTo(business.id, restarted)).toEqual([]);
    } finally {
      await restarted.close();
    }
    expect(await logOf(business.id)).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'two instances ticking at the same moment send each reminder exactly once',
    async () => {
      const due = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          requestDue(index % 2 === 0 ? '2027-01-15' : '2027-01-12', [{ name: 'Facturas de compra' }]),
        ),
      );
      const other = await createTestApp({ APP_URL }, { database: t.database });
      try {
        await Promise.all([tick('2027-01-12T12:00:00Z'), tick('2027-01-12T12:00:00Z', other)]);
        await Promise.all([tick('2027-01-12T12:01:00Z'), tick('2027-01-12T12:01:00Z', other)]);
        for (const { business } of due) {
          expect(mailsTo(business.id).length + mailsTo(business.id, other).length).toBe(1);
          expect(await logOf(business.id)).toHaveLength(1);
        }
      } finally {
        await other.close();
      }
    },
  );
});
