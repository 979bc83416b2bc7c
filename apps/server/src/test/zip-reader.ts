import { unzipSync } from 'fflate';

/** The entries of a .zip as a test reads them back (fflate, through the central directory), by name in order. */
export function readZip(bytes: Buffer): Map<string, Buffer> {
  return new Map(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, Buffer.from(data)]));
}
