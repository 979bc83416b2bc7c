// `npm run bench -- uploads`: 8 parallel uploads of 20 PDFs × (FILE_MAX_MB − 1) MB each, against
// the production server as `npm start` runs it, while its RSS is sampled. The bodies are generated
// as streams (one 64 KB block written again and again), never held in this process either.
import http from 'node:http';
import { currentPeriod } from '@app/shared/period';
import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { rssMb, withPeakRss } from './load.ts';

export const UPLOADS = { parallel: 8, files: 20, fileMaxMb: 20 } as const;
/**
 * How much the server's RSS may grow with 8 maximal uploads in flight: each streams through a
 * few 64 KB buffers (one 5 MiB part on S3), so growth stays far below one file (was +1,571 MB).
 */
export const UPLOAD_RSS_BUDGET_MB = 100;

export const DOWNLOADS = { parallel: 16, megabytes: 19.5 } as const;
/** How much RSS may grow with 16 downloads of one 19.5 MB file in flight: they stream (was +310 MB, kept after). */
export const DOWNLOAD_RSS_BUDGET_MB = 50;

/** Downloads the link, discarding the bytes as they arrive; answers the status and the byte count. */
export function download(url: string) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** A company folder of the current period to upload into, made through the API. */
export async function uploadFolder(base: string, token: string): Promise<number> {
  const { service } = await api<{ service: { id: number } }>(base, token, 'POST', '/api/service', {
    name: `Subidas ${Date.now()}`,
    startMonthDay: 1,
    lastMonthDay: 20,
    order: 99,
  });
  const { folder } = await api<{ folder: { id: number } }>(base, token, 'POST', `/api/service/${service.id}/folder`, {
    name: 'Subidas',
  });
  const body = 70_000_000 + Math.floor(Math.random() * 9_000_000);
  const { business } = await api<{ business: { id: number } }>(base, token, 'POST', '/api/business', {
    name: `Empresa subidas ${body}`,
    razonSocial: `Empresa subidas ${body} SpA`,
    rut: formatRut(`${body}${computeRutCheckDigit(body)}`),
    startContract: '2020-01-01',
    endContract: '2099-12-31',
    legalRepresentative: 'Ana Pérez',
    contact: 'subidas@empresa.cl',
  });
  await api(base, token, 'POST', `/api/business/${business.id}/service`, {
    serviceId: service.id,
    startDate: '2020-01-01',
  });
  const { year, month } = currentPeriod();
  const view = await api<{ folder: { businessFolderId: number } }>(
    base,
    token,
    'GET',
    `/api/business/${business.id}/folder/${folder.id}/year/${year}/month/${month}`,
  );
  return view.folder.businessFolderId;
}

/** One upload of `files` PDFs of `bytes` each, streamed out block by block; answers its status. */
export function streamUpload(base: string, token: string, folderId: number, files: number, bytes: number) {
  return sendUpload(base, token, folderId, files, bytes).then((answer) => answer.status);
}

/** The same upload, answering its status and its (JSON) body. */
export function sendUpload(base: string, token: string, folderId: number, files: number, bytes: number) {
  const url = new URL(`${base}/api/business-folder/${folderId}/file`);
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from('%PDF-1.7\n% bench\n');
  const tail = Buffer.from('\ntrailer <<>>\n%%EOF\n');
  const block = Buffer.alloc(64 * 1024, 32);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    const write = (chunk: Buffer | string) =>
      request.write(chunk) ? Promise.resolve() : new Promise<void>((drained) => request.once('drain', drained));
    (async () => {
      for (let file = 0; file < files; file += 1) {
        await write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${file}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        );
        await write(head);
        let left = bytes - head.length - tail.length;
        while (left > 0) {
          const piece = left >= block.length ? block : block.subarray(0, left);
          await write(piece);
          left -= piece.length;
        }
        await write(tail);
        await write('\r\n');
      }
      request.end(`--${boundary}--\r\n`);
    })().catch(reject);
  });
}

/** Runs the part; `report` adds rows to the bench table. */
export async function benchUploads(
  kind: string,
  base: string,
  token: string,
  pid: number,
  report: (...cells: (string | number)[]) => void,
) {
  const folderId = await uploadFolder(base, token);
  const bytes = (UPLOADS.fileMaxMb - 1) * 1024 * 1024;
  const atRestMb = rssMb(pid);
  const started = performance.now();
  const { result: statuses, peakMb } = await withPeakRss(pid, () =>
    Promise.all(
      Array.from({ length: UPLOADS.parallel }, () => streamUpload(base, token, folderId, UPLOADS.files, bytes)),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const totalMb = (UPLOADS.parallel * UPLOADS.files * bytes) / 2 ** 20;
  const ok = statuses.every((status) => status === 201);
  report(
    kind,
    `${UPLOADS.parallel} parallel uploads of ${UPLOADS.files} × ${UPLOADS.fileMaxMb - 1} MB PDFs (${totalMb.toFixed(0)} MB, ${seconds.toFixed(1)} s${ok ? ', all 201' : `, statuses ${statuses.join(',')}`})`,
    '',
    '',
    `RSS ${atRestMb.toFixed(0)} → peak ${peakMb.toFixed(0)} MB: +${(peakMb - atRestMb).toFixed(0)} MB ${peakMb - atRestMb < UPLOAD_RSS_BUDGET_MB && ok ? '✔' : '✘'} (budget +${UPLOAD_RSS_BUDGET_MB} MB)`,
  );
}

/**
 * 16 parallel downloads of one 19.5 MB PDF through its signed link, the server's RSS before,
 * at its peak and a few seconds after (a download that held the file in memory kept the growth).
 */
export async function benchDownloads(
  kind: string,
  base: string,
  token: string,
  pid: number,
  report: (...cells: (string | number)[]) => void,
) {
  const folderId = await uploadFolder(base, token);
  const bytes = Math.round(DOWNLOADS.megabytes * 1024 * 1024);
  const uploaded = await sendUpload(base, token, folderId, 1, bytes);
  if (uploaded.status !== 201) throw new Error(`upload for the downloads: ${uploaded.status} ${uploaded.body}`);
  const [file] = (JSON.parse(uploaded.body) as { files: { url: string }[] }).files;
  const url = `${base}${file?.url ?? ''}`;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const beforeMb = rssMb(pid);
  const started = performance.now();
  const { result: answers, peakMb } = await withPeakRss(pid, () =>
    Promise.all(Array.from({ length: DOWNLOADS.parallel }, () => download(url))),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const afterMb = rssMb(pid);
  const ok = answers.every((answer) => answer.status === 200 && answer.bytes === bytes);
  report(
    kind,
    `${DOWNLOADS.parallel} parallel downloads of one ${DOWNLOADS.megabytes} MB PDF through its signed link (${seconds.toFixed(1)} s${ok ? ', all 200 and whole' : `, statuses ${answers.map((answer) => `${answer.status}/${answer.bytes}`).join(',')}`})`,
    '',
    '',
    `RSS ${beforeMb.toFixed(0)} → peak ${peakMb.toFixed(0)} → ${afterMb.toFixed(0)} MB after: +${(peakMb - beforeMb).toFixed(0)} MB ${peakMb - beforeMb < DOWNLOAD_RSS_BUDGET_MB && ok ? '✔' : '✘'} (budget +${DOWNLOAD_RSS_BUDGET_MB} MB)`,
  );
}
