import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';

export interface AppSecrets {
  tokenSecret: string;
  encryptionKey: Buffer;
}

/**
 * Secrets come from the environment; when absent (the embedded default) they are generated once
 * and kept in DATA_DIR/secrets.json, readable only by the owner of the process.
 */
export function loadSecrets(config: AppConfig): AppSecrets {
  const file = path.join(config.DATA_DIR, 'secrets.json');
  let stored: { tokenSecret?: string; encryptionKey?: string } = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8'));

  const tokenSecret = config.TOKEN_SECRET ?? stored.tokenSecret ?? randomBytes(48).toString('base64');
  const encryptionKey = config.ENCRYPTION_KEY ?? stored.encryptionKey ?? randomBytes(32).toString('base64');

  if (!config.TOKEN_SECRET || !config.ENCRYPTION_KEY) {
    const next = {
      tokenSecret: config.TOKEN_SECRET ? stored.tokenSecret : tokenSecret,
      encryptionKey: config.ENCRYPTION_KEY ? stored.encryptionKey : encryptionKey,
    };
    if (next.tokenSecret !== stored.tokenSecret || next.encryptionKey !== stored.encryptionKey) {
      fs.mkdirSync(config.DATA_DIR, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
    }
  }
  return { tokenSecret, encryptionKey: Buffer.from(encryptionKey, 'base64') };
}
