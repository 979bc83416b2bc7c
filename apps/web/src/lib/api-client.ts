import type { ApiError } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { sessionStore } from './session-store';

/** One problem of a refused input: the field the server named and its Spanish message. */
export type FieldError = NonNullable<ApiError['errors']>[number];

/**
 * Every failed call to the API: the HTTP status (0 when no answer came), the server's Spanish
 * message and, for bad input, one entry per field.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The whole refusal as the server sent it: a bulk write names each refused item or line in it. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The first field the server named as wrong, or null. */
  get field(): string | null {
    return this.errors[0]?.field ?? null;
  }
}

const NO_CONNECTION = 'No se pudo conectar con el servidor';
const DOWNLOAD_CUT = 'La descarga se cortó; inténtalo de nuevo';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Sent as JSON; a FormData is sent as it is, as multipart/form-data (the browser writes its
   * content type and boundary).
   */
  body?: unknown;
  /** Query parameters; empty values are left out. */
  params?: QueryParams;
  /** Overrides the session token (the recovery call sends the recovery token instead). */
  token?: string | null;
  /** Sent as `Idempotency-Key`: a creating POST retried with the same key answers its first result. */
  idempotencyKey?: string;
  /** The message of a refusal whose answer carries none (by default the server's generic one). */
  failureMessage?: string;
}

/** A file the API answered: its content and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  name: string;
}

export interface FileRequestOptions extends RequestOptions {
  /** The name when the answer's Content-Disposition gives none. */
  fallbackName: string;
  /** The message when the file stops arriving half-way. */
  cutMessage?: string;
}

function urlOf(path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return `/api${path}${query.size ? `?${query}` : ''}`;
}

/**
 * The app's one call to `fetch`, answering the Response as it came, whatever its status; it throws
 * only when no answer came. `path` is relative to /api; the token (none when absent) goes in the
 * header — never in the address, so no token lands in a history, a log or a Referer. index.html's
 * early board request calls it with the stored token; every other call goes through `send`.
 */
export function apiResponse(path: string, options: RequestOptions = {}, cache?: RequestCache): Promise<Response> {
  const { body, token } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  return fetch(urlOf(path, options.params), {
    method: options.method ?? 'GET',
    headers: {
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body: isForm ? body : body !== undefined ? JSON.stringify(body) : undefined,
    cache,
  });
}

/**
 * A call with the session's token (or the one given) whose answer must be OK: no answer throws an
 * ApiRequestError with status 0, anything else not OK one with the server's Spanish message and
 * fields, and a 401 on a call made with the session signs that session out (once: a session
 * signed in since is left alone).
 */
async function send(path: string, options: RequestOptions, cache?: RequestCache): Promise<Response> {
  const usesSession = options.token === undefined;
  const token = usesSession ? sessionStore.get()?.token : options.token;
  let response: Response;
  try {
    response = await apiResponse(path, { ...options, token }, cache);
  } catch {
    throw new ApiRequestError(0, NO_CONNECTION);
  }
  if (!response.ok) {
    if (response.status === 401 && usesSession && token && sessionStore.get()?.token === token) sessionStore.clear();
    const error = ((await response.json().catch(() => null)) ?? {}) as Partial<ApiError> & Record<string, unknown>;
    throw new ApiRequestError(
      response.status,
      error.message ?? options.failureMessage ?? msg.internal,
      error.errors ?? [],
      error,
    );
  }
  return response;
}

/** Calls the API and answers the parsed JSON (null for an answer without a body). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
}

/**
 * Calls the API for a file (an Excel export, a backup): its content as a Blob and the name the
 * server chose in Content-Disposition (`filename*` first, then `filename`). Never from the HTTP
 * cache: an export is of the data as it is now.
 */
export async function apiFile(path: string, options: FileRequestOptions): Promise<ApiFile> {
  // Loaded with the first download, not with the sign-in page's script.
  const [response, { fileNameFromDisposition }] = await Promise.all([
    send(path, options, 'no-store'),
    import('./content-disposition'),
  ]);
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), options.fallbackName);
  const blob = await response.blob().catch(() => {
    throw new ApiRequestError(0, options.cutMessage ?? DOWNLOAD_CUT);
  });
  return { blob, name };
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
