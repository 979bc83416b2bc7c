import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from '../test/zip-reader.ts';
import { zipStream } from './zip-stream.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('writes entries as they come, read back whole by their central directory', async () => {
    const binary = randomBytes(300_000);
    async function* json() {
      yield '{"nombre": "Ñuñoa ';
      yield Buffer.from('Pérez"}');
    }
    const zip = await bytesOf(
      zipStream([
        { name: 'titular.json', content: json },
        { name: 'datos/planilla.bin', content: () => Readable.from([binary.subarray(0, 1000), binary.subarray(1000)]) },
        { name: 'vacío.txt', content: () => [] },
      ]),
    );
    const entries = readZip(zip);
    expect([...entries.keys()]).toEqual(['titular.json', 'datos/planilla.bin', 'vacío.txt']);
    expect(entries.get('titular.json')?.toString('utf8')).toBe('{"nombre": "Ñuñoa Pérez"}');
    expect(entries.get('datos/planilla.bin')?.equals(binary)).toBe(true);
    expect(entries.get('vacío.txt')?.length).toBe(0);
  });

  it('fails the stream when an entry fails, instead of ending a zip cut short', async () => {
    async function* broken() {
      yield 'algo';
      throw new Error('lectura cortada');
    }
    await expect(bytesOf(zipStream([{ name: 'a.txt', content: broken }]))).rejects.toThrow('lectura cortada');
  });
});
