import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * The manifest's signature: an HMAC-SHA256 of manifest.json's exact bytes, with a key derived from
 * the firm's ENCRYPTION_KEY (HKDF, a label of its own: the signing key is never the encryption key).
 * The manifest holds the sha256 of every other entry, so a valid signature vouches for the whole
 * archive; a changed row with its checksum recomputed no longer matches. The signature names its
 * key by an id (an HMAC of a label, not the key), so a restore tells an archive signed with another
 * firm's key from one altered after it was made.
 */

const SIGNING_LABEL = 'estudio-contable:backup-manifest-signature:v1';
const KEY_ID_LABEL = 'estudio-contable:backup-signing-key-id:v1';

export const SIGNATURE_ALGORITHM = 'HMAC-SHA256';

export const SignatureSchema = z.object({
  algorithm: z.literal(SIGNATURE_ALGORITHM),
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestSignature = z.infer<typeof SignatureSchema>;

/** The key that signs and verifies manifests, derived from the firm's ENCRYPTION_KEY. */
export function manifestSigningKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), SIGNING_LABEL, 32));
}

const keyIdOf = (signingKey: Buffer) =>
  createHmac('sha256', signingKey).update(KEY_ID_LABEL).digest('hex').slice(0, 16);

export function signManifest(manifestBytes: Buffer, encryptionKey: Buffer): ManifestSignature {
  const key = manifestSigningKey(encryptionKey);
  return {
    algorithm: SIGNATURE_ALGORITHM,
    keyId: keyIdOf(key),
    signature: createHmac('sha256', key).update(manifestBytes).digest('hex'),
  };
}

/**
 * What a restore can say of an archive's signature: `verified` with the firm's key; `unsigned`
 * (none, or unreadable); `foreign-key` (made with another key); `altered` (the firm's key, but the
 * manifest is not the one signed).
 */
export type SignatureCheck = 'verified' | 'unsigned' | 'foreign-key' | 'altered';

/** An unverified signature, as the restore's output and the activity log say it. */
export const UNVERIFIED_LABELS: Record<Exclude<SignatureCheck, 'verified'>, string> = {
  unsigned: 'sin firma',
  'foreign-key': 'firmado con otra clave',
  altered: 'modificado después de firmarse',
};

export function checkSignature(
  manifestBytes: Buffer,
  signatureText: string | null,
  encryptionKey: Buffer | null,
): SignatureCheck {
  if (signatureText === null) return 'unsigned';
  let parsed: ManifestSignature;
  try {
    const result = SignatureSchema.safeParse(JSON.parse(signatureText));
    if (!result.success) return 'unsigned';
    parsed = result.data;
  } catch {
    return 'unsigned';
  }
  if (!encryptionKey) return 'foreign-key';
  const key = manifestSigningKey(encryptionKey);
  if (parsed.keyId !== keyIdOf(key)) return 'foreign-key';
  const expected = createHmac('sha256', key).update(manifestBytes).digest();
  return timingSafeEqual(expected, Buffer.from(parsed.signature, 'hex')) ? 'verified' : 'altered';
}

/**
 * The firm's ENCRYPTION_KEY as this machine holds it, without creating one: the variable, else
 * DATA_DIR/secrets.json; null when neither is there (a new machine before its keys are copied).
 */
export function firmEncryptionKey(settings: { DATA_DIR: string; ENCRYPTION_KEY?: string }): Buffer | null {
  if (settings.ENCRYPTION_KEY) return Buffer.from(settings.ENCRYPTION_KEY, 'base64');
  try {
    const stored = JSON.parse(fs.readFileSync(path.join(settings.DATA_DIR, 'secrets.json'), 'utf8')) as {
      encryptionKey?: unknown;
    };
    return typeof stored.encryptionKey === 'string' ? Buffer.from(stored.encryptionKey, 'base64') : null;
  } catch {
    return null;
  }
}
