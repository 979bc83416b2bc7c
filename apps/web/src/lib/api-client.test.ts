import { afterEach, describe, expect, it, vi } from 'vitest';

// The session store listens to other tabs through `window`; in node the client has no session.
vi.hoisted(() => {
  Object.assign(globalThis, { window: { addEventListener() {} } });
});

import { api, submissionOf } from './api-client';

/** Answers each fetch with the next status in turn, recording the Idempotency-Key each call carried. */
function serverAnswering(...statuses: (number | 'offline')[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      const status = statuses.shift() ?? 201;
      if (status === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ message: 'x' }), { status });
    }),
  );
  return keys;
}

const create = submissionOf((body: { name: string }, idempotencyKey: string) =>
  api('/business-group', { method: 'POST', body, idempotencyKey }),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one Idempotency-Key per form submission', () => {
  it('a retry of the same submission after no answer or a 5xx carries the same key; the next submission a new one', async () => {
    const keys = serverAnswering('offline', 503, 201, 201);
    await expect(create({ name: 'Norte' })).rejects.toThrow('No se pudo conectar con el servidor');
    await expect(create({ name: 'Norte' })).rejects.toMatchObject({ status: 503 });
    await create({ name: 'Norte' });
    await create({ name: 'Norte' });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('a refused or a changed submission gets a new key', async () => {
    const keys = serverAnswering(400, 503, 201);
    await expect(create({ name: '' })).rejects.toMatchObject({ status: 400 });
    await expect(create({ name: '' })).rejects.toMatchObject({ status: 503 });
    await create({ name: 'Sur' });
    expect(new Set(keys).size).toBe(3);
  });
});
