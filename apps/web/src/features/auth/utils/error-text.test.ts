import { msg } from '@app/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

/** What the API client throws for an answer that is not OK (ApiRequestError's shape). */
const answered = (status: number, message: string) => Object.assign(new Error(message), { status });

describe('errorText on the recovery page', () => {
  it("shows the server's wait for a 429, so the user knows how long to wait", () => {
    expect(errorText(answered(429, msg.tooManyAttemptsWait(15)), msg.tokenInvalid)).toBe(
      'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.',
    );
  });

  it("keeps the screen's own text for any other failure (a used or expired link, a network error)", () => {
    expect(errorText(answered(401, 'Token inválido'), msg.tokenInvalid)).toBe(msg.tokenInvalid);
    expect(errorText(new TypeError('Failed to fetch'), msg.recoverFailed)).toBe(msg.recoverFailed);
    expect(errorText(null, msg.recoverFailed)).toBe(msg.recoverFailed);
  });
});
