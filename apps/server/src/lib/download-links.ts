import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a link was made for: a signed-in user's listing ('portal' for clients, 'link' for staff), or an e-mail. */
export interface LinkClaims {
  fileId: number;
  via: 'portal' | 'link' | 'email';
  /** The user the link was issued to (portal and staff links); absent for e-mailed links. */
  issuedTo?: number;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

interface Payload {
  f: number;
  v: LinkClaims['via'];
  u?: number;
  /** Expiry, seconds since the epoch. */
  e: number;
}

/**
 * Signed, expiring download links (DESIGN.md §4): `base64url(payload).base64url(HMAC-SHA256)`,
 * with a key of their own derived from the app's token secret. Nothing in a link can be changed
 * without breaking its signature, and a link stops working when it expires.
 */
export function createDownloadLinks(tokenSecret: string, ttlDays: number, now: () => number = () => Date.now()) {
  const key = createHmac('sha256', tokenSecret).update('download-links/v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    create(claims: LinkClaims): string {
      const payload: Payload = {
        f: claims.fileId,
        v: claims.via,
        ...(claims.issuedTo ? { u: claims.issuedTo } : {}),
        e: Math.floor(now() / 1000 + ttlDays * 86_400),
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body)}`;
    },

    check(token: string): LinkCheck {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (!Number.isInteger(payload.f) || !['portal', 'link', 'email'].includes(payload.v)) {
        return { ok: false, reason: 'invalid' };
      }
      if (!(payload.e * 1000 > now())) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { fileId: payload.f, via: payload.v, ...(payload.u ? { issuedTo: payload.u } : {}) } };
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
