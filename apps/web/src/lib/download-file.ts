import type { ApiError } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { ApiRequestError } from './api-client';
import { fileNameFromDisposition } from './content-disposition';
import { sessionStore } from './session';

export interface DownloadInit {
  method?: 'GET' | 'POST';
  /** Sent as JSON (a POST's body). */
  body?: unknown;
  /** Query parameters; empty values are left out, as `api()` does. */
  params?: Record<string, string | number | boolean | undefined | null>;
}

/**
 * Downloads a file the API answers (an Excel export): fetched with the session's bearer token in
 * the header — never in the address, so no token lands in a history, a log or a Referer — read as
 * a Blob and saved under the name the server chose. A failure throws an ApiRequestError with the
 * server's Spanish message; a 401 signs out, as `api()` does. `path` is relative to `/api`, as for
 * `api()` (`/business/export`).
 */
export async function downloadFile(path: string, init: DownloadInit = {}): Promise<void> {
  const token = sessionStore.get()?.token;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(init.params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const url = `/api${path}${query.size ? `?${query}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      cache: 'no-store',
    });
  } catch {
    throw new ApiRequestError(0, 'No se pudo conectar con el servidor');
  }

  if (!response.ok) {
    if (response.status === 401 && token) sessionStore.clear();
    const error = ((await response.json().catch(() => null)) ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? msg.internal, error.errors);
  }

  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), 'descarga.xlsx');
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the Blob to the browser's download; a tick later the address can go.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
