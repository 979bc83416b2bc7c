import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type FileStorage } from './storage.ts';

interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3-compatible object storage (AWS, MinIO, R2…), path-style addressing, requests signed with SigV4. */
export function createS3Storage(options: S3Options): FileStorage {
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

  return {
    kind: 's3',
    async put(key, bytes) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/pdf', 'content-length': String(bytes.length) },
      });
      if (!response.ok) throw await failure(response, 'PUT');
    },
    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, 'GET');
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE');
    },
  };
}
