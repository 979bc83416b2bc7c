import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// The session store listens to other tabs through `window` and keeps the session in local storage.
vi.hoisted(() => {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    window: { addEventListener() {} },
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
});

// The files of this project share their worker's globals: the next one finds no browser here.
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'localStorage');
});

import type { User } from '@app/shared/schemas/users';
import { ApiRequestError, api, apiFile, submissionOf } from './api-client';
import { sessionStore } from './session-store';

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
  vi.restoreAllMocks();
  sessionStore.clear();
});

/** Answers every fetch with `answer()`, recording what each call sent. */
function serverSending(answer: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  return calls;
}

const headersOf = (call: { init: RequestInit } | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

const signIn = (token: string) => sessionStore.set({ token, user: { id: 7, role: 'owner' } as User });

describe('the API client', () => {
  it("answers the server's JSON, sending the session's bearer token and the query without empty values", async () => {
    signIn('token-1');
    const calls = serverSending(() => Response.json({ rows: [1, 2] }));
    await expect(api('/business', { params: { q: 'norte', groupId: null, page: 2, empty: '' } })).resolves.toEqual({
      rows: [1, 2],
    });
    expect(calls[0]?.url).toBe('/api/business?q=norte&page=2');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0]).authorization).toBe('Bearer token-1');
  });

  it('sends a JSON body as JSON, and a FormData as it is (the browser writes its multipart type)', async () => {
    const calls = serverSending(() => Response.json({ message: 'ok' }, { status: 201 }));
    await api('/business', { method: 'POST', body: { name: 'Norte' } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.pdf');
    await api('/business-folder/3/file', { method: 'POST', body: form });
    expect(calls[0]?.init.body).toBe('{"name":"Norte"}');
    expect(headersOf(calls[0])['content-type']).toBe('application/json');
    expect(calls[1]?.init.body).toBe(form);
    expect(headersOf(calls[1])).not.toHaveProperty('content-type');
  });

  it('answers a file as a Blob under the name in Content-Disposition, filename* first', async () => {
    let disposition: string | null = 'attachment; filename="empresas.xlsx"';
    serverSending(() => new Response('PK', { headers: disposition ? { 'content-disposition': disposition } : {} }));
    const plain = await apiFile('/business/export', { method: 'POST', body: {}, fallbackName: 'descarga.xlsx' });
    expect(plain.name).toBe('empresas.xlsx');
    expect(await plain.blob.text()).toBe('PK');

    disposition = `attachment; filename="tablero.xlsx"; filename*=UTF-8''tablero-%C3%B1and%C3%BA.xlsx`;
    expect((await apiFile('/x', { fallbackName: 'descarga.xlsx' })).name).toBe('tablero-ñandú.xlsx');

    disposition = null;
    expect((await apiFile('/x', { fallbackName: 'respaldo.tar.gz' })).name).toBe('respaldo.tar.gz');
  });

  it("carries the server's Spanish message, status and field of a refusal", async () => {
    serverSending(() =>
      Response.json(
        { message: 'Datos inválidos', errors: [{ field: 'rut', message: 'El RUT no es válido' }] },
        { status: 400 },
      ),
    );
    const error = await api('/business', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: 'Datos inválidos', field: 'rut' });
    expect((error as ApiRequestError).errors).toEqual([{ field: 'rut', message: 'El RUT no es válido' }]);
  });

  it("uses the caller's message, else the generic one, when a refusal carries none", async () => {
    serverSending(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api('/x', { failureMessage: 'No se pudo agregar el archivo' })).rejects.toMatchObject({
      status: 502,
      message: 'No se pudo agregar el archivo',
      field: null,
    });
    await expect(apiFile('/x', { fallbackName: 'a.xlsx' })).rejects.toMatchObject({
      message: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
    });
  });
});

/** A server that answers 401 to every call once `release()` is called. */
function serverRefusingLater() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await held;
      return Response.json({ message: 'Debes iniciar sesión' }, { status: 401 });
    }),
  );
  return release;
}

describe('a 401', () => {
  it('signs the session out once, whether a JSON or a file was asked for', async () => {
    signIn('token-1');
    const clear = vi.spyOn(sessionStore, 'clear');
    const release = serverRefusingLater();
    const calls = [api('/user/me'), apiFile('/business/export', { fallbackName: 'a.xlsx' }), api('/business')];
    release();
    for (const call of calls)
      await expect(call).rejects.toMatchObject({ status: 401, message: 'Debes iniciar sesión' });
    expect(clear).toHaveBeenCalledTimes(1);
    expect(sessionStore.get()).toBeNull();
  });

  it('to a call of a session that has ended leaves the session signed in since alone', async () => {
    signIn('token-1');
    const release = serverRefusingLater();
    const late = api('/user/me');
    await Promise.resolve();
    signIn('token-2');
    release();
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()?.token).toBe('token-2');
  });

  it('to a call with its own token (the recovery link) signs nobody out', async () => {
    signIn('token-1');
    serverSending(() => Response.json({ message: 'El token no es válido o ya ha caducado' }, { status: 401 }));
    await expect(api('/user/recover', { method: 'POST', token: 'recovery', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(sessionStore.get()?.token).toBe('token-1');
  });
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
