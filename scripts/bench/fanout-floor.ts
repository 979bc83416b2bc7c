import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The floor of `fanout` and `bulk`: a bare node:http + Socket.IO process on the same machine (no
 * database, no sign-in check, no validation). Its GET answers a one-cell board, its PUT sends a
 * change of the same size to every socket of one room and answers it, as the app does after commit:
 * what a change reaching 100 sockets costs here before any of the app's own work. Its PUT …/bulk
 * sends one message with a cell of that size per company named, and answers them.
 */
export async function startFanoutFloor(): Promise<{ base: string; close(): void }> {
  const program = `
import http from 'node:http';
import { Server } from 'socket.io';
const board = JSON.stringify({ services: [{ id: 1, states: [{ id: 1 }, { id: 2 }] }], rows: [{ business: { id: 1 } }] });
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const period = /year\\/(\\d+)\\/month\\/(\\d+)/.exec(request.url ?? '');
    if (request.method !== 'PUT' || !period) return response.end(period ? board : '{}');
    const body = JSON.parse(Buffer.concat(chunks).toString());
    if (request.url.endsWith('/bulk')) {
      const changes = body.businessIds.map((businessId) => ({ year: Number(period[1]), month: Number(period[2]),
        businessId, progress: 50, cell: { serviceId: body.serviceId, applies: true, stateId: body.stateId, value: null,
          lastChange: { by: 'Bench B.', at: new Date().toISOString() }, dueDate: null, overdue: false } }));
      io.to('board').emit('update states ' + period[2] + '/' + period[1], { changes });
      return response.end(JSON.stringify({ message: changes.length + ' actualizadas', updated: changes.length, skipped: 0, changes }));
    }
    const change = { year: Number(period[1]), month: Number(period[2]), businessId: body.businessId, progress: 50,
      cell: { serviceId: body.serviceId, stateId: body.stateId, value: null, applies: true,
        lastChange: { by: 'Bench B.', at: new Date().toISOString() } } };
    io.to('board').emit('update state ' + period[2] + '/' + period[1], change);
    response.end(JSON.stringify({ message: 'Guardado', ...change }));
  });
});
const io = new Server(server, { path: '/socket.io/', serveClient: false, transports: ['websocket', 'polling'] });
io.on('connection', (socket) => socket.join('board'));
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return { base: `http://127.0.0.1:${port}`, close: () => child.kill() };
}
