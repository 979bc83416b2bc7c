import type { BackupDownloadInput } from '@app/shared/schemas/backup';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/**
 * POST /api/backup: the archive as a file the browser saves, under the server's name. A refusal
 * (wrong password, 429) carries the usual JSON error.
 */
export async function downloadBackup(body: BackupDownloadInput): Promise<{ name: string }> {
  const file = await apiFile('/backup', {
    method: 'POST',
    body,
    fallbackName: 'respaldo.tar.gz',
    cutMessage: 'La descarga del respaldo se cortó; inténtalo de nuevo',
  });
  saveFile(file.blob, file.name);
  return { name: file.name };
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
