import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface GracefulStopOptions {
  /** How long the requests in flight may take to finish before their connections are cut. */
  graceMs: number;
  /**
   * Closes the live connections (Socket.IO) at once: their browsers reconnect, to another
   * instance behind a proxy or to this one once it is back, and fetch again what they missed.
   */
  closeLive(): void;
  /** Where the stop's lines go (standard output). */
  say(line: string): void;
  /** Ends the process (process.exit). */
  exit(code: number): void;
  signals?: readonly NodeJS.Signals[];
}

const seconds = (ms: number, digits = 1) => `${(ms / 1000).toFixed(digits)} s`;

/**
 * A stop that loses nothing. On the first SIGTERM or SIGINT the server stops accepting
 * connections, closes the live sockets, lets the requests in flight finish (each gets its answer;
 * a new request on a kept-alive connection gets 503 and `Connection: close`), and after
 * `graceMs` cuts whatever is still open; then the app's close hooks run in order: the
 * scheduler's tick in progress ends, Redis closes, the database closes (the embedded one is left
 * shut down, so the next start needs no recovery). A second signal cuts the connections at once
 * (the close hooks still run); a third ends the process without closing the database.
 *
 * Call before the app listens: it counts the server's connections from the first one.
 */
export function stopGracefully(app: FastifyInstance, options: GracefulStopOptions): void {
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // The responses being made: those not yet begun when the stop starts end their connection.
  const responses = new Set<ServerResponse>();
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    responses.add(response);
    response.once('close', () => responses.delete(response));
  });
  let signals = 0;
  let started = 0;
  let graceTimer: NodeJS.Timeout | undefined;

  /** Every connection still open, upgraded ones (WebSockets) included. */
  const cutConnections = (why: string) => {
    clearTimeout(graceTimer);
    if (!connections.size) return;
    options.say(`${why}: se cortan las conexiones abiertas (${connections.size})`);
    for (const socket of connections) socket.destroy();
  };

  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals === 2) {
      cutConnections(`${signal} otra vez`);
      return;
    }
    if (signals > 2) {
      options.say(`${signal} por tercera vez: se termina sin cerrar la base de datos (el próximo inicio la recupera)`);
      options.exit(1);
      return;
    }
    started = performance.now();
    options.say(
      `${signal}: deteniendo; no se aceptan conexiones nuevas y las solicitudes en curso tienen hasta ${seconds(options.graceMs)} para terminar`,
    );
    options.closeLive();
    // A kept-alive connection is closed once its answer in progress is sent (Node closes only the
    // connections idle at the moment the server closes; Fastify keeps the others open 72 s).
    for (const response of responses) if (!response.headersSent) response.setHeader('connection', 'close');
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    graceTimer = setTimeout(() => cutConnections(`Pasaron ${seconds(options.graceMs)}`), options.graceMs);
    graceTimer.unref();
    app.close().then(
      () => {
        clearTimeout(graceTimer);
        clearInterval(closeIdle);
        options.say(`Detenido en ${seconds(performance.now() - started, 2)}; la base de datos quedó cerrada`);
        options.exit(0);
      },
      (error: unknown) => {
        options.say(`Error al detener: ${error instanceof Error ? error.message : String(error)}`);
        options.exit(1);
      },
    );
  };
  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as const)) process.on(signal, onSignal);
}
