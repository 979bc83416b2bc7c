import type { ApiError } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { sessionStore } from './session';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: NonNullable<ApiError['errors']> = [],
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  /** Overrides the session token (the recovery call sends the recovery token instead). */
  token?: string | null;
}

/**
 * Calls the API with the session's bearer token and answers the parsed JSON. A failure throws an
 * ApiRequestError carrying the server's Spanish message; a 401 on a signed-in call signs out.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const usesSession = options.token === undefined;
  const token = usesSession ? sessionStore.get()?.token : options.token;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const url = `/api${path}${query.size ? `?${query}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new ApiRequestError(0, 'No se pudo conectar con el servidor');
  }

  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && usesSession && token) sessionStore.clear();
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? msg.internal, error.errors);
  }
  return data as T;
}
