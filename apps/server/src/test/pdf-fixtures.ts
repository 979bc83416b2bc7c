import { inflateSync } from 'node:zlib';

/** A small but real PDF (one empty page), different per `label` so tests can tell files apart. */
export function tinyPdf(label = 'documento'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 144]>> endobj\n% ${label}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );
}

/**
 * A multipart/form-data body with the repeated field `file` (as the upload form sends it), after
 * the text fields given (as a browser's FormData sends the fields appended first).
 */
export function multipartFiles(
  files: { name: string; bytes: Buffer; field?: string }[],
  fields: Record<string, string> = {},
) {
  const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.map(({ name, bytes, field = 'file' }) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
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
 * The text PDFKit wrote into a PDF, one line per text operation: its content streams inflated and
 * their hex strings read as WinAnsi (the standard fonts' encoding), kerned pieces joined.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', from);
    if (start === -1) break;
    const end = pdf.indexOf('\nendstream', start);
    if (end === -1) break;
    from = end + 10;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start + 7, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const pieces =
        operation[1] !== undefined ? [...operation[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [operation[2]];
      lines.push(pieces.map((hex) => winAnsi(Buffer.from(hex ?? '', 'hex'))).join(''));
    }
  }
  return lines.join('\n');
}
