// `npm run bench -- bulk`: a bulk change of the monthly board (target: 500 cells reach another
// browser as one message within 1 s). One staff socket listens, as a second browser would; the PUT
// sets one service's state for 500 companies, alternating between two states so every round writes
// all 500 cells. Reported: from sending the PUT to the one message arriving on the other socket, and
// the PUT's answer, beside the same on a bare node:http + Socket.IO process sending a message of the
// same size (the floor, fanout-floor.ts), the two taking turns.
import { boardBulkEventName } from '@app/shared/schemas/board-bulk';
import { io, type Socket } from 'socket.io-client';
import { startFanoutFloor } from './fanout-floor.ts';
import { percentile } from './load.ts';

const CELLS = 500;
const ROUNDS = 6;

interface Board {
  services: { id: number; states: { id: number; hasValue: boolean }[] }[];
  rows: { business: { id: number }; cells: { serviceId: number; applies: boolean }[] }[];
}

function listen(target: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(target, { path: '/socket.io/', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** One bulk change on `target`: ms until the other socket has the one message, ms until the PUT answered, the message's bytes. */
async function bulkRound(
  target: string,
  socket: Socket,
  token: string,
  period: { year: number; month: number },
  body: { serviceId: number; stateId: number; businessIds: number[] },
) {
  const sent = performance.now();
  const arrived = new Promise<{ ms: number; bytes: number; cells: number }>((resolve) =>
    socket.once(boardBulkEventName(period), (payload: { changes: unknown[] }) =>
      resolve({
        ms: performance.now() - sent,
        bytes: Buffer.byteLength(JSON.stringify(payload)),
        cells: payload.changes.length,
      }),
    ),
  );
  const response = await fetch(`${target}/api/monthly-states/year/${period.year}/month/${period.month}/bulk`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`bulk PUT answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  const answered = performance.now() - sent;
  const message = await arrived;
  if (message.cells !== body.businessIds.length) {
    throw new Error(`the message carried ${message.cells} cells, not ${body.businessIds.length}`);
  }
  return { ...message, answered };
}

export async function benchBulk(
  kind: string,
  base: string,
  token: string,
  period: { year: number; month: number },
  report: (...cells: (string | number)[]) => void,
) {
  const boardUrl = `${base}/api/monthly-states/year/${period.year}/month/${period.month}`;
  const board = (await (await fetch(boardUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as Board;
  const service = board.services[0];
  const states = service?.states.filter((state) => !state.hasValue) ?? [];
  const businessIds = board.rows
    .filter((row) => row.cells.find((cell) => cell.serviceId === service?.id)?.applies)
    .slice(0, CELLS)
    .map((row) => row.business.id);
  if (!service || states.length < 2 || businessIds.length < CELLS) throw new Error('board fixture missing');
  const floor = await startFanoutFloor();
  const appSocket = await listen(base, token);
  const floorSocket = await listen(floor.base, token);
  const app: { ms: number; answered: number }[] = [];
  const bare: { ms: number; answered: number }[] = [];
  let bytes = 0;
  try {
    // Every cell to the first state first (not measured), so each round after it writes all 500.
    const warmUp = await fetch(`${boardUrl}/bulk`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ serviceId: service.id, stateId: states[0]?.id, businessIds }),
    });
    if (!warmUp.ok) throw new Error(`bulk PUT answered ${warmUp.status}: ${await warmUp.text()}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const body = { serviceId: service.id, stateId: states[round % 2]?.id ?? 0, businessIds };
      const measured = await bulkRound(base, appSocket, token, period, body);
      app.push(measured);
      bytes = measured.bytes;
      bare.push(await bulkRound(floor.base, floorSocket, token, period, body));
    }
  } finally {
    appSocket.disconnect();
    floorSocket.disconnect();
    floor.close();
  }
  for (const [name, rounds] of [
    [`bulk change of ${CELLS} cells → one message on another socket (${ROUNDS} rounds)`, app],
    ['same on a bare node:http + Socket.IO (the floor)', bare],
  ] as const) {
    const arrivals = rounds.map((round) => round.ms).sort((a, b) => a - b);
    const answers = rounds.map((round) => round.answered).sort((a, b) => a - b);
    report(
      kind,
      name,
      `p50 ${percentile(arrivals, 0.5).toFixed(1)} ms`,
      `slowest ${(arrivals.at(-1) ?? Number.NaN).toFixed(1)} ms`,
      `PUT answered p50 ${percentile(answers, 0.5).toFixed(1)} ms; ${(bytes / 1024).toFixed(0)} KB message`,
    );
  }
}
