/**
 * A PDF by its content, not its name: the '%PDF-' header within the first kilobyte (where readers
 * look for it) and an end-of-file marker near the end.
 */
export function looksLikePdf(bytes: Buffer): boolean {
  if (bytes.length < 16) return false;
  const header = bytes.subarray(0, 1024).indexOf('%PDF-');
  if (header === -1) return false;
  return bytes.subarray(Math.max(0, bytes.length - 4096)).includes('%%EOF');
}

/** Control characters, the characters file systems refuse, and invisible direction marks. */
const FORBIDDEN = /[\p{Cc}<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A file name safe to store and to send back in Content-Disposition: no folders, no control or
 * direction-changing characters, at most 150 characters, always ending in '.pdf'.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(FORBIDDEN, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem = cleaned
    .replace(/\.pdf$/i, '')
    .slice(0, 150)
    .replace(/[\s.]+$/g, '');
  return `${stem || 'documento'}.pdf`;
}

/** Content-Disposition for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266, 5987). */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
