/** A request index.html's early script (app/early-request.ts, a build entry of its own) started. */
export interface EarlyRequest {
  /** The path on the API, relative to /api. */
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    earlyRequest?: EarlyRequest;
  }
}

/**
 * The early answer for this path, once (the route's loader takes it); undefined when none was asked
 * for it. A failed or refused one is the loader's to ask again the usual way (which signs out on 401).
 */
export function takeEarlyRequest(path: string): Promise<Response> | undefined {
  const early = window.earlyRequest;
  if (early?.path !== path) return undefined;
  window.earlyRequest = undefined;
  return early.response;
}

/**
 * A query's fetcher that first reads the early answer for `path` when there is one: anything but an
 * OK answer there is asked again the usual way (`fetchAgain`), which reports it.
 */
export function fromEarlyRequest<T>(path: string, fetchAgain: () => Promise<T>): (() => Promise<T>) | undefined {
  const early = takeEarlyRequest(path);
  if (!early) return undefined;
  return async () => {
    const response = await early.catch(() => undefined);
    return response?.ok ? ((await response.json()) as T) : fetchAgain();
  };
}
