import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EncryptedFileStorage } from '../../lib/file-storage/file-storage.ts';
import { StoredFileUnreadableError } from '../../lib/file-storage/storage.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { type FileEncryptionProgress, filesAtRestRepository, type ProgressChange } from './files-at-rest.repository.ts';

/** What one run may do before it gives the tick back: this many files, or this long, whichever comes first. */
export const AT_REST_BATCH = { files: 200, ms: 15_000 } as const;
/** How long a claim holds without being renewed (it is renewed every few files). */
const CLAIM_SECONDS = 120;
/** Progress is written (and the claim renewed) after this many files. */
const SAVE_EVERY = 25;

export interface FilesAtRestDeps {
  db: Db;
  storage: EncryptedFileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  batch?: { files: number; ms: number };
}

type Outcome = 'encrypted' | 'rewrapped' | 'unreadable' | 'unchanged';

/**
 * Brings every stored file under the current file key while the server runs, a batch per run: a
 * plain file (stored before encryption, or restored from an older archive) is encrypted, one whose
 * data key the previous key wrapped (PREVIOUS_ENCRYPTION_KEY, during a rotation) is re-wrapped.
 * Each is written beside the old one and put in its place in one step, so reads go on meanwhile
 * (plain and encrypted files are both read). Keys are gone through in order and the last one
 * handled is recorded, so a restart goes on where it stopped; a pass that reached the end is
 * recorded with the key, and nothing runs again until the key changes. One instance at a time (a
 * claim in the database). The log gets counts and keys, never contents.
 */
export function createFilesAtRest(deps: FilesAtRestDeps) {
  const { db, storage, log } = deps;
  const batch = deps.batch ?? AT_REST_BATCH;

  async function bringUnderKey(key: string): Promise<Outcome> {
    try {
      const state = await storage.state(key);
      if (state === 'plain') return (await storage.encryptPlain(key)) ? 'encrypted' : 'unchanged';
      if (state === 'previous') return (await storage.rewrap(key)) ? 'rewrapped' : 'unchanged';
      if (state === 'other-key') {
        log.warn({ key }, 'stored file encrypted with a key this server does not hold: left as it is');
        return 'unreadable';
      }
      return 'unchanged';
    } catch (error) {
      if (!(error instanceof StoredFileUnreadableError)) throw error;
      log.warn({ key, reason: error.reason }, 'stored file cannot be opened: left as it is');
      return 'unreadable';
    }
  }

  /** The pass to go on with: the one under way for this key, or a new one. */
  function passOf(row: FileEncryptionProgress, now: Date): FileEncryptionProgress {
    if (row.keyId === storage.keyId && !row.completedAt) return row;
    return {
      ...row,
      keyId: storage.keyId,
      cursor: null,
      passStartedAt: now,
      encrypted: 0,
      rewrapped: 0,
      unreadable: 0,
      completedAt: null,
    };
  }

  /**
   * One batch of the pass; answers what it did, or null when there was nothing to do (encryption
   * off, the pass for this key complete, or another instance at work).
   */
  async function runBatch(now = new Date()) {
    if (!storage.encrypting) return null;
    const claimed = await filesAtRestRepository.claim(db, CLAIM_SECONDS);
    if (!claimed) return null;
    try {
      if (claimed.completedAt && claimed.keyId === storage.keyId) return null;
      const pass = passOf(claimed, now);
      const done = { encrypted: 0, rewrapped: 0, unreadable: 0, files: 0 };
      const deadline = performance.now() + batch.ms;
      const change = (): ProgressChange => ({
        keyId: pass.keyId,
        cursor: pass.cursor,
        passStartedAt: pass.passStartedAt,
        encrypted: pass.encrypted,
        rewrapped: pass.rewrapped,
        unreadable: pass.unreadable,
        completedAt: pass.completedAt,
      });
      let reachedEnd = true;
      try {
        for await (const { key } of storage.list(pass.cursor ?? undefined)) {
          if (done.files >= batch.files || performance.now() > deadline) {
            reachedEnd = false;
            break;
          }
          const outcome = await bringUnderKey(key);
          if (outcome !== 'unchanged') {
            done[outcome] += 1;
            pass[outcome] += 1;
          }
          pass.cursor = key;
          done.files += 1;
          if (done.files % SAVE_EVERY === 0) await filesAtRestRepository.save(db, change(), CLAIM_SECONDS);
        }
        if (reachedEnd) pass.completedAt = new Date();
      } finally {
        await filesAtRestRepository.save(db, change(), CLAIM_SECONDS);
      }
      const counts = { encrypted: pass.encrypted, rewrapped: pass.rewrapped, unreadable: pass.unreadable };
      if (reachedEnd) {
        log.info(
          { ...counts, previousKeyStillSet: storage.previousKey },
          storage.previousKey
            ? 'stored files at rest: every file is under the current key (PREVIOUS_ENCRYPTION_KEY is no longer needed for files)'
            : 'stored files at rest: every file is under the current key',
        );
      } else if (done.encrypted + done.rewrapped + done.unreadable > 0) {
        log.info({ ...counts, batch: done.files }, 'stored files at rest: batch done, more to go');
      }
      return { ...done, complete: reachedEnd };
    } finally {
      await filesAtRestRepository.release(db);
    }
  }

  const job: ScheduledJob = {
    name: 'files-at-rest',
    async run(now) {
      await runBatch(now);
    },
  };

  return {
    runBatch,
    job,
    progress: () => filesAtRestRepository.read(db),
  };
}
