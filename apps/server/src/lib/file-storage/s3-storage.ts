import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import {
  assertStorageKey,
  isStorageKey,
  type RawFileStorage,
  type StoredKey,
  StoredObjectChangedError,
} from './storage.ts';

interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bytes per part of a multipart upload (S3's smallest is 5 MiB, except the last part). */
  partSize?: number;
}

const MiB = 1024 * 1024;

/** The text of each `<tag>` in an S3 XML answer (keys are UUIDs and dates ISO: nothing to unescape). */
const tagValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1] ?? '');

/**
 * What every object is written with: the app's own encryption makes the bytes opaque already;
 * S3's server-side encryption (SSE-S3) is asked for as well, so the provider's disks hold them
 * encrypted a second time, under its keys.
 */
const PUT_HEADERS = { 'content-type': 'application/octet-stream', 'x-amz-server-side-encryption': 'AES256' };

/** S3-compatible object storage (AWS, MinIO, R2…), path-style addressing, requests signed with SigV4. */
export function createS3Storage(options: S3Options): RawFileStorage {
  const partSize = Math.max(options.partSize ?? 5 * MiB, 5 * MiB);
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => {
    assertStorageKey(key);
    return `${base}/${key}`;
  };
  /** The storage's answer, without echoing anything signed. */
  const failure = async (response: Response, action: string) =>
    new Error(`almacenamiento S3: ${action} respondió ${response.status} ${(await response.text()).slice(0, 200)}`);

  async function putObject(key: string, bytes: Buffer) {
    const response = await client.fetch(urlOf(key), {
      method: 'PUT',
      body: bytes,
      headers: { ...PUT_HEADERS, 'content-length': String(bytes.length) },
    });
    if (!response.ok) throw await failure(response, 'PUT');
  }

  /** One multipart upload: parts are sent as they fill, so one part at most is held in memory. */
  async function startMultipart(key: string) {
    const created = await client.fetch(`${urlOf(key)}?uploads`, { method: 'POST', headers: PUT_HEADERS });
    if (!created.ok) throw await failure(created, 'CreateMultipartUpload');
    const uploadId = tagValues(await created.text(), 'UploadId')[0];
    if (!uploadId) throw new Error('almacenamiento S3: CreateMultipartUpload sin UploadId');
    const query = `uploadId=${encodeURIComponent(uploadId)}`;
    const etags: string[] = [];
    return {
      async send(bytes: Buffer) {
        const response = await client.fetch(`${urlOf(key)}?partNumber=${etags.length + 1}&${query}`, {
          method: 'PUT',
          body: bytes,
          headers: { 'content-length': String(bytes.length) },
        });
        if (!response.ok) throw await failure(response, 'UploadPart');
        etags.push(response.headers.get('etag') ?? '');
      },
      async complete() {
        const body = `<CompleteMultipartUpload>${etags
          .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
          .join('')}</CompleteMultipartUpload>`;
        const response = await client.fetch(`${urlOf(key)}?${query}`, { method: 'POST', body });
        const text = await response.text();
        // S3 may answer 200 with an error inside the body.
        if (!response.ok || text.includes('<Error>')) {
          throw new Error(
            `almacenamiento S3: CompleteMultipartUpload respondió ${response.status} ${text.slice(0, 200)}`,
          );
        }
      },
      /** Frees the parts sent so far (a storage without it keeps them until its own clean-up). */
      async abort() {
        await client.fetch(`${urlOf(key)}?${query}`, { method: 'DELETE' }).catch(() => undefined);
      },
    };
  }

  return {
    kind: 's3',
    put: putObject,
    async write(key, source) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let size = 0;
      let multipart: Awaited<ReturnType<typeof startMultipart>> | null = null;
      const take = () => {
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        return bytes;
      };
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          size += chunk.length;
          if (pendingBytes >= partSize) {
            multipart ??= await startMultipart(key);
            await multipart.send(take());
          }
        }
        if (multipart) {
          if (pendingBytes > 0) await multipart.send(take());
          await multipart.complete();
        } else {
          // Smaller than one part: one PUT.
          await putObject(key, take());
        }
        return size;
      } catch (error) {
        pending = [];
        await multipart?.abort();
        throw error;
      }
    },
    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, 'GET');
      return Buffer.from(await response.arrayBuffer());
    },
    async open(key, range) {
      const response = await client.fetch(urlOf(key), {
        headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, 'GET');
      if (!response.body) return Readable.from([]);
      // Read from S3 as the reader takes it: the web stream is pulled, never gathered.
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    async openStored(key, headBytes) {
      const first = await client.fetch(urlOf(key), { headers: { range: `bytes=0-${headBytes - 1}` } });
      if (first.status === 404) return null;
      // An empty object has no byte 0: S3 answers 416.
      if (first.status === 416) {
        await first.body?.cancel();
        const empty = await client.fetch(urlOf(key), { method: 'HEAD' });
        if (empty.status === 404) return null;
        if (!empty.ok) throw await failure(empty, 'HEAD');
        return { size: 0, head: Buffer.alloc(0), stream: async () => Readable.from([]), close: async () => undefined };
      }
      if (!first.ok) throw await failure(first, 'GET');
      const etag = first.headers.get('etag');
      let size: number;
      let head: Buffer;
      if (first.status === 206) {
        size = Number(/\/(\d+)$/.exec(first.headers.get('content-range') ?? '')?.[1] ?? Number.NaN);
        head = Buffer.from(await first.arrayBuffer());
      } else {
        // The whole object came (a storage that ignores Range): its first bytes are enough.
        size = Number(first.headers.get('content-length') ?? Number.NaN);
        head = Buffer.alloc(0);
        const reader = first.body?.getReader();
        while (reader && head.length < headBytes) {
          const { value, done } = await reader.read();
          if (done) break;
          head = Buffer.concat([head, value]);
        }
        await reader?.cancel();
        head = head.subarray(0, headBytes);
      }
      if (!Number.isSafeInteger(size)) throw new Error('almacenamiento S3: GET sin tamaño del objeto');
      return {
        size,
        head,
        async stream(start, end) {
          // The same version of the object, or a StoredObjectChangedError (a job replaced it meanwhile).
          const response = await client.fetch(urlOf(key), {
            headers: { range: `bytes=${start}-${end}`, ...(etag ? { 'if-match': etag } : {}) },
          });
          if (response.status === 412 || response.status === 404 || (etag && response.headers.get('etag') !== etag)) {
            await response.body?.cancel();
            throw new StoredObjectChangedError(key);
          }
          if (!response.ok) throw await failure(response, 'GET');
          if (!response.body) return Readable.from([]);
          return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
        },
        close: async () => undefined,
      };
    },
    async remove(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE');
    },
    async *list(after?: string): AsyncGenerator<StoredKey> {
      let token: string | undefined;
      do {
        const query = `list-type=2&max-keys=1000${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}${after && !token ? `&start-after=${encodeURIComponent(after)}` : ''}`;
        const response = await client.fetch(`${base}?${query}`);
        if (!response.ok) throw await failure(response, 'ListObjectsV2');
        const xml = await response.text();
        for (const block of xml.split('<Contents>').slice(1)) {
          const key = tagValues(block, 'Key')[0] ?? '';
          const modified = tagValues(block, 'LastModified')[0];
          if (isStorageKey(key) && modified) yield { key, modifiedAt: new Date(modified) };
        }
        token = tagValues(xml, 'IsTruncated')[0] === 'true' ? tagValues(xml, 'NextContinuationToken')[0] : undefined;
      } while (token);
    },
    /**
     * An upload cut by a crash leaves an unfinished multipart upload, not an object: S3 drops
     * those by the bucket's lifecycle rule (AbortIncompleteMultipartUpload), see the README.
     */
    async removePartials() {
      return 0;
    },
  };
}
