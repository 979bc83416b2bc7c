import { createSigner, sealedLengthAtMost } from './signed-tokens.ts';

/** The largest id a link carries: file and user ids are PostgreSQL `integer`s (serial columns). */
export const LARGEST_ID = 2_147_483_647;

/** Who a link was made for: a signed-in user's own download ('portal'), the link staff copy ('link'), or an e-mail. */
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
}

/**
 * The longest link token the app can issue (the largest ids, the longest way): 131 characters.
 * Fastify's maxParamLength is set from it, so every issued link is routed and nothing longer is.
 */
export const MAX_LINK_TOKEN_LENGTH = sealedLengthAtMost({
  f: LARGEST_ID,
  v: 'portal',
  u: LARGEST_ID,
} satisfies Payload);

/** Signed, expiring download links, so a link can be e-mailed to the client. */
export function createDownloadLinks(tokenSecret: string, ttlDays: number, now?: () => number) {
  const signer = createSigner(tokenSecret, 'download-links/v1', now);
  return {
    create(claims: LinkClaims): string {
      const payload: Payload = { f: claims.fileId, v: claims.via, ...(claims.issuedTo ? { u: claims.issuedTo } : {}) };
      return signer.seal(payload, ttlDays * 86_400);
    },

    check(token: string): LinkCheck {
      const opened = signer.open<Payload>(token);
      if (!opened.ok) return opened;
      const { f, v, u } = opened.payload;
      if (!Number.isInteger(f) || !['portal', 'link', 'email'].includes(v)) return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { fileId: f, via: v, ...(u ? { issuedTo: u } : {}) } };
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
