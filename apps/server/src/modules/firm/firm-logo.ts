import { inflateSync } from 'node:zlib';
import { loadPdfKit } from '../../lib/pdf-kit.ts';

export type LogoType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per pixel by PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Bit depths each colour type allows. */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7's seven passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
/** Far beyond a logo, far below what decoding could cost: 4,000 × 4,000 pixels. */
const MAX_PIXELS = 16_000_000;

/**
 * Whether the bytes are a whole PNG that decodes: its chunks in order to IEND, a valid header, and
 * its image data inflating to exactly the scanlines the header promises, each opening with a valid
 * filter byte. PDFKit decodes a PNG's pixels in a callback where an error cannot be caught, so a
 * logo is checked here, once, before it is ever drawn.
 */
function isWholePng(bytes: Buffer): boolean {
  if (bytes.length < 57 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let position = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | undefined;
  let palette = false;
  const data: Buffer[] = [];
  for (;;) {
    if (position + 12 > bytes.length) return false;
    const length = bytes.readUInt32BE(position);
    const type = bytes.toString('latin1', position + 4, position + 8);
    const body = bytes.subarray(position + 8, position + 8 + length);
    if (body.length !== length) return false;
    position += 12 + length;
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (header || length !== 13) return false;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 0,
        colour: body[9] ?? 255,
        interlaced: body[12] === 1,
      };
      if (body[10] !== 0 || body[11] !== 0 || (body[12] !== 0 && body[12] !== 1)) return false;
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
  }
  if (!header || position !== bytes.length) return false;
  const { width, height, depth, colour, interlaced } = header;
  const channels = PNG_CHANNELS[colour];
  if (!channels || !PNG_DEPTHS[colour]?.includes(depth) || (colour === 3 && !palette)) return false;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS || data.length === 0) return false;
  const bits = channels * depth;
  const passes = interlaced
    ? ADAM7.map(([x, y, dx, dy]) => ({ w: Math.ceil((width - x) / dx), h: Math.ceil((height - y) / dy) }))
    : [{ w: width, h: height }];
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: 256 * 1024 * 1024 });
  } catch {
    return false;
  }
  let offset = 0;
  for (const { w, h } of passes) {
    if (w <= 0 || h <= 0) continue;
    const line = 1 + Math.ceil((w * bits) / 8);
    for (let row = 0; row < h; row += 1) {
      if ((pixels[offset] ?? 255) > 4) return false;
      offset += line;
    }
  }
  return offset === pixels.length;
}

/** A JPEG from its start marker to its end marker (trailing padding allowed). */
function isWholeJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return end > 2 && bytes.subarray(end + 2).every((byte) => byte === 0);
}

/**
 * The logo's type recognised by its content, never its name: a whole PNG or JPEG that PDFKit opens
 * (it reads a JPEG's frame header, a PNG's chunks). Null for anything else.
 */
export async function recogniseLogo(bytes: Buffer): Promise<LogoType | null> {
  const type: LogoType | null = isWholePng(bytes) ? 'image/png' : isWholeJpeg(bytes) ? 'image/jpeg' : null;
  if (!type) return null;
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ autoFirstPage: false });
  try {
    const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);
    return image.width > 0 && image.height > 0 ? type : null;
  } catch {
    return null;
  } finally {
    doc.end();
    doc.resume();
  }
}
