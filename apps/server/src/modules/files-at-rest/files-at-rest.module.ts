import { createFilesAtRest, type FilesAtRestDeps } from './files-at-rest.job.ts';

/**
 * Stored files encrypted at rest: the storage itself encrypts what is written (lib/file-storage);
 * this module's job encrypts the files stored before that and re-wraps files after a key rotation.
 */
export function createFilesAtRestModule(deps: FilesAtRestDeps) {
  const filesAtRest = createFilesAtRest(deps);
  return {
    jobs: [filesAtRest.job],
    /** One batch of the job (tests, and the bench, run it by hand). */
    runBatch: filesAtRest.runBatch,
    progress: filesAtRest.progress,
  };
}
