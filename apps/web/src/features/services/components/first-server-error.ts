import { ApiRequestError } from '../../../lib/api-client';

/** The first entry of the server's errors list, else its message. */
export function firstServerError(error: unknown): string {
  if (error instanceof ApiRequestError) return error.errors[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
