import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser vendor's push service (RFC 8030, RFC 8292), for tests only. The
 * first path segment of a subscription's endpoint says how it answers, as the real services do:
 * - `ok`: 201 Created with a Location header naming the stored message (RFC 8030 section 5);
 * - `gone` / `unknown`: 410 Gone / 404 Not Found, the subscription no longer exists (section 7.3);
 * - `too-large`: 413 Payload Too Large (section 7.2); `busy`: 429 Too Many Requests with Retry-After (section 8.4);
 * - `broken`: 500.
 * A message without a VAPID Authorization header is refused with 401 (RFC 8292 section 4).
 */
export type FakePushBehaviour = 'ok' | 'gone' | 'unknown' | 'too-large' | 'busy' | 'broken';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const STATUS: Record<FakePushBehaviour, number> = {
  ok: 201,
  gone: 410,
  unknown: 404,
  'too-large': 413,
  busy: 429,
  broken: 500,
};

export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  let messages = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const behaviour = path.split('/')[1] as FakePushBehaviour;
      if (request.method !== 'POST' || !(behaviour in STATUS)) {
        response.writeHead(404).end();
        return;
      }
      if (!request.headers.authorization?.startsWith('vapid ')) {
        response.writeHead(401).end();
        return;
      }
      const status = STATUS[behaviour];
      const headers: Record<string, string> = {};
      if (status === 201) headers.location = `/message/${++messages}`;
      if (status === 429) headers['retry-after'] = '120';
      response.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A browser's endpoint on this service answering as `behaviour`. */
    endpoint: (behaviour: FakePushBehaviour) => `${origin}/${behaviour}/${randomBytes(8).toString('base64url')}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export function fakeBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts an aes128gcm message body (RFC 8188, keys per RFC 8291 section 3.4) as the browser does. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20] ?? 0;
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not the last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks a `vapid t=<JWT>, k=<public key>` Authorization header as a push service does (RFC 8292
 * sections 2 and 3): the JWT is ES256-signed by k and names the service's origin. Answers its claims.
 */
export function verifyVapidAuthorization(header: string, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error('not a VAPID Authorization header');
  const [, jwt = '', k = ''] = match;
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (payload.aud !== audience) throw new Error(`VAPID audience ${payload.aud} is not ${audience}`);
  return { publicKey: k, header: JSON.parse(Buffer.from(head, 'base64url').toString('utf8')), claims: payload };
}
