import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renamedExecutable } from '../../test/upload-fixtures.ts';
import { ORPHAN_AGE_MS } from './file-removals.ts';

let t: TestApp;
let token: string;
let folderId: number;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ FILE_MAX_MB: '1' });
  token = await t.ownerToken();
  const service = await createServiceWithStates(t, 'Contabilidad', [{ name: 'Pendiente', pctProgress: 0 }]);
  const created = await t.request({
    method: 'POST',
    url: `/api/service/${service.serviceId}/folder`,
    token,
    payload: { name: 'Balances' },
  });
  const company = await insertBusiness(t);
  await linkService(t, company.id, service.serviceId, '2020-01-01');
  const { year, month } = currentPeriod();
  const view = await t.request({
    method: 'GET',
    url: `/api/business/${company.id}/folder/${created.json().folder.id}/year/${year}/month/${month}`,
    token,
  });
  folderId = (view.json() as FolderView).folder?.businessFolderId ?? 0;
  const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  port = Number(address.port);
});
afterAll(() => t.close());

/** A PDF of about `bytes` bytes. */
const pdfOf = (bytes: number) => Buffer.concat([tinyPdf(), Buffer.alloc(Math.max(0, bytes - 300), 32), tinyPdf()]);

const filesDir = () => path.join(t.dataDir, 'files');

/** Every name under the storage folder (keys and temporary files). */
async function storedNames(): Promise<string[]> {
  const names: string[] = [];
  for (const folder of await fs.readdir(filesDir()).catch(() => [] as string[])) {
    names.push(...(await fs.readdir(path.join(filesDir(), folder))));
  }
  return names.sort();
}

/**
 * An upload over a real connection, its body written piece by piece (as a browser on a slow
 * network sends it), so a test can look at the server while the request is still arriving.
 */
