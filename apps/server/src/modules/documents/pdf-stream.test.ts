import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { looksLikePdf } from '../../lib/pdf-upload.ts';
import { pdfCheckStream } from './pdf-stream.ts';

/** Streams `chunks` through the check; answers the bytes that came out, or the problem. */
async function check(chunks: Buffer[], maxBytes = 1_000_000) {
  const out: Buffer[] = [];
  let read = 0;
  const source = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        read += 1;
        yield chunk;
      }
    })(),
  );
  try {
    await pipeline(
      source,
      pdfCheckStream(maxBytes, (kind) => new Error(kind)),
      async (stream) => {
        for await (const chunk of stream) out.push(chunk as Buffer);
      },
    );
    return { bytes: Buffer.concat(out), read };
  } catch (error) {
    return { problem: (error as Error).message, read };
  }
}

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

describe('pdfCheckStream', () => {
  it('passes a PDF through unchanged, whatever the chunking', async () => {
    const big = Buffer.concat([pdf.subarray(0, 20), Buffer.alloc(50_000, 32), pdf.subarray(20)]);
    for (const size of [1, 7, 1024, 4096, 65_536]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < big.length; at += size) chunks.push(big.subarray(at, at + size));
      const result = await check(chunks);
      expect(result.bytes?.equals(big), `chunks of ${size}`).toBe(true);
    }
  });

  it('agrees with looksLikePdf on what is not a PDF', async () => {
    for (const bytes of [
      Buffer.from('PK\u0003\u0004 a zip renamed to .pdf'),
      Buffer.from('%PDF-1.7 but cut short before its end'),
      Buffer.from(''),
      Buffer.concat([Buffer.alloc(2000, 32), pdf]),
    ]) {
      expect(looksLikePdf(bytes)).toBe(false);
      expect((await check([bytes])).problem).toBe('not-pdf');
    }
  });

  it('refuses a file without the header after its first kilobyte, without reading the rest', async () => {
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(4096, 65));
    const result = await check(chunks);
    expect(result.problem).toBe('not-pdf');
    expect(result.read).toBeLessThan(5);
  });

  it('cuts off a file over the limit as soon as it passes it', async () => {
    const chunks = [pdf, ...Array.from({ length: 100 }, () => Buffer.alloc(4096, 32))];
    const result = await check(chunks, 10_000);
    expect(result.problem).toBe('too-large');
    expect(result.read).toBeLessThan(6);
    expect((await check([pdf], pdf.length)).bytes?.equals(pdf)).toBe(true);
  });
});
