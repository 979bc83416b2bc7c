import { describe, expect, it } from 'vitest';
import { createDownloadLinks, LARGEST_ID, MAX_LINK_TOKEN_LENGTH } from './download-links.ts';

const SECRET = 'un-secreto-de-prueba-suficientemente-largo-para-firmar';

describe('download links', () => {
  it('carry the file, the way and the user they were issued to', () => {
    const links = createDownloadLinks(SECRET, 7);
    const token = links.create({ fileId: 12, via: 'portal', issuedTo: 5 });
    expect(links.check(token)).toEqual({ ok: true, claims: { fileId: 12, via: 'portal', issuedTo: 5 } });
  });

  it('refuse a link whose payload or signature was changed, or signed with another secret', () => {
    const links = createDownloadLinks(SECRET, 7);
    const [body, signature] = links.create({ fileId: 12, via: 'email' }).split('.');
    const otherFile = Buffer.from(JSON.stringify({ f: 13, v: 'email', e: 9_999_999_999 })).toString('base64url');
    expect(links.check(`${otherFile}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.check(`${body}.${signature?.slice(0, -2)}AA`)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.check(`${body}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(createDownloadLinks(`${SECRET}-otro`, 7).check(`${body}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('expire after the configured days', () => {
    let now = Date.parse('2026-11-01T12:00:00Z');
    const links = createDownloadLinks(SECRET, 7, () => now);
    const token = links.create({ fileId: 1, via: 'link', issuedTo: 2 });
    now += 7 * 86_400_000 - 1000;
    expect(links.check(token).ok).toBe(true);
    now += 2000;
    expect(links.check(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are never longer than MAX_LINK_TOKEN_LENGTH: the largest ids, every way, even in the year 3000', () => {
    const lengths = [Date.now(), Date.parse('3000-01-01T00:00:00Z')].flatMap((at) =>
      (['portal', 'link', 'email'] as const).map(
        (via) =>
          createDownloadLinks(SECRET, 365, () => at).create({ fileId: LARGEST_ID, via, issuedTo: LARGEST_ID }).length,
      ),
    );
    expect(Math.max(...lengths)).toBeGreaterThan(120);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(MAX_LINK_TOKEN_LENGTH);
    expect(MAX_LINK_TOKEN_LENGTH).toBe(131);
  });
});
