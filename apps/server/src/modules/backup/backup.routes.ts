import { PassThrough } from 'node:stream';
import { backupMsg } from '@app/shared/messages-backup';
import { BackupDownloadSchema } from '@app/shared/schemas/backup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ActivityActor, actorOf } from '../../lib/activity-actor.ts';
import { conflict } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { BackupOptions, BackupSummary } from './backup.service.ts';

export interface BackupRouteService {
  busy(): boolean;
  /** 400 on `password` unless it is the user's (throttled like the profile's current-password check). */
  confirmPassword(userId: number, password: string): Promise<void>;
  archiveName(): string;
  toStream(out: PassThrough, options: BackupOptions): Promise<BackupSummary>;
  /** The activity log's entry of a download, in a small insert of its own. */
  recordDownload(actor: ActivityActor, archive: string, withSecrets: boolean): Promise<void>;
}

/** 'Respaldo': the owner downloads a backup, streamed as it is written; every download is logged. */
export const backupRoutes: FastifyPluginAsyncZod<{ backup: BackupRouteService }> = async (app, { backup }) => {
  app.post(
    '/api/backup',
    {
      schema: {
        tags: ['backup'],
        description:
          'A backup archive (gzip tar: every table, every stored file, the keys with withSecrets), after the password again.',
        body: BackupDownloadSchema,
        response: errorResponses,
      },
      onRequest: app.authorize('backup:download'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      await backup.confirmPassword(user.id, request.body.password);
      if (backup.busy()) throw conflict(backupMsg.busy);
      const name = backup.archiveName();
      const { withSecrets } = request.body;
      const out = new PassThrough();
      request.log.info({ userId: user.id, archive: name, withSecrets }, 'backup: download started');
      // The archive streams for a while: its activity entry is written as the download starts (once
      // the password is confirmed), so a download that fails halfway still shows who asked for it.
      await backup.recordDownload(actorOf(request), name, withSecrets);
      backup.toStream(out, { withSecrets }).then(
        (summary) =>
          request.log.info(
            { userId: user.id, archive: name, withSecrets, bytes: summary.bytes, files: summary.files },
            'backup: downloaded',
          ),
        (error: unknown) => {
          request.log.error({ err: error, userId: user.id, archive: name }, 'backup: download failed');
          out.destroy(error as Error);
        },
      );
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(out as never); // a byte stream, outside the JSON response schemas
    },
  );
};
