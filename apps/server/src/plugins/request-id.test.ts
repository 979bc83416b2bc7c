import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    t.app.get('/api/test/falla', async (request) => {
      request.log.info('antes de fallar');
      throw new Error('un error de programación');
    });
  });
  afterAll(() => t.close());

  const get = (url: string, requestId?: string) =>
    t.request({ method: 'GET', url, headers: requestId === undefined ? {} : { 'x-request-id': requestId } });

  it('keeps a sane incoming id and answers it', async () => {
    for (const id of ['abc-123', 'A.b_C-9', 'x'.repeat(64)]) {
      expect((await get('/api/health', id)).headers['x-request-id']).toBe(id);
    }
  });

  it('makes a new one when there is none, or the incoming one is not sane', async () => {
    const seen = new Set<string>();
    for (const id of [undefined, '', 'con espacio', 'x'.repeat(65), 'a\u00f1o', '<script>', 'a/b']) {
      const answered = String((await get('/api/health', id)).headers['x-request-id']);
      expect(answered).toMatch(UUID);
      seen.add(answered);
    }
    expect(seen.size).toBe(7);
  });

  it('is on every answer: refused, not found, and a path the router refuses', async () => {
    expect((await get('/api/user', 'sin-sesion')).headers['x-request-id']).toBe('sin-sesion');
    expect((await get('/api/no-existe', 'perdido')).headers['x-request-id']).toBe('perdido');
    const tooLong = await get(`/api/download/${'a'.repeat(5000)}`, 'muy-largo');
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.headers['x-request-id']).toBe('muy-largo');
  });

  it("is in every log line of the request, and a 500's Spanish message names it", async () => {
    const response = await get('/api/test/falla', 'reporte-42');
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('reporte-42');
    expect(response.json()).toEqual({
      message: 'Ocurrió un error inesperado. Inténtalo de nuevo. Código de referencia: reporte-42',
    });
    const ofRequest = lines.filter((line) => line.reqId === 'reporte-42');
    expect(ofRequest.map((line) => line.msg)).toEqual([
      'incoming request',
      'antes de fallar',
      'unhandled error',
      'request completed',
    ]);
    // A generated id works the same way.
    const generated = await get('/api/test/falla');
    const id = String(generated.headers['x-request-id']);
    expect(generated.json().message).toContain(`Código de referencia: ${id}`);
    expect(lines.filter((line) => line.reqId === id)).toHaveLength(4);
  });
});
