/** A board request index.html's early script (app/early-board.ts, a build entry of its own) started. */
export interface EarlyBoard {
  /** The board's path on the API, relative to /api. */
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    earlyBoard?: EarlyBoard;
  }
}

/**
 * The early answer for this path, once (the route's loader takes it); undefined when none was asked
 * for it. A failed or refused one is the loader's to ask again the usual way (which signs out on 401).
 */
export function takeEarlyBoard(path: string): Promise<Response> | undefined {
  const early = window.earlyBoard;
  if (early?.path !== path) return undefined;
  window.earlyBoard = undefined;
  return early.response;
}
