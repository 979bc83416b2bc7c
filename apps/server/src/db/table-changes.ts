import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TableChanges } from '../lib/table-cache.ts';

/** The channel the triggers of migration 0010 notify, with the changed table's name as payload. */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

/** Counts per table, plus an epoch that moves whenever notifications may have been missed. */
class ChangeCounter {
  private readonly counts = new Map<string, number>();
  private epoch = 0;
  listening = false;

  changed(table: string) {
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  /** Anything heard before may be incomplete: every key made so far goes stale. */
  restart() {
    this.epoch += 1;
  }

  versionOf(tables: readonly string[]): string | null {
    if (!this.listening) return null;
    let key = String(this.epoch);
    for (const table of tables) key += `.${this.counts.get(table) ?? 0}`;
    return key;
  }
}

/**
 * The embedded database runs in this process: a notification is delivered before the statement
 * that caused it resolves, so a write is seen by the next read here, always.
 */
export async function listenToPglite(client: PGlite): Promise<TableChanges> {
  const counter = new ChangeCounter();
  const unlisten = await client.listen(TABLE_CHANGES_CHANNEL, (table) => counter.changed(table));
  counter.listening = true;
  return {
    versionOf: (tables) => counter.versionOf(tables),
    async close() {
      counter.listening = false;
      if (!client.closed) await unlisten();
    },
  };
}

/**
 * PostgreSQL: every pooled connection listens, so the notification of this instance's own write
 * arrives on the connection that wrote, before that write's COMMIT answers (PostgreSQL sends a
 * session its own notifications ahead of ReadyForQuery): this instance reads its writes at once.
 * Other instances hear through one dedicated connection that never idles out; while it is down
 * versionOf answers null, and when it is back every earlier key goes stale (it may have missed
 * something).
 */
export function listenToPostgres(url: string): TableChanges & {
  /** The pool's onConnect: a new pooled connection listens before its first query. */
  onPoolConnect(client: pg.ClientBase): Promise<void>;
} {
  const counter = new ChangeCounter();
  const count = (message: pg.Notification) => {
    if (message.channel === TABLE_CHANGES_CHANNEL && message.payload) counter.changed(message.payload);
  };
  // Every listening session hears every notification: each is counted once here, by the pooled
  // connection that wrote it, or by the dedicated listener when another instance wrote it. A second
  // count arriving later would make a cache loaded in between reload for nothing.
  const ownBackends = new Set<number>();
  const onOthersNotification = (message: pg.Notification) => {
    if (!ownBackends.has(message.processId)) count(message);
  };

  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** Drops a listening client; it may still report its broken connection, which must not be uncaught. */
  const discard = (client: pg.Client | undefined) => {
    client?.removeAllListeners();
    client?.on('error', () => {});
    return client?.end().catch(() => {});
  };
  const lost = () => {
    counter.listening = false;
    void discard(listener);
    listener = undefined;
    if (!closed && !retry) retry = setTimeout(connect, 1000);
  };
  async function connect() {
    retry = undefined;
    const client = new pg.Client({ connectionString: url });
    listener = client;
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', onOthersNotification);
    try {
      await client.connect();
      await client.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
      if (closed || listener !== client) return;
      counter.restart();
      counter.listening = true;
    } catch {
      if (listener === client) lost();
    }
  }
  void connect();

  return {
    async onPoolConnect(client) {
      // The backend's process id, known once connected (pg sets it from BackendKeyData; not typed).
      const backend = (client as unknown as { processID?: number | null }).processID;
      if (backend == null) {
        client.on('notification', count);
      } else {
        client.on('notification', (message) => {
          if (message.processId === backend) count(message);
        });
        ownBackends.add(backend);
        client.once('end', () => ownBackends.delete(backend));
      }
      await client.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
    },
    versionOf: (tables) => counter.versionOf(tables),
    async close() {
      closed = true;
      clearTimeout(retry);
      counter.listening = false;
      const client = listener;
      listener = undefined;
      await discard(client);
    },
  };
}
