import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Every endpoint, whatever it is sent, answers a 4xx with a message, never a 500 (DESIGN.md §2).
let t: TestApp;
let token: string;
let operations: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(spec.paths)
    // Logging out would end the session the other calls use.
    .filter(([path]) => path !== '/api/logout')
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(() => t.close());

const badIds = ['abc', '0', '-1', '1.5', '99999999999999999999', '999999'];
const badBodies: unknown[] = [{}, [], 'texto', 42, null, { name: { $gt: '' }, email: ['a'], id: 'x' }];

// The recovery call reads its bearer as a recovery token, so a session token is rightly a 401 there.
const expectsOwnToken = (path: string) => path !== '/api/auth/change_password';

function isBadAnswer(path: string, status: number, message: unknown) {
  return status >= 500 || typeof message !== 'string' || (status === 401 && expectsOwnToken(path));
}

function withIds(path: string, id: string) {
  return path.replace(/\{[^}]+\}/g, id);
}

describe('bad input on every endpoint', () => {
  it('finds the endpoints in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('answers malformed ids with 4xx and a message', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations.filter((operation) => operation.path.includes('{'))) {
      for (const id of badIds) {
        const response = await t.request({
          method: method as 'GET',
          url: withIds(path, id),
          token,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        if (isBadAnswer(path, response.statusCode, response.json().message)) {
          failures.push(`${method} ${withIds(path, id)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed bodies with 4xx and a Spanish message', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations.filter(
      (operation) => operation.method === 'POST' || operation.method === 'PUT',
    )) {
      for (const body of badBodies) {
        const response = await t.request({
          method: method as 'POST',
          url: withIds(path, '1'),
          token,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const message = response.json().message;
        const englishDefault = /expected|invalid input|required/i.test(String(message));
        if (isBadAnswer(path, response.statusCode, message) || response.statusCode < 400 || englishDefault) {
          failures.push(`${method} ${path} ${JSON.stringify(body)} → ${response.statusCode} ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
