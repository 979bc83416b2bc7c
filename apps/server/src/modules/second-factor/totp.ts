import { createHmac, randomInt } from 'node:crypto';
import { generate, generateSecret, generateURI } from 'otplib';

/** Seconds per TOTP time step (what authenticator apps use). */
export const TOTP_PERIOD = 30;
/** Steps accepted either side of the current one (a phone's clock a little off). */
export const TOTP_TOLERANCE = 1;
/** How many recovery codes a set-up (or a renewal) gives. */
export const RECOVERY_CODE_COUNT = 10;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const newTotpSecret = () => generateSecret();

export const totpUri = (secret: string, issuer: string, label: string) => generateURI({ issuer, label, secret });

/** The time step of an instant (ms since the epoch). */
export const stepAt = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD);

/** The code an app shows during a step. */
export const codeAtStep = (secret: string, step: number) => generate({ secret, epoch: step * TOTP_PERIOD });

/**
 * The step whose code `code` is, within the tolerance around `nowMs` (the latest matching one),
 * or null. Every candidate is computed, so the answer takes as long whatever matches.
 */
export async function matchingStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const current = stepAt(nowMs);
  let found: number | null = null;
  for (let step = current - TOTP_TOLERANCE; step <= current + TOTP_TOLERANCE; step++) {
    if ((await codeAtStep(secret, step)) === code) found = step;
  }
  return found;
}

/** Ten fresh recovery codes as shown: 'ABCDE-FGH23'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => BASE32[randomInt(32)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code's stored form: HMAC-SHA256 keyed by the token secret, of the code without dash or case. */
export function recoveryCodeHash(tokenSecret: string, code: string): string {
  const normal = code.replace(/[-\s]/g, '').toUpperCase();
  return createHmac('sha256', tokenSecret).update(`recovery-code:${normal}`).digest('hex');
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
