import parseRange from 'range-parser';
import type { ByteRange } from './file-storage/storage.ts';

/**
 * What a `Range` header asks of a file of `size` bytes: one range of bytes, 'unsatisfiable' (416)
 * when none of it lies inside the file, or undefined for the whole file (no header, a malformed
 * one, a unit other than bytes, or several ranges: HTTP lets a server answer those with the whole
 * file, and nothing here needs multipart/byteranges).
 */
export function pickRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  const [range] = ranges;
  return range && { start: range.start, end: range.end };
}
