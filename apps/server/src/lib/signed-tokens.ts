import { createHmac, timingSafeEqual } from 'node:crypto';

/** Characters of an HMAC-SHA256 in base64url (32 bytes, no padding). */
const SIGNATURE_LENGTH = 43;
/** The largest expiry a sealed token is counted with (seconds): far past any configured lifetime. */
const LONGEST_EXPIRY = Number.MAX_SAFE_INTEGER;

/**
 * The length of the longest token `seal` can make for payloads no longer than this one once
 * written as JSON (its expiry counted at its longest), so routes can accept every token issued.
 */
export function sealedLengthAtMost(payload: object): number {
  const json = Buffer.byteLength(JSON.stringify({ ...payload, e: LONGEST_EXPIRY }));
  return Math.ceil((json * 4) / 3) + 1 + SIGNATURE_LENGTH;
}

export type Opened<T> = { ok: true; payload: T } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Small signed, expiring tokens: `base64url(JSON).base64url(HMAC-SHA256)`, with a key of their own
 * per purpose, derived from the app's token secret. Nothing in one can be changed without breaking
 * its signature; a token of one purpose is worthless for another.
 */
export function createSigner(tokenSecret: string, purpose: string, now: () => number = () => Date.now()) {
  const key = createHmac('sha256', tokenSecret).update(purpose).digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    seal<T extends object>(payload: T, ttlSeconds: number): string {
      const body = Buffer.from(JSON.stringify({ ...payload, e: Math.floor(now() / 1000 + ttlSeconds) })).toString(
        'base64url',
      );
      return `${body}.${sign(body)}`;
    },

    open<T extends object>(token: string): Opened<T> {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let payload: T & { e?: unknown };
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof payload.e !== 'number') return { ok: false, reason: 'invalid' };
      if (!(payload.e * 1000 > now())) return { ok: false, reason: 'expired' };
      return { ok: true, payload };
    },
  };
}
