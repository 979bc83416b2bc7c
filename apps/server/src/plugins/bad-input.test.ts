import { msg } from '@app/shared/messages';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE } from '../lib/xlsx-stream.ts';
import { type FakeGoogle, startFakeGoogle } from '../test/fake-google.ts';
import {
  arbitraryOf,
  encodeAny,
  exampleOf,
  fillPath,
  leafPaths,
  NASTY_VALUES,
  type Operation,
  operationsOf,
  withLeaf,
} from '../test/openapi-fuzz.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Every endpoint, whatever it is sent, answers a 4xx or 2xx with a plain Spanish message, never a
// 500. Runs on PGlite by default and on PostgreSQL with DATABASE_URL.
let t: TestApp;
let token: string;
let operations: Operation[];

/** Ids that exist, so that a request with one bad field gets past the 404s and reaches SQL. */
async function createOneOfEverything() {
  const post = async (url: string, payload: unknown) => {
    const response = await t.request({ method: 'POST', url, token, payload: payload as object });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return response.json();
  };
  const business = await post('/api/business', {
    name: 'Fuzz',
    razonSocial: 'Fuzz SpA',
    rut: '76.086.428-5',
    startContract: '2022-01-01',
    endContract: '2030-12-31',
    legalRepresentative: 'Ana',
    contact: 'fuzz@empresa.cl',
  });
  const service = await post('/api/service', { name: 'F29', startMonthDay: 1, lastMonthDay: 12, order: 1 });
  const serviceId = service.service.id;
  await post(`/api/service/${serviceId}/state`, {
    name: 'Pendiente',
    color: '#E74C3C',
    order: 0,
    pctProgress: 0,
    hasValue: false,
    showResume: true,
  });
  await post(`/api/service/${serviceId}/folder`, { name: 'Carpeta' });
  await post(`/api/service/${serviceId}/notification`, { day: 5, subject: 'Aviso', message: 'Hola' });
  await post(`/api/business/${business.business.id}/service`, { serviceId, startDate: '2023-01-01' });
  await post('/api/password', { businessId: business.business.id, user: 'u', portal: 'sii', password: 'p' });
  await post('/api/business-group', { name: 'Grupo', businessesIds: [business.business.id] });
}

let google: FakeGoogle;

beforeAll(async () => {
  // Every integration configured (Google against its local fake), so inputs reach the code behind.
  google = await startFakeGoogle();
  t = await createTestApp(google.env);
  token = await t.ownerToken();
  await createOneOfEverything();
  const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  // Logging out would end the session every other call uses.
  operations = operationsOf(document).filter((operation) => operation.path !== '/api/logout');
});
afterAll(async () => {
  await t.close();
  await google.close();
});

/**
 * Where a 401 is a right answer rather than our session ending: sign-in with made-up credentials
 * or a made-up second-factor challenge (/api/login/…), and the recovery call, which reads its
 * bearer as a recovery token.
 */
const expectsOwnToken = (path: string) =>
  path !== '/api/auth/change_password' && path !== '/api/login' && !path.startsWith('/api/login/');
/** zod's and Fastify's wording for programmers, which a person must never read. */
const TECHNICAL =
  /expected|invalid input|required|se esperaba|recibido|NaN|<=|>=|(^|\s)int(\s|$)|JSON válido|undefined/i;

/** The content types of the endpoints that answer a file (the backup, the Excel exports). */
const BYTE_ANSWERS = new Set(['application/gzip', XLSX_CONTENT_TYPE]);

function problemWith(operation: Operation, response: LightMyRequestResponse): string | null {
  // A download that went through (the backup archive, once a fuzzed password change made the
  // fuzzed password the right one; an Excel export of valid ids) answers bytes, not JSON.
  if (response.statusCode < 400 && BYTE_ANSWERS.has(String(response.headers['content-type']))) return null;
  let message: unknown;
  try {
    message = response.json().message;
  } catch {
    return `not JSON: ${response.body.slice(0, 80)}`;
  }
  if (response.statusCode >= 500) return `${response.statusCode} ${String(message)}`;
  if (response.statusCode === 401 && expectsOwnToken(operation.path)) return 'signed out';
  if (response.statusCode >= 400 && typeof message !== 'string') return `${response.statusCode} without a message`;
  if (typeof message === 'string' && TECHNICAL.test(message)) return `technical message: ${message}`;
  return null;
}

async function send(
  operation: Operation,
  options: { path?: string; body?: unknown; rawBody?: string; query?: string },
) {
  const url = (options.path ?? fillPath(operation.path, '1')) + (options.query ? `?${options.query}` : '');
  const hasBody = options.rawBody !== undefined || options.body !== undefined;
  return t.request({
    method: operation.method as 'POST',
    url,
    token,
    ...(hasBody
      ? {
          headers: { 'content-type': 'application/json' },
          payload: options.rawBody ?? JSON.stringify(options.body),
        }
      : {}),
  });
}

