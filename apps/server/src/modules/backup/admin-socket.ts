import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/*
 * The running server's one local door for `npm run backup`: a Unix socket DATA_DIR/run/admin.sock,
 * in a folder only the server's user can enter (0700) and itself 0600, that answers exactly one
 * request, "make a backup", with the archive's path. The embedded database accepts one process,
 * so a backup while the server runs is taken by the server, inside its own database connection.
 */

export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'admin.sock');

const RequestSchema = z.object({
  action: z.literal('backup'),
  withSecrets: z.boolean().default(false),
  withFiles: z.boolean().default(false),
});
export type AdminRequest = z.infer<typeof RequestSchema>;

export interface AdminAnswer {
  ok: boolean;
  /** Lines to print (what the archive holds, or why it failed). */
  lines: string[];
  path?: string;
}

const REQUEST_MAX = 4096;

/** Listens on the socket; answers the function that stops listening and removes it. */
export async function listenAdminSocket(
  socketPath: string,
  handle: (request: AdminRequest) => Promise<AdminAnswer>,
): Promise<() => Promise<void>> {
  await fs.mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await fs.chmod(path.dirname(socketPath), 0o700);
  // Only one process holds the data directory (the database lock), so a socket file left here is a dead one.
  await fs.rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > REQUEST_MAX) socket.destroy();
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      const parsed = RequestSchema.safeParse(safeJson(received.slice(0, end)));
      const answering = parsed.success
        ? handle(parsed.data).catch(
            (error: unknown): AdminAnswer => ({ ok: false, lines: [`El respaldo falló: ${(error as Error).message}`] }),
          )
        : Promise.resolve<AdminAnswer>({ ok: false, lines: ['Pedido no reconocido.'] });
      void answering.then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.chmod(socketPath, 0o600);
  server.on('error', () => {});
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socketPath, { force: true });
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Asks the running server for a backup; null when no server listens there. */
export function requestBackup(socketPath: string, request: Omit<AdminRequest, 'action'>): Promise<AdminAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ action: 'backup', ...request })}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      const answer = safeJson(received.trim()) as AdminAnswer | null;
      if (answer && Array.isArray(answer.lines)) resolve(answer);
      else reject(new Error('El servidor cortó la conexión sin responder.'));
    });
  });
}
