import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The SHA-256 of a stream's bytes, as 64 lowercase hex digits, read chunk by chunk as they come (a
 * 20 MB file is never held in memory), and the number of bytes read.
 */
export async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}
