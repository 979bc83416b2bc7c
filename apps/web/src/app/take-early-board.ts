/** A board request index.html's early script (app/early-board.ts, a build entry of its own) started. */
export interface EarlyBoard {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    earlyBoard?: EarlyBoard;
  }
}

/**
 * The early answer for this URL, once (the route's loader takes it); undefined when none was asked
 * for it. A failed or refused one is the loader's to ask again the usual way (which signs out on 401).
 */
export function takeEarlyBoard(url: string): Promise<Response> | undefined {
  const early = window.earlyBoard;
  if (early?.url !== url) return undefined;
  window.earlyBoard = undefined;
  return early.response;
}
