import { inflateRawSync } from 'node:zlib';
import { tableCrc32 } from '../lib/zip-stream.ts';

/**
 * The entries of a .zip as a test reads them back: through its central directory (as archivers
 * do), each inflated and its CRC-32 checked against the one the archive declares.
 */
export function readZip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${index}`);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const offset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (bytes.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataStart = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressed);
    const content = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    if (content.length !== size) throw new Error(`${name}: ${content.length} bytes, the directory says ${size}`);
    if (tableCrc32(content) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    entries.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
