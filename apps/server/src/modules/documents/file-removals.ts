import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { documentsRepository } from './documents.repository.ts';

const BATCH = 200;

/**
 * Removes from storage the bytes whose rows are gone (queued by a trigger in the deleting
 * transaction). Runs after each commit that may have queued some, and at start-up, so a removal
 * interrupted by a crash or a storage outage is finished later. Overlapping calls share one run.
 */
export function createFileRemover(db: Db, storage: FileStorage, log: Pick<FastifyBaseLogger, 'warn'>) {
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
