import type { ApiError } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import type { BackupDownloadInput } from '@app/shared/schemas/backup';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';

/**
 * POST /api/backup: the archive as a file the browser saves. The answer is a byte stream, not JSON,
 * so this call reads it as a blob; a refusal (wrong password, 429) carries the usual JSON error.
 */
export async function downloadBackup(body: BackupDownloadInput): Promise<{ name: string }> {
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch('/api/backup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, 'No se pudo conectar con el servidor');
  }
  if (!response.ok) {
    if (response.status === 401 && token) sessionStore.clear();
    const error = ((await response.json().catch(() => null)) ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? msg.internal, error.errors);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'respaldo.tar.gz';
  const blob = await response.blob().catch(() => {
    throw new ApiRequestError(0, 'La descarga del respaldo se cortó; inténtalo de nuevo');
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { name };
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
