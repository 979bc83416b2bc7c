import type { ApiError } from '@app/shared/errors';
import { msg } from '@app/shared/messages';

/** An error a service throws on purpose; the error handler answers it as `{ message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ApiError['errors'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, field ? [{ field, message }] : undefined);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, field ? [{ field, message }] : undefined);

/** 429 of a throttle whose window ends in `retryAfterMs`: the message says the minutes, Retry-After the seconds. */
export class TooManyAttemptsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number, message: (minutes: number) => string = msg.tooManyAttemptsWait) {
    super(429, message(Math.max(1, Math.ceil(retryAfterMs / 60_000))));
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}
