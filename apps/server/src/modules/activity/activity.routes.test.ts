import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from '@app/shared/activity';
import { msg } from '@app/shared/messages';
import { activityMsg } from '@app/shared/messages-trust';
import { santiagoDate } from '@app/shared/period';
import { type ActivityPage, ActivityPageSchema } from '@app/shared/schemas/activity';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithEveryRole } from '../../test/route-suite.ts';

const URL = '/api/activity';
const EXPORT_URL = '/api/activity/export';
const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();

// Entries are inserted directly (the table allows INSERT); each test names its own companies and
// users by ids no real row has (the table keeps no foreign keys), so other entries never count.
let nextId = 700_000;
const freshId = () => nextId++;

interface Entry {
  at: string;
  actorId?: number | null;
  actorName?: string | null;
  ip?: string | null;
  kind?: string;
  action?: string;
  recordId?: string | null;
  recordLabel?: string | null;
  businessId?: number | null;
  businessName?: string | null;
  details?: unknown;
}

/** Inserts entries; `at` is read by PostgreSQL (e.g. '2024-03-15 00:00:00 America/Santiago'). */
async function insert(...entries: Entry[]) {
  for (const entry of entries) {
    await t.database.db.execute(sql`
      insert into activity (at, actor_id, actor_name, ip, kind, action, record_id, record_label, business_id, business_name, details)
      values (${entry.at}::timestamptz, ${entry.actorId ?? null}, ${entry.actorName ?? null}, ${entry.ip ?? null},
              ${entry.kind ?? 'company'}, ${entry.action ?? 'updated'}, ${entry.recordId ?? null},
              ${entry.recordLabel ?? null}, ${entry.businessId ?? null}, ${entry.businessName ?? null},
              ${entry.details === undefined ? null : JSON.stringify(entry.details)}::jsonb)`);
  }
}

