import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVault } from './vault.ts';

const vault = createVault(randomBytes(32));

describe('vault', () => {
  it('round-trips text, accents and empty strings', () => {
    for (const plain of ['Clave-Portal-2024', 'ñandú áéí 🔑', '']) {
      expect(vault.decrypt(vault.encrypt(plain))).toBe(plain);
    }
  });

  it('stores v1:iv:tag:data in base64 without the plain text, with a new IV each time', () => {
    const first = vault.encrypt('Clave-Portal-2024');
    const second = vault.encrypt('Clave-Portal-2024');
    expect(first).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]*$/);
    expect(first).not.toContain('Clave');
    expect(first).not.toBe(second);
    expect(Buffer.from(first.split(':')[1] ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(first.split(':')[2] ?? '', 'base64')).toHaveLength(16);
  });

  it('refuses a tampered value, another key and an unknown format', () => {
    const stored = vault.encrypt('Clave-Portal-2024');
    const [version, iv, tag, data] = stored.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => vault.decrypt([version, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => createVault(randomBytes(32)).decrypt(stored)).toThrow();
    expect(() => vault.decrypt('Clave-Portal-2024')).toThrow();
  });

  it('requires a 32-byte key', () => {
    expect(() => createVault(randomBytes(16))).toThrow();
  });
});