function openUpload() {
  const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
  let answered = false;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/business-folder/${folderId}/file`,
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const response = new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      request.on('response', (incoming) => {
        answered = true;
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          body += chunk;
        });
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body, headers: incoming.headers }));
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
    },
  );
  const write = (bytes: Buffer | string) => new Promise<void>((resolve) => request.write(bytes, () => resolve()));
  return {
    response,
    get answered() {
      return answered;
    },
    startPart: (name: string) =>
      write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
    write,
    endPart: () => write('\r\n'),
    end: () => new Promise<void>((resolve) => request.end(`--${boundary}--\r\n`, () => resolve())),
    /** Sends the rest of a 1 MB body in pieces without waiting for the server (it may answer early). */
    async stream(total: number) {
      const piece = Buffer.alloc(64 * 1024, 32);
      for (let sent = 0; sent < total && !answered && !request.destroyed; sent += piece.length) await write(piece);
    },
  };
}

describe('uploads stream to storage', () => {
  it('stores each file while the rest of the request is still arriving', async () => {
    const before = await storedNames();
    const upload = openUpload();
    await upload.startPart('primero.pdf');
    await upload.write(pdfOf(300_000));
    await upload.endPart();
    await upload.startPart('segundo.pdf');
    await upload.write(pdfOf(200_000).subarray(0, 100_000));
    // The first file is in storage, complete, before the second has finished arriving.
    await vi.waitFor(
      async () => expect((await storedNames()).filter((name) => !before.includes(name))).toHaveLength(2),
      {
        timeout: 5000,
      },
    );
    const during = (await storedNames()).filter((name) => !before.includes(name));
    expect(during.filter((name) => name.endsWith('.tmp'))).toHaveLength(1);
    await upload.write(pdfOf(200_000).subarray(100_000));
    await upload.endPart();
    await upload.end();
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ count: 2 });
    const after = (await storedNames()).filter((name) => !before.includes(name));
    expect(after.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(after).toHaveLength(2);
  });

  it('cuts off a file over FILE_MAX_MB with 413 as it arrives, and leaves none of the request’s bytes stored', async () => {
    const before = await storedNames();
    const upload = openUpload();
    await upload.startPart('bueno.pdf');
    await upload.write(pdfOf(50_000));
    await upload.endPart();
    await upload.startPart('enorme.pdf');
    await upload.write(tinyPdf());
    // 4 MB more would follow; the server answers once it has read 1 MB of this file.
    await upload.stream(4 * 1024 * 1024);
    const answer = await upload.response;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(documentsMsg.tooLarge(1));
    await vi.waitFor(async () => expect(await storedNames()).toEqual(before));
  });

  it('leaves no bytes stored when a later file of the request is not an accepted kind (415) or one file too many (413)', async () => {
    const before = await storedNames();
    const notPdf = openUpload();
    await notPdf.startPart('bueno.pdf');
    await notPdf.write(pdfOf(50_000));
    await notPdf.endPart();
    await notPdf.startPart('virus.pdf');
    await notPdf.write(renamedExecutable());
    await notPdf.endPart();
    await notPdf.end();
    const refused = await notPdf.response;
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body).message).toBe(documentsMsg.notAccepted);
    expect(await storedNames()).toEqual(before);

    const tooMany = openUpload();
    for (let index = 0; index < 21; index += 1) {
      await tooMany.startPart(`archivo-${index}.pdf`);
      await tooMany.write(tinyPdf(String(index)));
      await tooMany.endPart();
    }
    await tooMany.end();
    const limited = await tooMany.response;
    expect(limited.status).toBe(413);
    expect(JSON.parse(limited.body).message).toBe(documentsMsg.tooManyFiles);
    expect(await storedNames()).toEqual(before);
  });

  it('streams 4 uploads at once; the next ones wait their turn, and past 32 waiting answers 503 in Spanish', async () => {
    // Four uploads holding their slot, each in the middle of a file.
    const holding = Array.from({ length: 4 }, () => openUpload());
    for (const upload of holding) {
      await upload.startPart('lento.pdf');
      await upload.write(tinyPdf().subarray(0, 50));
    }
    const waiting = Array.from({ length: 32 }, () => openUpload());
    for (const upload of waiting) {
      await upload.startPart('espera.pdf');
      await upload.write(tinyPdf('espera'));
      await upload.endPart();
      await upload.end();
    }
    const refused = openUpload();
    await refused.startPart('de-mas.pdf');
    const busy = await refused.response;
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body).message).toBe(documentsMsg.uploadsBusy);
    expect(busy.headers['retry-after']).toBe('60');
    // The waiting ones, whole bodies sent, are not refused: they have not been answered yet…
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(waiting.some((upload) => upload.answered)).toBe(false);
    // …and once the four finish, every one is stored.
    for (const upload of holding) {
      await upload.write(tinyPdf().subarray(50));
      await upload.endPart();
      await upload.end();
    }
    const answers = await Promise.all([...holding, ...waiting].map((upload) => upload.response));
    expect(answers.map((answer) => answer.status)).toEqual(Array(36).fill(201));
  });
});

describe('the connection of a refused upload', () => {
  /** Sends `body` on the agent's connection; answers the status, the body and whether the socket was reused. */
  function send(
    agent: http.Agent,
    options: { method: string; path: string; headers?: http.OutgoingHttpHeaders },
    body?: Buffer,
  ) {
    return new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, agent, ...options }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, reused: request.reusedSocket }),
        );
      });
      request.on('error', reject);
      // An answer that never comes fails the test here rather than at the test's own timeout.
      request.setTimeout(5000, () => request.destroy(new Error('sin respuesta en 5 s')));
      request.end(body);
    });
  }

  /** A multipart body of one file `name` with these bytes. */
  function multipartBody(name: string, bytes: Buffer) {
    const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
    return {
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  }

  async function refusedThenNext(name: string, bytes: Buffer) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { headers, body } = multipartBody(name, bytes);
      const refused = await send(
        agent,
        { method: 'POST', path: `/api/business-folder/${folderId}/file`, headers },
        body,
      );
      const next = await send(agent, { method: 'GET', path: '/api/health' });
      return { refused, next };
    } finally {
      agent.destroy();
    }
  }

  it('reads and drops the rest of a 2 MB non-PDF refused with 415 at its first bytes: the next request on that connection gets its answer', async () => {
    const { refused, next } = await refusedThenNext(
      'programa.bin',
      Buffer.concat([renamedExecutable(), Buffer.alloc(2 * 1024 * 1024, 1)]),
    );
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body).message).toBe(documentsMsg.notAccepted);
    expect([next.status, next.reused]).toEqual([200, true]);
  });

  it('closes the connection after the 415 when the body declares more than any upload may carry', async () => {
    const { headers, body } = multipartBody(
      'programa.bin',
      Buffer.concat([renamedExecutable(), Buffer.alloc(200_000, 1)]),
    );
    const closed = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/business-folder/${folderId}/file`,
        agent: false,
        // 20 files of 1 MB at most: 30 MB is more than any upload here may be.
        headers: { ...headers, 'content-length': String(30 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        response.resume();
        request.socket?.once('close', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      });
      request.on('error', () => undefined);
      request.setTimeout(5000, () => reject(new Error('la conexión sigue abierta tras 5 s')));
      request.write(body.subarray(0, body.length - 20));
    });
    expect(await closed).toEqual({ status: 415, connection: 'close' });
  });

  it('does the same when storage fails before reading the file', async () => {
    const write = vi.spyOn(t.modules.storage, 'write').mockRejectedValueOnce(new Error('almacenamiento caído'));
    try {
      const { refused, next } = await refusedThenNext(
        'balance.pdf',
        pdfOf(2 * 1024 * 1024 - 4096).subarray(0, 900_000),
      );
      expect(refused.status).toBe(500);
      expect([next.status, next.reused]).toEqual([200, true]);
    } finally {
      write.mockRestore();
    }
  });
});

