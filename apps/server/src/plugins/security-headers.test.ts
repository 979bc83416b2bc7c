import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '../test/test-app.ts';

describe('security headers', () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ APP_URL: 'http://estudio.test:3000' });
    behindProxy = await createTestApp({ APP_URL: 'https://estudio.cl', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('sends no HSTS over plain HTTP, even when a client claims HTTPS without a trusted proxy', async () => {
    const plain = await direct.request({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await direct.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const response = await behindProxy.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets the page connect to its own origin and web socket only, not to any ws: host', async () => {
    const csp = String(
      (await direct.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    const connect = csp.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connect?.trim().split(/\s+/)).toEqual(['connect-src', "'self'", 'ws://estudio.test:3000']);
    const secure = String(
      (await behindProxy.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(secure).toContain("connect-src 'self' wss://estudio.cl");
  });

  it('forbids caching the answers that carry a session token or a portal password', async () => {
    const login = await direct.request({ method: 'POST', url: '/api/login', payload: OWNER });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().token as string;
    const passwords = await direct.request({ method: 'GET', url: '/api/password?businessId=1', token });
    expect(passwords.headers['cache-control']).toBe('no-store');
  });
});