const withBody = () => operations.filter((operation) => operation.body);
const describeValue = (value: unknown) => JSON.stringify(value)?.slice(0, 40);

describe('bad input on every endpoint', () => {
  it('answers a cut-off multipart body with 400 in the app’s shape on the import route, not 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/business/import/preview',
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: msg.badRequest });
  });

  it('finds the endpoints in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(withBody().length).toBeGreaterThan(15);
  });

  it('answers malformed ids, ids past int4, NUL and lone surrogates in paths with a plain 4xx', async () => {
    const badIds = ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '999999', '\u0000', '\ud800', '1e3'];
    const failures: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.pathParams.length)) {
      for (const id of badIds) {
        const response = await send(operation, {
          path: fillPath(operation.path, id),
          body: operation.body ? exampleOf(operation.body) : undefined,
        });
        const problem = problemWith(operation, response);
        if (problem || (response.statusCode < 400 && id !== '1e3')) {
          failures.push(
            `${operation.method} ${operation.path} id=${describeValue(id)} → ${response.statusCode} ${problem}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every input that broke us before, in every query parameter', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((candidate) => Object.keys(candidate.query).length)) {
      for (const name of Object.keys(operation.query)) {
        for (const value of NASTY_VALUES) {
          const query = `${name}=${encodeAny(typeof value === 'string' ? value : JSON.stringify(value))}`;
          const response = await send(operation, { query });
          const problem = problemWith(operation, response);
          if (problem) failures.push(`${operation.method} ${operation.path}?${query} → ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every input that broke us before, in every field of every body', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const operation of withBody()) {
      const example = exampleOf(operation.body ?? {});
      for (const leaf of leafPaths(example)) {
        for (const value of NASTY_VALUES) {
          const response = await send(operation, { body: withLeaf(example, leaf, value) });
          sent += 1;
          const problem = problemWith(operation, response);
          if (problem)
            failures.push(
              `${operation.method} ${operation.path} ${leaf.join('.')}=${describeValue(value)} → ${problem}`,
            );
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // Over 1,500 requests now that documents and the calendar joined: room for a busy machine.
  }, 120_000);

  it('refuses a 1 MB string in any field with a 4xx, not a 500', async () => {
    const megabyte = 'x'.repeat(1_000_000);
    const failures: string[] = [];
    for (const operation of withBody()) {
      const example = exampleOf(operation.body ?? {});
      for (const leaf of leafPaths(example)) {
        const response = await send(operation, { body: withLeaf(example, leaf, megabyte) });
        const problem = problemWith(operation, response) ?? (response.statusCode < 400 ? 'accepted' : null);
        if (problem) failures.push(`${operation.method} ${operation.path} ${leaf.join('.')} → ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    // A megabyte into every field of every body: 2 s on a quiet machine, past 30 s beside the browser tests.
  }, 120_000);

  it('judges a body with a __proto__ or constructor key on its fields, not as broken JSON', async () => {
    const failures: string[] = [];
    for (const operation of withBody()) {
      const example = JSON.stringify(exampleOf(operation.body ?? {}));
      if (!example.startsWith('{')) continue;
      for (const poison of ['"__proto__":{"role":"owner"},', '"constructor":{"prototype":{"x":1}},']) {
        // A body without fields ('{}') takes the key alone, without the comma.
        const rawBody = example === '{}' ? `{${poison.slice(0, -1)}}` : `{${poison}${example.slice(1)}`;
        const response = await send(operation, { rawBody });
        const problem = problemWith(operation, response);
        if (problem)
          failures.push(`${operation.method} ${operation.path} ${poison} → ${response.statusCode} ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed bodies (wrong shapes and types) with a Spanish 4xx', async () => {
    const badBodies: unknown[] = [{}, [], 'texto', 42, null, { name: { $gt: '' }, email: ['a'], id: 'x' }];
    const failures: string[] = [];
    for (const operation of operations.filter((candidate) => ['POST', 'PUT'].includes(candidate.method))) {
      // A body whose fields are all optional ('Activar todo' defaults its date) rightly takes any object.
      const required = operation.body?.required ?? [];
      for (const body of badBodies) {
        if (required.length === 0 && body !== null && typeof body === 'object' && !Array.isArray(body)) continue;
        const response = await send(operation, { body });
        const problem = problemWith(operation, response) ?? (response.statusCode < 400 ? 'accepted' : null);
        if (problem) failures.push(`${operation.method} ${operation.path} ${describeValue(body)} → ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('property: bodies generated from each request schema never get a 500 or a technical message', async () => {
    const failures: string[] = [];
    for (const operation of withBody()) {
      await fc
        .assert(
          fc.asyncProperty(arbitraryOf(operation.body ?? {}), async (body) => {
            const response = await send(operation, { body });
            const problem = problemWith(operation, response);
            if (problem) failures.push(`${operation.method} ${operation.path} ${describeValue(body)} → ${problem}`);
            return problem === null;
          }),
          { numRuns: 25, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
