/**
 * The screen's own error text, except when the server asks to wait (429, an ApiRequestError): then its
 * message says how long. Read by shape so that this stays a plain function (no browser session).
 */
export function errorText(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && status === 429 ? error.message : fallback;
}