describe('a file store that takes no writes', () => {
  const upload = () => {
    const { payload, headers } = multipartFiles([{ name: 'balance.pdf', bytes: tinyPdf('sin espacio') }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/business-folder/${folderId}/file`,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
  };

  it('answers 507 saying storage is full when the disk has no space left (ENOSPC), and stores nothing', async () => {
    const before = await storedNames();
    const full = Object.assign(new Error('ENOSPC: no space left on device, mkdir'), { code: 'ENOSPC' });
    const mkdir = vi.spyOn(fs, 'mkdir').mockRejectedValueOnce(full);
    try {
      const response = await upload();
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({ message: documentsMsg.storageFull });
    } finally {
      mkdir.mockRestore();
    }
    expect(await storedNames()).toEqual(before);
  });

  it('answers 503 saying storage takes no writes when it cannot be written (a read-only disk; its folder a file)', async () => {
    const readOnly = Object.assign(new Error('EROFS: read-only file system, mkdir'), { code: 'EROFS' });
    const mkdir = vi.spyOn(fs, 'mkdir').mockRejectedValueOnce(readOnly);
    try {
      const response = await upload();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: documentsMsg.storageReadOnly });
    } finally {
      mkdir.mockRestore();
    }
    // A plain file where the folder should be: no write can succeed, not even as root.
    const aside = `${filesDir()}.aparte`;
    await fs.rename(filesDir(), aside);
    await fs.writeFile(filesDir(), 'no es una carpeta');
    try {
      const response = await upload();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: documentsMsg.storageReadOnly });
    } finally {
      await fs.rm(filesDir());
      await fs.rename(aside, filesDir());
    }
  });
});

describe('stored bytes without a row', () => {
  /** Plants bytes under a fresh key, `ageMs` old. */
  async function plant(ageMs: number, suffix = '') {
    const key = crypto.randomUUID();
    const file = path.join(filesDir(), key.slice(0, 2), `${key}${suffix}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, tinyPdf('huérfano'));
    const at = new Date(Date.now() - ageMs);
    await fs.utimes(file, at, at);
    return `${key}${suffix}`;
  }

  async function uploadOne(): Promise<string> {
    const before = await storedNames();
    const upload = openUpload();
    await upload.startPart('con-fila.pdf');
    await upload.write(tinyPdf('con fila'));
    await upload.endPart();
    await upload.end();
    expect((await upload.response).status).toBe(201);
    const [key] = (await storedNames()).filter((name) => !before.includes(name));
    return key ?? '';
  }

  it('removes only keys with no file row older than an hour, and old *.tmp leftovers', async () => {
    const hour = ORPHAN_AGE_MS;
    const kept = await uploadOne();
    // A file with its row, however old, stays.
    const keptFile = path.join(filesDir(), kept.slice(0, 2), kept);
    const old = new Date(Date.now() - 3 * hour);
    await fs.utimes(keptFile, old, old);
    const oldOrphan = await plant(2 * hour);
    const youngOrphan = await plant(5 * 60_000);
    const oldPartial = await plant(2 * hour, `.${crypto.randomUUID()}.tmp`);
    const youngPartial = await plant(60_000, `.${crypto.randomUUID()}.tmp`);

    expect(await t.modules.documents.sweepOrphans()).toMatchObject({ removed: 1, partials: 1 });
    const names = await storedNames();
    expect(names).toContain(kept);
    expect(names).toContain(youngOrphan);
    expect(names).toContain(youngPartial);
    expect(names).not.toContain(oldOrphan);
    expect(names).not.toContain(oldPartial);
    expect(await t.modules.storage.get(kept)).not.toBeNull();
  });

  it("sweeps at start-up, at the scheduler's first tick", async () => {
    const oldOrphan = await plant(2 * ORPHAN_AGE_MS);
    const youngOrphan = await plant(60_000);
    const restarted = await createTestApp({ DATA_DIR: t.dataDir, SCHEDULER: 'on' }, { database: t.database });
    try {
      await restarted.app.ready();
      await vi.waitFor(async () => expect(await storedNames()).not.toContain(oldOrphan));
      expect(await storedNames()).toContain(youngOrphan);
    } finally {
      await restarted.close();
    }
  });
});
