import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'web-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log(1)');
  // As the build leaves a large script: compressed copies beside it.
  const large = `console.log(${JSON.stringify('x'.repeat(5000))})`;
  fs.writeFileSync(path.join(distDir, 'assets', 'large.js'), large);
  fs.writeFileSync(path.join(distDir, 'assets', 'large.js.gz'), gzipSync(large));
  fs.writeFileSync(path.join(distDir, 'assets', 'large.js.br'), brotliCompressSync(large));
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/empresas', '/empresas/12', '/recuperar-contrase%C3%B1a/abc'])(
    'answers index.html for the deep link %s',
    async (url) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves built files as they are', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('sends a built script compressed when the browser accepts it, and raw otherwise', async () => {
    const gzip = await t.request({ method: 'GET', url: '/assets/large.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('console.log(');
    const brotli = await t.request({
      method: 'GET',
      url: '/assets/large.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const raw = await t.request({ method: 'GET', url: '/assets/large.js', headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(`console.log(${JSON.stringify('x'.repeat(5000))})`);
  });

  it('lets browsers keep hashed assets for a year, and always ask again for index.html', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.request({ method: 'GET', url: '/empresas' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths with a Spanish JSON 404, not the app', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
  });

  it('sends security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/empresas' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user/{id}']));
  });
});
