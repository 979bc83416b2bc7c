import { Transform } from 'node:stream';

/** Where readers look for the '%PDF-' header, and for the '%%EOF' marker from the end (as looksLikePdf). */
const HEAD = 1024;
const TAIL = 4096;

export type PdfStreamProblem = 'not-pdf' | 'too-large';

/**
 * Passes a file's bytes through while checking, without holding it: the '%PDF-' header within
 * the first kilobyte (refused as soon as that kilobyte has arrived without it), '%%EOF' within
 * the last 4 KB, and at most `maxBytes`. A failure destroys the stream with `problem(kind)`.
 */
export function pdfCheckStream(maxBytes: number, problem: (kind: PdfStreamProblem) => Error): Transform {
  let head = Buffer.alloc(0);
  let headChecked = false;
  let tail = Buffer.alloc(0);
  let size = 0;
  const headHasHeader = () => head.indexOf('%PDF-') !== -1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(problem('too-large'));
      if (!headChecked) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD - head.length)]);
        if (head.length >= HEAD) {
          if (!headHasHeader()) return done(problem('not-pdf'));
          headChecked = true;
        }
      }
      // A copy, so the tail never keeps a whole chunk alive.
      tail = Buffer.from(Buffer.concat([tail, chunk.subarray(-TAIL)]).subarray(-TAIL));
      done(null, chunk);
    },
    flush(done) {
      if (size < 16 || (!headChecked && !headHasHeader()) || !tail.includes('%%EOF')) {
        return done(problem('not-pdf'));
      }
      done();
    },
  });
}
