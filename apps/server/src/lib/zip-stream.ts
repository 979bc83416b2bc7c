import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/** One file of a .zip: its name and its content, produced as it is written (never held whole). */
export interface ZipEntry {
  name: string;
  content: () => AsyncIterable<Buffer | string> | Iterable<Buffer | string> | Readable;
}

/**
 * A .zip written as it goes (fflate's streaming Zip): each entry deflated as its content arrives,
 * the content read no faster than the answer is sent, so memory stays at a few chunks whatever the
 * sizes. A failing entry fails the stream instead of ending a zip cut short.
 */
export function zipStream(entries: ZipEntry[], now: Date = new Date()): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const write = async () => {
    for (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      file.mtime = now;
      zip.add(file);
      for await (const piece of entry.content() as AsyncIterable<Buffer | string>) {
        file.push(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  write().catch((error: unknown) => {
    zip.terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** The content type of a .zip answer. */
export const ZIP_CONTENT_TYPE = 'application/zip';
