import { apiFile, type QueryParams } from './api-client';
import { saveFile } from './save-file';

export interface DownloadInit {
  method?: 'GET' | 'POST';
  /** Sent as JSON (a POST's body). */
  body?: unknown;
  /** Query parameters; empty values are left out, as `api()` does. */
  params?: QueryParams;
}

/**
 * Downloads a file the API answers (an Excel export) through the API client and saves it under
 * the name the server chose. A failure throws the client's ApiRequestError. `path` is relative to
 * `/api`, as for `api()` (`/business/export`).
 */
export async function downloadFile(path: string, init: DownloadInit = {}): Promise<void> {
  const file = await apiFile(path, {
    ...init,
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    fallbackName: 'descarga.xlsx',
  });
  saveFile(file.blob, file.name);
}
