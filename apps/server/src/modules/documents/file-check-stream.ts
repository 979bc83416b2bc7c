import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';

/** The kinds of file an upload may carry, each recognised by its content, never its name. */
export const ACCEPTED_FILES = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  xml: { contentType: 'application/xml', extension: 'xml' },
  jpg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  csv: { contentType: 'text/csv', extension: 'csv' },
} as const;

export type AcceptedKind = keyof typeof ACCEPTED_FILES;
export type FileCheckProblem = 'not-accepted' | 'invalid-pdf' | 'invalid-xml' | 'too-large';

/** Bytes held before the kind is decided: readers look for '%PDF-' within the first kilobyte. */
const HEAD = 1024;
/** Bytes kept from the end: where a PDF's '%%EOF', a JPEG's end, a PNG's IEND or a ZIP's directory end are. */
const TAIL = 4096;

/** Elements open at once, attributes of one element, and characters saxes may hold of one text, name or entity. */
const XML_MAX_DEPTH = 256;
const XML_MAX_ATTRIBUTES = 256;
const XML_MAX_HELD = 64 * 1024;

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const JPEG_END = Buffer.from([0xff, 0xd9]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_DIRECTORY_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Checks the bytes of one kind as they pass; `end` gives the verdict once the last byte has passed. */
interface KindCheck {
  feed(chunk: Buffer): FileCheckProblem | undefined;
  end(tail: Buffer, size: number): FileCheckProblem | undefined;
}

/** A kind known by its start and by a marker near its end: nothing to look at in between. */
const endsWith = (marker: Buffer | string, minSize = 0): KindCheck => ({
  feed: () => undefined,
  end: (tail, size) => (size >= minSize && tail.includes(marker) ? undefined : 'not-accepted'),
});

/**
 * An XLSX: a ZIP whose local file headers, read from the bytes as they pass (nothing is
 * decompressed, so a zip bomb is only its bytes), name '[Content_Types].xml' and an entry under
 * 'xl/', and whose directory end is there. A plain ZIP, a .docx or an .ods is refused.
 */
function xlsxCheck(): KindCheck {
  let carry = Buffer.alloc(0);
  let contentTypes = false;
  let workbook = false;
  return {
    feed(chunk) {
      if (contentTypes && workbook) return undefined;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      // A header cut by the chunk's end waits for the next; otherwise a signature's first bytes may.
      let keepFrom = Math.max(0, data.length - (ZIP_LOCAL_HEADER.length - 1));
      for (let at = data.indexOf(ZIP_LOCAL_HEADER); at !== -1; at = data.indexOf(ZIP_LOCAL_HEADER, at + 4)) {
        const nameLength = at + 30 <= data.length ? data.readUInt16LE(at + 26) : -1;
        if (nameLength < 0 || at + 30 + nameLength > data.length) {
          keepFrom = at;
          break;
        }
        const name = data.toString('latin1', at + 30, at + 30 + nameLength);
        if (name === '[Content_Types].xml') contentTypes = true;
        if (name.startsWith('xl/')) workbook = true;
      }
      carry = Buffer.from(data.subarray(keepFrom));
      return undefined;
    },
    end: (tail) => (contentTypes && workbook && tail.includes(ZIP_DIRECTORY_END) ? undefined : 'not-accepted'),
  };
}

/** The encoding an XML says it is in: its byte order mark, else its declaration, else UTF-8. */
function xmlEncoding(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const declared = head
    .toString('latin1')
    .match(/^(?:\xef\xbb\xbf)?<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/);
  return declared?.[1] ?? 'utf-8';
}

/**
 * An XML (a DTE among them), parsed as it streams by saxes: well-formed, one root, and no
 * DOCTYPE at all, so no entity can be declared and nothing outside the file is ever referred to.
 * Bytes that are not of the encoding it declares make it not well-formed.
 */
function xmlCheck(head: Buffer): KindCheck {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(xmlEncoding(head), { fatal: true });
  } catch {
    return { feed: () => 'invalid-xml', end: () => 'invalid-xml' };
  }
  const parser = new SaxesParser();
  parser.on('doctype', () => parser.fail('DOCTYPE not allowed'));
  // Bounds, so a file made to fill memory is refused instead (a DTE is about ten levels deep).
  let depth = 0;
  let attributes = 0;
  parser.on('opentagstart', () => {
    depth += 1;
    attributes = 0;
    if (depth > XML_MAX_DEPTH) parser.fail('too deep');
  });
  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > XML_MAX_ATTRIBUTES) parser.fail('too many attributes');
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  /**
   * saxes keeps the text, name or entity it is reading in fields of its own (6.0.0) until it
   * ends: one huge text node would be held whole. Nothing here reads text, so it is dropped as it
   * grows; a name or entity reference that long is no XML anyone writes.
   */
  const held = parser as unknown as { text: string; name: string; entity: string; piTarget: string };
  const bounded = () => {
    if (held.text.length > XML_MAX_HELD) held.text = '';
    if (held.name.length > XML_MAX_HELD || held.entity.length > XML_MAX_HELD || held.piTarget.length > XML_MAX_HELD) {
      parser.fail('name too long');
    }
  };
  let failed = false;
  const run = (step: () => void): FileCheckProblem | undefined => {
    if (failed) return 'invalid-xml';
    try {
      step();
      return undefined;
    } catch {
      failed = true;
      return 'invalid-xml';
    }
  };
  return {
    feed: (chunk) =>
      run(() => {
        parser.write(decoder.decode(chunk, { stream: true }));
        bounded();
      }),
    end: () =>
      run(() => {
        parser.write(decoder.decode());
        parser.close();
      }),
  };
}

