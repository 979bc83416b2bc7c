import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { documentsRepository } from './documents.repository.ts';

const BATCH = 200;
/**
 * Stored bytes without a file row are only taken once this old: an upload's rows are written
 * right after its last byte is stored, and an upload is cut after 30 minutes (UPLOAD_DEADLINE_MS).
 */
export const ORPHAN_AGE_MS = 60 * 60_000;

/**
 * Removes from storage the bytes whose rows are gone (queued by a trigger in the deleting
 * transaction). Runs after each commit that may have queued some, and at start-up, so a removal
 * interrupted by a crash or a storage outage is finished later. Overlapping calls share one run.
 */
export function createFileRemover(
  db: Db,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  /** Keys other modules' rows name (a payment's receipt): kept by the sweep like a file row's. */
  keysKeptElsewhere: (keys: string[]) => Promise<Set<string>> = async () => new Set(),
) {
  let running: Promise<void> | null = null;
  let requested = false;

  async function run(): Promise<void> {
    do {
      requested = false;
      for (;;) {
        const keys = await documentsRepository.listQueuedRemovals(db, BATCH);
        const removed: string[] = [];
        for (const key of keys) {
          try {
            await storage.remove(key);
            removed.push(key);
          } catch (error) {
            log.warn({ error: error instanceof Error ? error.message : String(error) }, 'file removal postponed');
          }
        }
        await documentsRepository.forgetRemovals(db, removed);
        // Stop on a short batch, or when storage refuses everything (try again on the next call).
        if (keys.length < BATCH || removed.length === 0) break;
      }
    } while (requested);
  }

  return {
    /**
     * Removes stored bytes that no file row names and that are older than an hour (an upload cut
     * by a crash between storing its bytes and writing its rows), and older half-written files.
     */
    async sweepOrphans(now = new Date()): Promise<{ removed: number; partials: number }> {
      const before = new Date(now.getTime() - ORPHAN_AGE_MS);
      let removed = 0;
      let batch: string[] = [];
      const removeUnlisted = async () => {
        const [listed, keptElsewhere] = await Promise.all([
          documentsRepository.keysWithRows(db, batch),
          keysKeptElsewhere(batch),
        ]);
        for (const key of batch) {
          if (listed.has(key) || keptElsewhere.has(key)) continue;
          await storage.remove(key);
          removed += 1;
        }
        batch = [];
      };
      for await (const { key, modifiedAt } of storage.list()) {
        if (modifiedAt >= before) continue;
        batch.push(key);
        if (batch.length >= BATCH) await removeUnlisted();
      }
      await removeUnlisted();
      const partials = await storage.removePartials(before);
      return { removed, partials };
    },

    sweep(): Promise<void> {
      if (running) {
        requested = true;
        return running;
      }
      running = run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type FileRemover = ReturnType<typeof createFileRemover>;
