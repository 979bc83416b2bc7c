import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngLogo } from '../../demo/demo-logo.ts';
import { recogniseLogo } from './firm-logo.ts';

/** A JPEG's frame: start marker, a baseline frame header (8 bits, 40 × 20, 3 components), end marker. */
function tinyJpeg(withEnd = true): Buffer {
  const frame = [
    0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x14, 0x00, 0x28, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ];
  return Buffer.from([0xff, 0xd8, ...frame, ...(withEnd ? [0xff, 0xd9] : [])]);
}

/** The PNG with its image data replaced (its CRC left stale: PNG readers here do not check it). */
function withImageData(png: Buffer, data: Buffer): Buffer {
  const at = png.indexOf('IDAT') - 4;
  const length = png.readUInt32BE(at);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('IDAT', 4, 'latin1');
  return Buffer.concat([png.subarray(0, at), head, data, Buffer.alloc(4), png.subarray(at + 12 + length)]);
}

describe("the firm's logo, recognised by its content", () => {
  it('takes a whole PNG and a JPEG with its frame header', async () => {
    expect(await recogniseLogo(pngLogo())).toBe('image/png');
    expect(await recogniseLogo(tinyJpeg())).toBe('image/jpeg');
  });

  it('refuses a PNG cut short, one whose pixels do not fill its size or carry a wrong filter, and a JPEG without its end', async () => {
    const png = pngLogo();
    expect(await recogniseLogo(png.subarray(0, png.length - 12))).toBeNull();
    const pixels = inflateSync(png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8));
    expect(await recogniseLogo(withImageData(png, deflateSync(pixels.subarray(0, pixels.length - 10))))).toBeNull();
    const wrongFilter = Buffer.from(pixels);
    wrongFilter[0] = 9;
    expect(await recogniseLogo(withImageData(png, deflateSync(wrongFilter)))).toBeNull();
    expect(await recogniseLogo(withImageData(png, deflateSync(pixels)))).toBe('image/png');
    expect(await recogniseLogo(tinyJpeg(false))).toBeNull();
  });

  it('refuses what only claims to be an image: a GIF, a PDF, text', async () => {
    expect(await recogniseLogo(Buffer.from('GIF89a\u0001\u0000\u0001\u0000'))).toBeNull();
    expect(await recogniseLogo(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBeNull();
    expect(await recogniseLogo(Buffer.from('no soy una imagen'))).toBeNull();
  });
});
