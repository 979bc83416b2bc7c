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
  /** Sent as `Idempotency-Key`: a creating POST retried with the same key answers its first result. */
  idempotencyKey?: string;
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
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
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

/** 128 random bits in hex: `crypto.getRandomValues` also works on the office's plain-http addresses, where `randomUUID` does not. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A creating POST sent with one `Idempotency-Key` per form submission. Sending the same body
 * again after it failed without an answer (no connection, a 5xx, or the server's 409 about a
 * submission it cannot confirm) is a retry of that submission and carries the same key, so the
 * server answers the first result instead of creating twice. A success or a refusal ends the
 * submission: the next one, or a corrected body, gets a new key.
 */
export function submissionOf<Body, Result>(
  send: (body: Body, idempotencyKey: string) => Promise<Result>,
): (body: Body) => Promise<Result> {
  let pending: { body: string; key: string } | undefined;
  return async (body) => {
    const text = JSON.stringify(body);
    if (pending?.body !== text) pending = { body: text, key: newIdempotencyKey() };
    const current = pending;
    try {
      const result = await send(body, current.key);
      if (pending === current) pending = undefined;
      return result;
    } catch (error) {
      const retryable =
        error instanceof ApiRequestError && (error.status === 0 || error.status === 409 || error.status >= 500);
      if (!retryable && pending === current) pending = undefined;
      throw error;
    }
  };
}
