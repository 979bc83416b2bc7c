/** Control characters, the characters file systems refuse, and invisible direction marks. */
const FORBIDDEN = /[\p{Cc}<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Extensions of the kinds an upload may carry (and their usual spellings), dropped from a name's end. */
const KNOWN_EXTENSION = /\.(?:pdf|xml|jpe?g|png|xlsx|csv)$/i;

/**
 * A file name safe to store and to send back in Content-Disposition: no folders, no control or
 * direction-changing characters, a stem of at most 150 characters, and always the extension of
 * what the content was found to be ('factura.PDF' that is really a PNG becomes 'factura.png').
 */
export function sanitizeFileName(raw: string, extension = 'pdf'): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(FORBIDDEN, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem = cleaned
    .replace(KNOWN_EXTENSION, '')
    .slice(0, 150)
    .replace(/[\s.]+$/g, '');
  return `${stem || 'documento'}.${extension}`;
}

/** Content-Disposition for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266, 5987). */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