/** C0 controls but tab, LF and CR; DEL; and the C1 controls UTF-8 text could carry. */
const hasControlCharacter = (text: string) => {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
};
/** The same among single bytes (Latin-1 / Windows-1252): bytes 0x80–0x9f there are € and quotes, but for five unassigned ones. */
const controlByte = (byte: number) =>
  (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) ||
  byte === 0x7f ||
  byte === 0x81 ||
  byte === 0x8d ||
  byte === 0x8f ||
  byte === 0x90 ||
  byte === 0x9d;

/**
 * A CSV: text, UTF-8 while every byte so far is, else single-byte Latin-1 (Excel's usual export
 * here); no NUL or other control character but tab, CR and LF. An executable or any binary fails
 * at its first control byte.
 */
function csvCheck(): KindCheck {
  let utf8: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true });
  const bytesAreText = (chunk: Buffer) => !chunk.some(controlByte);
  return {
    feed(chunk) {
      if (utf8) {
        try {
          return hasControlCharacter(utf8.decode(chunk, { stream: true })) ? 'not-accepted' : undefined;
        } catch {
          utf8 = undefined; // not UTF-8: Latin-1 from here on
        }
      }
      return bytesAreText(chunk) ? undefined : 'not-accepted';
    },
    end(_tail, size) {
      if (size === 0) return 'not-accepted';
      if (!utf8) return undefined;
      try {
        utf8.decode();
      } catch {
        // A UTF-8 file cut inside its last character: its bytes were text in Latin-1 all the same.
      }
      return undefined;
    },
  };
}

/**
 * Names that claim a kind with a signature of its own. Plain text has none, so text sent under one
 * of these names (a .txt renamed .pdf) is refused rather than kept as a CSV the sender did not mean.
 */
const CLAIMS_ANOTHER_KIND = /\.(pdf|xml|jpe?g|png|xlsx?)$/i;

/** The kind the first bytes announce; the rest of the file must then be of that kind. */
function kindOf(head: Buffer, fileName: string): AcceptedKind | undefined {
  if (head.length === 0) return undefined;
  if (head.subarray(0, 3).equals(JPEG_START)) return 'jpg';
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return 'xlsx';
  if (head.subarray(0, HEAD).includes('%PDF-')) return 'pdf';
  if (startsLikeXml(head)) return 'xml';
  return CLAIMS_ANOTHER_KIND.test(fileName.trim()) ? undefined : 'csv';
}

/** An optional byte order mark and white space, then '<'. */
function startsLikeXml(head: Buffer): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    const text = new TextDecoder(head[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(head.subarray(0, 64));
    return /^\s*</.test(text);
  }
  const from = head.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0;
  return /^[\t\n\r ]*</.test(head.subarray(from, from + 64).toString('latin1'));
}

function checkFor(kind: AcceptedKind, head: Buffer): KindCheck {
  switch (kind) {
    case 'pdf':
      return endsWith('%%EOF', 16);
    case 'jpg':
      return endsWith(JPEG_END, 4);
    case 'png':
      return endsWith('IEND', PNG_SIGNATURE.length + 12);
    case 'xlsx':
      return xlsxCheck();
    case 'xml':
      return xmlCheck(head);
    case 'csv':
      return csvCheck();
  }
}

export interface FileCheckStream extends Transform {
  /** The kind found, once the stream has ended without a problem. */
  readonly kind: AcceptedKind | undefined;
}

/**
 * Passes a file's bytes through while recognising it, without holding it: PDF, XML, JPEG, PNG,
 * XLSX or CSV by content (see each check; text only when its name claims no other kind), at most `maxBytes`. Only the first kilobyte waits for
 * the kind to be known; a failure destroys the stream with `problem(kind)` as soon as it shows.
 */
export function fileCheckStream(
  maxBytes: number,
  problem: (kind: FileCheckProblem) => Error,
  /** The name it was sent under: only decides whether text may be taken as a CSV. */
  fileName = '',
): FileCheckStream {
  let head = Buffer.alloc(0);
  let kind: AcceptedKind | undefined;
  let check: KindCheck | undefined;
  let tail = Buffer.alloc(0);
  let size = 0;
  let verdict: AcceptedKind | undefined;

  /** Decides the kind from the bytes held so far and checks them. */
  function decide(): FileCheckProblem | undefined {
    kind = kindOf(head, fileName);
    if (!kind) {
      // Text sent under a .pdf name (a .txt renamed): the sender meant a PDF, so say it is not a valid one.
      return /\.pdf$/i.test(fileName.trim()) && !head.some(controlByte) ? 'invalid-pdf' : 'not-accepted';
    }
    check = checkFor(kind, head);
    const held = head;
    head = Buffer.alloc(0);
    return check.feed(held);
  }

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(problem('too-large'));
      let found: FileCheckProblem | undefined;
      if (check) found = check.feed(chunk);
      else {
        head = Buffer.concat([head, chunk]);
        if (head.length >= HEAD) found = decide();
      }
      if (found) return done(problem(found));
      // A copy, so the tail never keeps a whole chunk alive.
      tail = Buffer.from(Buffer.concat([tail, chunk.subarray(-TAIL)]).subarray(-TAIL));
      done(null, chunk);
    },
    flush(done) {
      const early = check ? undefined : decide();
      const found = early ?? (check ? check.end(tail, size) : 'not-accepted');
      if (found) return done(problem(found));
      verdict = kind;
      done();
    },
  });
  return Object.defineProperty(stream, 'kind', { get: () => verdict }) as FileCheckStream;
}
