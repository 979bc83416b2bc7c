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

/** Read back what a generated PDF says (one reader for the server's tests and the browser tests). */
export { pdfText } from './pdf-text.ts';
