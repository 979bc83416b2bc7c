import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { percentile } from './load.ts';

const REQUESTS = 30;
const EXPORTS = 5;
/** The person the bench looks for: one client user among 2,000, named in a few of each place's rows. */
export const SUBJECT = { email: 'ana.perez@elroble.cl', name: 'Ana María Pérez Soto' };

const GIVEN = [
  'Ana',
  'María',
  'José',
  'Juan',
  'Camila',
  'Pedro',
  'Rosa',
  'Luis',
  'Carmen',
  'Jorge',
  'Valentina',
  'Diego',
];
const SURNAMES = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda'];

/**
 * About 100,000 rows naming people across the places 'Buscar titular' reads, at 2,000 companies: a
 * client user per company (Chilean names, so 'Pérez' and 'Ana' are common), each company's contact
 * and legal representative naming them, 10,000 notes, 40,000 messages, 20,000 logged e-mails and
 * 28,000 activity entries. One of the client users is the person searched (`SUBJECT`), with a
 * thread of her own (40 messages) and 200 more activity entries.
 */
export async function seedDataSubjects(db: Db): Promise<{ rows: Record<string, number>; rut: string }> {
  const given = sql.raw(`(array[${GIVEN.map((name) => `'${name}'`).join(',')}])`);
  const surnames = sql.raw(`(array[${SURNAMES.map((name) => `'${name}'`).join(',')}])`);
  await db.execute(sql`
    insert into users (name, last_name, email, password_hash, role, business_id)
    select ${given}[1 + b.n % ${GIVEN.length}] || ' ' || ${given}[1 + (b.n / 7) % ${GIVEN.length}],
           ${surnames}[1 + b.n % ${SURNAMES.length}] || ' ' || ${surnames}[1 + (b.n / 3) % ${SURNAMES.length}],
           'cliente' || b.n || '@empresa' || b.id || '.cl', 'bench', 'client', b.id
    from (select id, row_number() over (order by id) n from businesses) b`);
  // The person searched: the client user of the 1,000th company.
  await db.execute(sql`
    update users set name = 'Ana María', last_name = 'Pérez Soto', email = ${SUBJECT.email}
    where id = (select id from users where role = 'client' order by id offset 999 limit 1)`);
  await db.execute(sql`
    update businesses b set legal_representative = u.name || ' ' || u.last_name,
                            contact = u.email || ',contabilidad@empresa' || b.id || '.cl'
    from users u where u.business_id = b.id and u.role = 'client'`);
  const clients = sql`(select array_agg(id order by id) ids, array_agg(name || ' ' || last_name order by id) names,
                              array_agg(email order by id) emails, array_agg(business_id order by id) companies
                       from users where role = 'client') c`;
  const staff = sql`(select array_agg(id order by id) ids from users where role <> 'client') s`;
  const pick = (g: string, prime: number) => sql.raw(`1 + ((${g})::bigint * ${prime}) % array_length(c.ids, 1)`);
  await db.execute(sql`
    insert into notes (description, user_id, created_at)
    select 'Llamar a ' || c.names[${pick('g', 7919)}] || ' por el F29 de ' || (g % 12 + 1) || ' y revisar la cartola',
           s.ids[1 + g % array_length(s.ids, 1)], now() - (g || ' minutes')::interval
    from generate_series(1, 10000) g, ${clients}, ${staff}`);
  await db.execute(sql`
    insert into messages (business_id, side, author_id, author_name, body, created_at)
    select c.companies[${pick('g', 104729)}],
           case when g % 2 = 0 then 'client' else 'staff' end,
           case when g % 2 = 0 then c.ids[${pick('g', 104729)}] else s.ids[1 + g % array_length(s.ids, 1)] end,
           case when g % 2 = 0 then c.names[${pick('g', 104729)}] else 'Staff Bench' end,
           case when g % 5 = 0 then 'Hola ' || c.names[${pick('g', 104729)}] || ', ¿nos envía las boletas de compra?'
                else 'Adjunto la cartola del mes ' || (g % 12 + 1) || ' y las facturas pendientes.' end,
           now() - (g || ' minutes')::interval
    from generate_series(1, 40000) g, ${clients}, ${staff}`);
  await db.execute(sql`
    insert into email_log (business_id, subject, emails, content, ok, provider_response, created_at)
    select c.companies[${pick('g', 7727)}], 'Documentos pendientes de ' || (g % 12 + 1),
           c.emails[${pick('g', 7727)}] || ',contabilidad@empresa' || c.companies[${pick('g', 7727)}] || '.cl',
           'Estimada/o ' || c.names[${pick('g', 7727)}] || ': faltan las boletas y la cartola del mes. Saludos.',
           true, 'outbox', now() - (g || ' minutes')::interval
    from generate_series(1, 20000) g, ${clients}`);
  await db.execute(sql`
    insert into activity (at, actor_id, actor_name, ip, kind, action, record_id, record_label, business_id, business_name, details)
    select now() - (g || ' minutes')::interval, c.ids[${pick('g', 6007)}], c.names[${pick('g', 6007)}], '10.0.0.' || (g % 250),
           case when g % 4 = 0 then 'file' when g % 4 = 1 then 'message' else 'sign_in' end,
           case when g % 4 = 0 then 'uploaded' when g % 4 = 1 then 'created' else 'signed_in' end,
           g::text, case when g % 4 = 0 then 'factura-' || g || '.pdf' else c.emails[${pick('g', 6007)}] end,
           c.companies[${pick('g', 6007)}], 'Empresa ' || c.companies[${pick('g', 6007)}],
           case when g % 4 = 1 then jsonb_build_object('after', jsonb_build_object('characters', g % 300)) else null end
    from generate_series(1, 28000) g, ${clients}`);
  // Her own thread: 30 messages of hers and 10 of the firm naming her; 200 sign-ins and uploads.
  await db.execute(sql`
    insert into messages (business_id, side, author_id, author_name, body, created_at)
    select u.business_id, case when g <= 30 then 'client' else 'staff' end,
           case when g <= 30 then u.id else null end,
           case when g <= 30 then u.name || ' ' || u.last_name else 'Staff Bench' end,
           case when g <= 30 then 'Les envío la boleta ' || g || ' del mes.'
                else 'Gracias ' || u.name || ' ' || u.last_name || ', recibida la boleta ' || g || '.' end,
           now() - (g || ' hours')::interval
    from generate_series(1, 40) g, users u where u.email = ${SUBJECT.email}`);
  await db.execute(sql`
    insert into activity (at, actor_id, actor_name, ip, kind, action, record_id, record_label, business_id, business_name)
    select now() - (g || ' hours')::interval, u.id, u.name || ' ' || u.last_name, '10.0.1.' || (g % 250),
           case when g % 2 = 0 then 'file' else 'sign_in' end, case when g % 2 = 0 then 'uploaded' else 'signed_in' end,
           g::text, case when g % 2 = 0 then 'boleta-' || g || '.pdf' else u.email end, u.business_id, 'Empresa ' || u.business_id
    from generate_series(1, 200) g, users u where u.email = ${SUBJECT.email}`);
  const count = async (query: string) =>
    ((await db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  const [company] = (
    (await db.execute(sql`select rut from businesses order by id offset 500 limit 1`)) as unknown as {
      rows: { rut: string }[];
    }
  ).rows;
  return {
    rows: {
      users: await count('select count(*)::int n from users'),
      businesses: await count('select count(*)::int n from businesses'),
      notes: await count('select count(*)::int n from notes'),
      messages: await count('select count(*)::int n from messages'),
      emails: await count('select count(*)::int n from email_log'),
      activity: await count('select count(*)::int n from activity'),
    },
    rut: company?.rut ?? '',
  };
}

async function post(base: string, token: string, path: string, payload: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.toString()}`);
  return { ms: performance.now() - started, bytes: body.length, body };
}

async function timed(run: () => Promise<{ ms: number }>, times: number) {
  await run(); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < times; index++) samples.push((await run()).ms);
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples.at(-1) ?? 0 };
}

/**
 * 'Buscar titular' over the seeded rows: by the person's e-mail (which also searches her account's
 * name), by her full name, by a surname one person in ten has ('Pérez': the most rows), by a
 * company's RUT; then 'Exportar' of the person (the whole .zip downloaded), each several times.
 */
export async function benchDataSubjects(
  kind: string,
  base: string,
  token: string,
  rut: string,
  report: (...cells: (string | number)[]) => void,
  /** A bare node:http server answering these bytes to anything (run.ts's precomputed): the floor. */
  floorServer: (body: Buffer) => Promise<{ url: string; close(): void }>,
) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const first = await post(base, token, '/api/data-subjects/search', { by: 'email', value: SUBJECT.email });
  const found = JSON.parse(first.body.toString()) as { count: number; places: { place: string; count: number }[] };
  const counts = found.places.map((place) => `${place.place} ${place.count}`).join(', ');
  const searches: [string, { by: string; value: string }][] = [
    [`by e-mail (${found.count} found: ${counts})`, { by: 'email', value: SUBJECT.email }],
    ['by full name', { by: 'name', value: SUBJECT.name }],
    ["by a common surname ('Pérez': thousands of rows, counted up to 1,000 a place)", { by: 'name', value: 'Pérez' }],
    ['by a RUT without dots', { by: 'rut', value: rut.replaceAll('.', '') }],
  ];
  // The floor: the same answer from a process that only sends it, the same requests in a row.
  const floor = await floorServer(first.body);
  try {
    const times = await timed(
      () => post(floor.url.replace(/\/$/, ''), token, '/', { by: 'email', value: SUBJECT.email }),
      REQUESTS,
    );
    report(
      kind,
      `floor: the search's answer (${(first.bytes / 1024).toFixed(1)} KB) from a bare node:http server, ${REQUESTS} in a row`,
      `p50 ${ms(times.p50)}`,
      `p95 ${ms(times.p95)}`,
      '',
    );
  } finally {
    floor.close();
  }
  for (const [label, body] of searches) {
    const times = await timed(() => post(base, token, '/api/data-subjects/search', body), REQUESTS);
    report(
      kind,
      `POST /api/data-subjects/search ${label}, ${REQUESTS} in a row${label.startsWith('by e-mail') ? ` (first ${ms(first.ms)})` : ''}`,
      `p50 ${ms(times.p50)}`,
      `p95 ${ms(times.p95)}`,
      'target under 500 ms',
    );
  }
  let size = 0;
  const exports = await timed(async () => {
    const done = await post(base, token, '/api/data-subjects/export', { by: 'email', value: SUBJECT.email });
    size = done.bytes;
    return done;
  }, EXPORTS);
  report(
    kind,
    `POST /api/data-subjects/export of the person (.zip of JSON and .xlsx, ${(size / 1024).toFixed(1)} KB), whole download, ${EXPORTS} in a row`,
    `p50 ${ms(exports.p50)}`,
    `slowest ${ms(exports.max)}`,
    'target under 2 s',
  );
}
