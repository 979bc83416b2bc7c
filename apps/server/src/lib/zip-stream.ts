import { Readable, Transform } from 'node:stream';
import * as zlib from 'node:zlib';

/** One file of a .zip: its name and its content, produced as it is written (never held whole). */
export interface ZipEntry {
  name: string;
  content: () => AsyncIterable<Buffer | string> | Iterable<Buffer | string> | Readable;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

// Node's own (from 20.15 and 22.2) when there is one: the table below does the same, slower.
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** CRC-32 (the ZIP one) of `data`, continuing from `previous`. */
export function crc32(data: Uint8Array, previous = 0): number {
  if (nativeCrc32) return nativeCrc32(data, previous);
  return tableCrc32(data, previous);
}

/** The same CRC-32 from its table (Node without zlib.crc32, and the test comparing both). */
export function tableCrc32(data: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** The MS-DOS time and date a ZIP entry carries, in local time as archivers read it. */
function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: (Math.max(0, date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const ZIP32_MAX = 0xffffffff;
// Bit 3: sizes and CRC follow the data (a data descriptor), so nothing is buffered; bit 11: UTF-8 names.
const FLAGS = 0x0808;
const DEFLATE = 8;

/**
 * A .zip written as it goes: each entry deflated as its content arrives, its CRC and sizes in a
 * data descriptor after it, then the central directory. Memory stays at a chunk whatever the sizes
 * (up to the 4 GB of a plain ZIP, which exports of one person never reach).
 */
export function zipStream(entries: ZipEntry[], now: Date = new Date()): Readable {
  const stamp = dosTime(now);
  async function* write(): AsyncGenerator<Buffer> {
    let offset = 0;
    const directory: Buffer[] = [];
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(FLAGS, 6);
      local.writeUInt16LE(DEFLATE, 8);
      local.writeUInt16LE(stamp.time, 10);
      local.writeUInt16LE(stamp.date, 12);
      // CRC and sizes (14–25) stay 0: the data descriptor carries them.
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      const headerOffset = offset;
      yield local;
      yield name;
      offset += local.length + name.length;

      let crc = 0;
      let size = 0;
      let compressed = 0;
      const counting = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
          crc = crc32(bytes, crc);
          size += bytes.length;
          done(null, bytes);
        },
      });
      const source = entry.content();
      const input = source instanceof Readable ? source : Readable.from(source, { objectMode: false });
      input.on('error', (error) => counting.destroy(error));
      const deflated = input.pipe(counting).pipe(zlib.createDeflateRaw());
      counting.on('error', (error) => deflated.destroy(error));
      for await (const chunk of deflated as AsyncIterable<Buffer>) {
        compressed += chunk.length;
        yield chunk;
      }
      offset += compressed;
      if (size > ZIP32_MAX || compressed > ZIP32_MAX || offset > ZIP32_MAX) throw new Error('zip entry over 4 GB');

      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      yield descriptor;
      offset += descriptor.length;

      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(FLAGS, 8);
      central.writeUInt16LE(DEFLATE, 10);
      central.writeUInt16LE(stamp.time, 12);
      central.writeUInt16LE(stamp.date, 14);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(compressed, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(name.length, 28);
      // Extra field, comment, disk number, internal and external attributes (30–41): none.
      central.writeUInt32LE(headerOffset, 42);
      directory.push(central, name);
    }
    const directoryBytes = Buffer.concat(directory);
    yield directoryBytes;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directoryBytes.length, 12);
    end.writeUInt32LE(offset, 16);
    yield end;
  }
  return Readable.from(write(), { objectMode: false });
}

/** The content type of a .zip answer. */
export const ZIP_CONTENT_TYPE = 'application/zip';
