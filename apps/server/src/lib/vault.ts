import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Encrypts secrets at rest (portal passwords, OAuth tokens, TOTP secrets) with AES-256-GCM: a
 * fresh random IV per value and the
 * authentication tag, stored as `v1:iv:tag:data` in base64. Decrypting a tampered value, or with
 * another key, throws.
 */
export interface Vault {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function createVault(key: Buffer): Vault {
  if (key.length !== 32) throw new Error('La clave de cifrado debe tener 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, data, ...rest] = stored.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined || rest.length > 0) {
        throw new Error('Valor cifrado con formato desconocido');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
