import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface AppSecrets {
  tokenSecret: string;
  encryptionKey: Buffer;
  /** Web Push (VAPID) key pair, base64url: the public key is the browser's applicationServerKey. */
  vapid: { publicKey: string; privateKey: string };
}

/** The settings secrets come from (config.ts's names; the app's config fits as it is). */
export interface SecretSettings {
  DATA_DIR: string;
  TOKEN_SECRET?: string;
  ENCRYPTION_KEY?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

type StoredSecrets = Partial<Record<'tokenSecret' | 'encryptionKey' | 'vapidPublicKey' | 'vapidPrivateKey', string>>;

/** A P-256 key pair in the raw base64url form Web Push uses (public key 0x04‖x‖y, private key d). */
function generateVapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x ?? '', 'base64url'),
    Buffer.from(pub.y ?? '', 'base64url'),
  ]);
  return { publicKey: raw.toString('base64url'), privateKey: priv.d ?? '' };
}

/**
 * Secrets come from the environment; when absent (the embedded default) they are generated once
 * and kept in DATA_DIR/secrets.json, readable only by the owner of the process.
 */
export function loadSecrets(config: SecretSettings): AppSecrets {
  const file = path.join(config.DATA_DIR, 'secrets.json');
  const stored: StoredSecrets = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const next: StoredSecrets = { ...stored };

  next.tokenSecret ??= randomBytes(48).toString('base64');
  next.encryptionKey ??= randomBytes(32).toString('base64');
  if (!next.vapidPublicKey || !next.vapidPrivateKey) {
    const keys = generateVapidKeys();
    next.vapidPublicKey = keys.publicKey;
    next.vapidPrivateKey = keys.privateKey;
  }
  if (JSON.stringify(next) !== JSON.stringify(stored)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }

  const useEnvVapid = Boolean(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY);
  return {
    tokenSecret: config.TOKEN_SECRET ?? (next.tokenSecret as string),
    encryptionKey: Buffer.from(config.ENCRYPTION_KEY ?? (next.encryptionKey as string), 'base64'),
    vapid: {
      publicKey: useEnvVapid ? (config.VAPID_PUBLIC_KEY as string) : (next.vapidPublicKey as string),
      privateKey: useEnvVapid ? (config.VAPID_PRIVATE_KEY as string) : (next.vapidPrivateKey as string),
    },
  };
}
