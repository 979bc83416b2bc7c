import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for mindicador.cl's UF endpoint, for tests only, following its documented shape:
 * `GET /api/uf/{dd-mm-yyyy}` answers `{ version, autor, codigo: 'uf', nombre, unidad_medida, serie:
 * [{ fecha, valor }] }` with `fecha` the day's midnight in Santiago written in UTC and `valor` a
 * number; a day without a value has an empty `serie`. `failOn` days answer 500, `garbageOn` days
 * an HTML page. Every request path is kept in `requests`.
 */
export async function startFakeMindicador(values: Record<string, number>) {
  const state = {
    values: { ...values },
    failOn: new Set<string>(),
    garbageOn: new Set<string>(),
    requests: [] as string[],
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    state.requests.push(url.pathname);
    const match = /^\/api\/uf\/(\d{2})-(\d{2})-(\d{4})$/.exec(url.pathname);
    if (!match) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const [, day, month, year] = match;
    const date = `${year}-${month}-${day}`;
    if (state.failOn.has(date)) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('error');
      return;
    }
    if (state.garbageOn.has(date)) {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>mantención</html>');
      return;
    }
    const value = state.values[date];
    // Santiago's midnight in UTC: 03:00 in summer time (September to April), 04:00 otherwise.
    const summer = Number(month) >= 9 || Number(month) <= 4;
    const serie = value === undefined ? [] : [{ fecha: `${date}T0${summer ? 3 : 4}:00:00.000Z`, valor: value }];
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        version: '1.7.0',
        autor: 'mindicador.cl',
        codigo: 'uf',
        nombre: 'Unidad de fomento (UF)',
        unidad_medida: 'Pesos',
        serie,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
