import http from 'node:http';
import { currentPeriod } from '@app/shared/period';
import { MESSAGE_NEW_EVENT } from '@app/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { Db } from '../../apps/server/src/db/client.ts';
import { startFanoutFloor } from './fanout-floor.ts';
import { percentile, rawAnswer, readsInARow } from './load.ts';

/** Messages in the long thread the bench opens, and in every other company's thread. */
export const LONG_THREAD = 10_000;
const PER_COMPANY = 5;
/** Messages sent from one side while the other side's socket listens. */
const ROUNDS = 50;

/**
 * A thread of 10,000 messages for the first company (two of three from staff, every 25th with an
 * attachment's row) and 5 messages in every other company's thread, with the threads' summaries.
 */
export async function seedMessages(db: Db): Promise<{ businessId: number; messages: number }> {
  const [first] = (
    (await db.execute(sql`select min(id)::int as id from businesses`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const businessId = first?.id ?? 0;
  await db.execute(sql`
    insert into messages (business_id, side, author_id, author_name, body, created_at)
    select ${businessId}, case when g % 3 = 0 then 'client' else 'staff' end,
           case when g % 3 = 0 then null else s.ids[1 + g % array_length(s.ids, 1)] end,
           case when g % 3 = 0 then 'Cliente Bench' else 'Staff Bench' end,
           'Mensaje ' || g || ': revisamos los documentos del mes y quedan pendientes las facturas de compra.',
           now() - ((${LONG_THREAD} - g) || ' minutes')::interval
    from generate_series(1, ${LONG_THREAD}) g,
         (select array_agg(id order by id) ids from users where role <> 'client') s`);
  await db.execute(sql`
    insert into message_attachments (message_id, name, storage_key, size, content_type)
    select id, 'boleta-' || id || '.jpg', 'bench-attachment-' || id, 120000, 'image/jpeg'
    from messages where business_id = ${businessId} and id % 25 = 0`);
  await db.execute(sql`
    insert into messages (business_id, side, author_name, body, created_at)
    select b.id, case when g % 2 = 0 then 'client' else 'staff' end, 'Bench', 'Hola, ¿recibieron la cartola?',
           now() - ((100 - g) || ' minutes')::interval
    from businesses b, generate_series(1, ${PER_COMPANY}) g
    where b.id <> ${businessId}`);
  await db.execute(sql`
    insert into message_threads (business_id, last_message_id, last_at, last_client_id, last_firm_id)
    select business_id, max(id), max(created_at),
           coalesce(max(id) filter (where side = 'client'), 0), coalesce(max(id) filter (where side <> 'client'), 0)
    from messages group by business_id
    on conflict do nothing`);
  const [count] = (
    (await db.execute(sql`select count(*)::int as n from messages`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return { businessId, messages: count?.n ?? 0 };
}

function connect(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, { path: '/socket.io/', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function send(base: string, token: string, method: string, path: string, body: unknown, agent: http.Agent) {
  return new Promise<void>((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': data.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          (response.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`${path} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/** From sending to the listening socket's event, `ROUNDS` times one after the other (after a warm-up). */
async function deliveries(listener: Socket, event: string, sendOne: (index: number) => Promise<void>) {
  const times: number[] = [];
  for (let index = -3; index < ROUNDS; index++) {
    const started = performance.now();
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${event}' within 5 s`)), 5000);
      listener.once(event, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await Promise.all([heard, sendOne(index)]);
    if (index >= 0) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The thread of 10,000 messages opened (its newest page, and a page in its middle) against the same
 * bytes precomputed; the staff's conversations of 2,000 companies and the unread count; a client's
 * message reaching a staff socket (and back) against the bare Socket.IO floor of `fanout`.
 */
export async function benchMessages(
  kind: string,
  base: string,
  token: string,
  businessId: number,
  precomputed: (body: Buffer, encoding: string | undefined) => Promise<{ url: string; close(): void }>,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const sockets: Socket[] = [];
  const floor = await startFanoutFloor();
  try {
    const threadUrl = `${base}/api/messages/business/${businessId}`;
    const newest = await readsInARow(threadUrl, headers, agent, 30);
    report(
      kind,
      `GET a thread of ${LONG_THREAD.toLocaleString('en')} messages, newest 50 (${(newest.size / 1024).toFixed(1)} KB as sent): first / 30 in a row`,
      `first ${ms(newest.first)}`,
      `p50 ${ms(newest.p50)} p95 ${ms(newest.p95)}`,
      'target under 300 ms',
    );
    const { body, encoding } = await rawAnswer(threadUrl, headers);
    const bare = await precomputed(body, encoding);
    const floorReads = await readsInARow(
      bare.url,
      { 'accept-encoding': 'gzip' },
      new http.Agent({ keepAlive: true }),
      30,
    );
    bare.close();
    report(
      kind,
      'same bytes precomputed (node:http)',
      `first ${ms(floorReads.first)}`,
      `p50 ${ms(floorReads.p50)} p95 ${ms(floorReads.p95)}`,
      '',
    );
    const middle = await readsInARow(`${threadUrl}?antes=${Math.floor(LONG_THREAD / 2)}`, headers, agent, 30);
    report(
      kind,
      "'Cargar anteriores' in the middle of the thread (keyset)",
      `first ${ms(middle.first)}`,
      `p50 ${ms(middle.p50)} p95 ${ms(middle.p95)}`,
      '',
    );
    for (const [name, path] of [
      ['GET /api/messages/conversations (every company, 2,000 threads)', '/api/messages/conversations?mias=false'],
      ['GET /api/messages/unread (the menu badge, 2,000 threads)', '/api/messages/unread'],
    ] as const) {
      const reads = await readsInARow(`${base}${path}`, headers, agent, 20);
      report(
        kind,
        `${name}, ${(reads.size / 1024).toFixed(1)} KB as sent`,
        `first ${ms(reads.first)}`,
        `p50 ${ms(reads.p50)} p95 ${ms(reads.p95)}`,
        '',
      );
    }

    // A client of the company and the owner, each with a socket.
    const email = `cliente-bench-${Date.now()}@estudio.cl`;
    await send(
      base,
      token,
      'POST',
      '/api/user',
      {
        name: 'Cliente',
        lastName: 'Bench',
        email,
        password: 'clave-cliente-1',
        role: 'client',
        businessId,
      },
      agent,
    );
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'clave-cliente-1' }),
    });
    const clientToken = ((await login.json()) as { token: string }).token;
    const staffSocket = await connect(base, token);
    const clientSocket = await connect(base, clientToken);
    sockets.push(staffSocket, clientSocket);
    const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const toStaff = await deliveries(staffSocket, MESSAGE_NEW_EVENT, (index) =>
      send(
        base,
        clientToken,
        'POST',
        `/api/messages/business/${businessId}`,
        { text: `Pregunta ${index}` },
        clientAgent,
      ),
    );
    report(
      kind,
      `a client's message until a staff socket has it (${ROUNDS} one after the other)`,
      `p50 ${ms(percentile(toStaff, 0.5))}`,
      `p95 ${ms(percentile(toStaff, 0.95))}`,
      'target p95 under 50 ms',
    );
    const toClient = await deliveries(clientSocket, MESSAGE_NEW_EVENT, (index) =>
      send(base, token, 'POST', `/api/messages/business/${businessId}`, { text: `Respuesta ${index}` }, agent),
    );
    report(
      kind,
      `a staff message until the client's socket has it (${ROUNDS})`,
      `p50 ${ms(percentile(toClient, 0.5))}`,
      `p95 ${ms(percentile(toClient, 0.95))}`,
      'target p95 under 50 ms',
    );
    clientAgent.destroy();

    // The floor: the bare Socket.IO process answers a PUT and sends its event to its sockets.
    const period = currentPeriod();
    const floorSocket = await connect(floor.base, 'floor');
    sockets.push(floorSocket);
    const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const bareTimes = await deliveries(floorSocket, `update state ${period.month}/${period.year}`, () =>
      send(
        floor.base,
        'floor',
        'PUT',
        `/api/monthly-states/year/${period.year}/month/${period.month}`,
        { businessId: 1, serviceId: 1, stateId: 1 },
        floorAgent,
      ),
    );
    floorAgent.destroy();
    report(
      kind,
      'same round trip on bare Socket.IO (fanout floor)',
      `p50 ${ms(percentile(bareTimes, 0.5))}`,
      `p95 ${ms(percentile(bareTimes, 0.95))}`,
      '',
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    floor.close();
    agent.destroy();
  }
}
