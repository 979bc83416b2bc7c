import { inflateSync } from 'node:zlib';

/** A PDF string's bytes: `<48 6f6c61>` (hex) or `(Hola \(1\))` (literal, with its escapes). */
function stringBytes(token: string): number[] {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s+/g, '');
    return Array.from({ length: Math.ceil(hex.length / 2) }, (_, index) =>
      Number.parseInt(hex.slice(index * 2, index * 2 + 2).padEnd(2, '0'), 16),
    );
  }
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  const body = token.slice(1, -1);
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const char = body[index] ?? '';
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0));
      continue;
    }
    const next = body[++index] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(index))?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8));
      index += octal.length - 1;
    } else bytes.push(escapes[next] ?? next.charCodeAt(0));
  }
  return bytes;
}

/** WinAnsi's characters at 0x80–0x9F, where Latin-1 has control codes ('—' is 0x97, '€' 0x80). */
const WIN_ANSI_HIGH: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

/** Bytes in the standard fonts' encoding (WinAnsi) as text. */
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');

/**
 * The text a PDF written with the standard fonts shows (PDFKit's statements): every content stream
 * inflated, the strings of its Tj and TJ operators read as WinAnsi (Latin-1 for Spanish), one line
 * a text object. Enough to assert what a generated PDF says; no layout, no embedded fonts.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) continue;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed content stream (an image, a font's metrics)
    }
    for (const block of content.split(/\bET\b/)) {
      const strings = block.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      const text = winAnsi(Buffer.from(strings.flatMap(stringBytes)));
      if (text.trim()) lines.push(text);
    }
  }
  return lines.join('\n');
}