async function page(query: string): Promise<ActivityPage> {
  const response = await api.owner.get(`${URL}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ActivityPageSchema.parse(response.json());
}

const labels = (result: ActivityPage) => result.rows.map((row) => row.recordLabel);

describe('GET /api/activity', () => {
  it('is for owners only (activity:read): collaborators, clients and anonymous callers are refused', async () => {
    for (const url of [URL, EXPORT_URL]) {
      const collaborator = await api.collaborator.get(url);
      expect(collaborator.statusCode).toBe(403);
      expect(collaborator.json()).toEqual({ message: msg.forbidden });
      await expectClientAndAnonymousRefused({ method: 'GET', url });
    }
    expect((await api.owner.get(URL)).statusCode).toBe(200);
  });

  it('answers an entry with every field, newest first', async () => {
    const businessId = freshId();
    const actorId = freshId();
    await insert(
      { at: '2025-01-10 09:00:00+00', actorId, actorName: 'Ana Pérez', businessId, recordLabel: 'antes' },
      {
        at: '2025-01-10 10:00:00+00',
        actorId,
        actorName: 'Ana Pérez',
        ip: '10.0.0.7',
        kind: 'credential',
        action: 'revealed',
        recordId: '42',
        recordLabel: 'SII',
        businessId,
        businessName: 'Los Aromos',
        details: { before: { nombre: 'A' }, after: { nombre: 'B' } },
      },
    );
    const result = await page(`businessId=${businessId}`);
    expect(result.nextCursor).toBeNull();
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]).toEqual({
      id: expect.any(Number),
      at: '2025-01-10T10:00:00.000Z',
      actorId,
      actorName: 'Ana Pérez',
      ip: '10.0.0.7',
      kind: 'credential',
      action: 'revealed',
      recordId: '42',
      recordLabel: 'SII',
      businessId,
      businessName: 'Los Aromos',
      details: { before: { nombre: 'A' }, after: { nombre: 'B' } },
    });
    expect(result.rows[1]?.recordLabel).toBe('antes');
    expect(result.rows[1]?.details).toBeNull();
  });

  it('filters by user, company, kind and dates, each alone and combined', async () => {
    const [userA, userB, companyA, companyB] = [freshId(), freshId(), freshId(), freshId()];
    await insert(
      { at: '2023-05-02 12:00:00+00', actorId: userA, businessId: companyA, kind: 'task', recordLabel: 'a-a-task' },
      { at: '2023-05-03 12:00:00+00', actorId: userA, businessId: companyB, kind: 'note', recordLabel: 'a-b-note' },
      { at: '2023-05-04 12:00:00+00', actorId: userB, businessId: companyA, kind: 'note', recordLabel: 'b-a-note' },
      { at: '2023-05-05 12:00:00+00', actorId: userB, businessId: companyB, kind: 'task', recordLabel: 'b-b-task' },
    );
    expect(labels(await page(`userId=${userA}`))).toEqual(['a-b-note', 'a-a-task']);
    expect(labels(await page(`businessId=${companyA}`))).toEqual(['b-a-note', 'a-a-task']);
    expect(labels(await page(`userId=${userB}&businessId=${companyB}`))).toEqual(['b-b-task']);
    expect(labels(await page(`userId=${userA}&kind=note`))).toEqual(['a-b-note']);
    expect(labels(await page(`businessId=${companyA}&kind=task&from=2023-05-01&to=2023-05-03`))).toEqual(['a-a-task']);
    expect(labels(await page(`userId=${userB}&from=2023-05-05`))).toEqual(['b-b-task']);
    expect(labels(await page(`userId=${userB}&to=2023-05-04`))).toEqual(['b-a-note']);

    // Alone: every entry answered matches, and ours are among them.
    const byKind = await page('kind=task&limit=200&to=2023-05-31&from=2023-05-01');
    expect(byKind.rows.every((row) => row.kind === 'task')).toBe(true);
    expect(labels(byKind)).toEqual(expect.arrayContaining(['a-a-task', 'b-b-task']));
    const fromOnly = await page('from=2023-05-05&limit=200');
    expect(fromOnly.rows.every((row) => row.at >= '2023-05-05T04:00:00.000Z')).toBe(true);
    expect(labels(fromOnly)).toContain('b-b-task');
    expect(labels(fromOnly)).not.toContain('b-a-note');
    const toOnly = await page('to=2023-05-03&limit=200');
    expect(toOnly.rows.every((row) => row.at < '2023-05-04T04:00:00.000Z')).toBe(true);
    expect(labels(toOnly)).toEqual(expect.arrayContaining(['a-b-note', 'a-a-task']));
    expect(labels(toOnly)).not.toContain('b-a-note');
  });

  it('reads from and to as whole days in Santiago, both included, in summer and in winter time', async () => {
    const businessId = freshId();
    await insert(
      // Summer time (UTC-3).
      { at: '2024-03-14 23:59:59.999999 America/Santiago', businessId, recordLabel: 'día antes' },
      { at: '2024-03-15 00:00:00 America/Santiago', businessId, recordLabel: 'primer instante' },
      { at: '2024-03-15 23:59:59.999999 America/Santiago', businessId, recordLabel: 'último instante' },
      { at: '2024-03-16 00:00:00 America/Santiago', businessId, recordLabel: 'día después' },
      // Winter time (UTC-4).
      { at: '2024-07-09 23:59:00 America/Santiago', businessId, recordLabel: 'invierno antes' },
      { at: '2024-07-10 00:00:00 America/Santiago', businessId, recordLabel: 'invierno 00:00' },
      { at: '2024-07-10 23:59:00 America/Santiago', businessId, recordLabel: 'invierno 23:59' },
      { at: '2024-07-11 00:00:00 America/Santiago', businessId, recordLabel: 'invierno después' },
    );
    expect(labels(await page(`businessId=${businessId}&from=2024-03-15&to=2024-03-15`))).toEqual([
      'último instante',
      'primer instante',
    ]);
    expect(labels(await page(`businessId=${businessId}&from=2024-07-10&to=2024-07-10`))).toEqual([
      'invierno 23:59',
      'invierno 00:00',
    ]);
    expect(labels(await page(`businessId=${businessId}&from=2024-03-16&to=2024-07-09`))).toEqual([
      'invierno antes',
      'día después',
    ]);
  });

  it('walks every entry exactly once across pages, entries sharing their moment included', async () => {
    const businessId = freshId();
    // Three statements: the entries of each share now(), so most pages end among equal moments.
    for (const [first, last] of [
      [1, 100],
      [101, 200],
      [201, 230],
    ]) {
      await t.database.db.execute(sql`
        insert into activity (business_id, kind, action, record_label)
        select ${businessId}, 'task', 'created', 'tarea ' || g from generate_series(${first}::int, ${last}::int) as g`);
    }
    const seen: ActivityPage['rows'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: ActivityPage = await page(`businessId=${businessId}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(result.rows.length).toBe(pages < 4 ? 50 : 30);
      seen.push(...result.rows);
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(230);
    expect(new Set(seen.map((row) => row.id)).size).toBe(230);
    const ordered = [...seen].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
    expect(seen.map((row) => row.id)).toEqual(ordered.map((row) => row.id));
    expect(new Set(seen.map((row) => row.at)).size).toBeLessThanOrEqual(3);
    // The default page is 50; a limit of 200 takes all but 30 at once.
    expect((await page(`businessId=${businessId}&limit=200`)).rows).toHaveLength(200);
  });

  it.each([
    ['cursor=999999999999', activityMsg.invalidCursor],
    ['cursor=abc', activityMsg.invalidCursor],
    ['cursor=0', activityMsg.invalidCursor],
    ['kind=nada', activityMsg.invalidKind],
    ['from=2024-02-30', activityMsg.invalidDate],
    ['to=15-03-2024', activityMsg.invalidDate],
    ['from=2024-03-16&to=2024-03-15', activityMsg.invalidRange],
    ['userId=abc', msg.invalidId],
    ['businessId=0', msg.invalidId],
  ])('refuses %s with 400 in Spanish', async (query, message) => {
    const response = await api.owner.get(`${URL}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each(['limit=0', 'limit=201', 'limit=abc'])('refuses %s with 400', async (query) => {
    expect((await api.owner.get(`${URL}?${query}`)).statusCode).toBe(400);
  });
});

describe('GET /api/activity/export', () => {
  const lines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

  it('answers a CSV: BOM, header, Spanish labels, Santiago dates, quoted cells and defused formulas', async () => {
    const businessId = freshId();
    await insert(
      {
        at: '2024-03-15 10:20:30 America/Santiago',
        actorId: freshId(),
        actorName: '=HYPERLINK("http://x")',
        ip: '190.1.2.3',
        kind: 'company',
        action: 'updated',
        recordId: '5',
        recordLabel: 'Aromos; Limitada',
        businessId,
        businessName: '-Los Aromos',
        // jsonb keeps its keys shorter first: activo, then nombre.
        details: { before: { nombre: 'A', activo: true }, after: { nombre: 'B', activo: false } },
      },
      { at: '2024-07-01 08:00:00 America/Santiago', kind: 'backup', action: 'created', businessId },
    );
    const response = await api.owner.get(`${EXPORT_URL}?businessId=${businessId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const name = `actividad-${santiagoDate()}.csv`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines(response.body)).toEqual([
      'Fecha;Usuario;Dirección IP;Acción;Tipo;Registro;Empresa;Detalle',
      `01-07-2024 08:00:00;${activityMsg.system};;${ACTIVITY_ACTIONS.created};${ACTIVITY_KINDS.backup};;;`,
      `15-03-2024 10:20:30;"'=HYPERLINK(""http://x"")";190.1.2.3;Modificó;Empresa;"Aromos; Limitada";'-Los Aromos;"Activo: sí → no; Nombre: A → B"`,
      '',
    ]);
  });

  it('applies the filters and the date range as the page does', async () => {
    const businessId = freshId();
    await insert(
      { at: '2024-03-14 23:59:59 America/Santiago', businessId, kind: 'note', recordLabel: 'fuera' },
      { at: '2024-03-15 00:00:00 America/Santiago', businessId, kind: 'note', recordLabel: 'dentro' },
      { at: '2024-03-15 12:00:00 America/Santiago', businessId, kind: 'task', recordLabel: 'otra' },
    );
    const response = await api.owner.get(`${EXPORT_URL}?businessId=${businessId}&kind=note&from=2024-03-15`);
    expect(lines(response.body).slice(1, -1)).toEqual([`15-03-2024 00:00:00;Sistema;;Modificó;Nota;dentro;;`]);
    const refused = await api.owner.get(`${EXPORT_URL}?from=2024-03-16&to=2024-03-15`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(activityMsg.invalidRange);
  });

  it('streams a large log whole: 20,000 entries, each once, newest first', async () => {
    const businessId = freshId();
    await t.database.db.execute(sql`
      insert into activity (at, business_id, kind, action, record_label)
      select timestamptz '2022-01-01 00:00:00+00' + make_interval(secs => g), ${businessId}, 'file', 'uploaded', 'archivo ' || g
      from generate_series(1, 20000) as g`);
    const response = await api.owner.get(`${EXPORT_URL}?businessId=${businessId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const body = lines(response.body);
    expect(body).toHaveLength(20_002);
    expect(body.at(-1)).toBe('');
    const records = body.slice(1, -1).map((line) => line.split(';')[5]);
    expect(records).toEqual(Array.from({ length: 20_000 }, (_, index) => `archivo ${20_000 - index}`));
  });
});
