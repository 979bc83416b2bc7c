import { PASSWORD_MAX, plainText } from '../fields.ts';
import { backupMsg } from '../messages-backup.ts';
import { z } from '../zod-setup.ts';

/** POST /api/backup: the owner's password again, and whether the archive carries the encryption keys. */
export const BackupDownloadSchema = z.object({
  password: plainText(backupMsg.requiredField)
    .min(1, backupMsg.requiredField)
    .max(PASSWORD_MAX, backupMsg.wrongPassword),
  withSecrets: z.boolean().default(false),
});
export type BackupDownloadInput = z.input<typeof BackupDownloadSchema>;
