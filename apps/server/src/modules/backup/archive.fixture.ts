import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { TEST_KEYS } from '../../test/test-app.ts';
import { MANIFEST_ENTRY, type Manifest, SIGNATURE_ENTRY } from './archive.ts';
import { signManifest } from './signature.ts';

/** The firm's key as the test apps hold it (TEST_KEYS): what a restore on the firm's machine verifies with. */
export const FIRM = { encryptionKey: Buffer.from(TEST_KEYS.encryptionKey, 'base64') };

async function readEntries(archive: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.end(gunzipSync(await fs.readFile(archive)));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

async function writeEntries(archive: string, entries: Map<string, Buffer>) {
  const pack = tar.pack();
  for (const [name, bytes] of entries) pack.entry({ name, mode: 0o600 }, bytes);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  await fs.writeFile(archive, gzipSync(Buffer.concat(chunks)));
}

/**
 * Rewrites an archive as someone holding it but not the firm's key could: `edit` changes entries,
 * the manifest's checksums and row counts are recomputed to match, and the signature is kept as it was
 * (`keep`), removed (`none`) or made with another key (a Buffer, an ENCRYPTION_KEY).
 */
export async function rewriteArchive(
  source: string,
  target: string,
  edit: (entries: Map<string, Buffer>) => void,
  signature: 'keep' | 'none' | Buffer,
) {
  const entries = await readEntries(source);
  const originalSignature = entries.get(SIGNATURE_ENTRY);
  entries.delete(SIGNATURE_ENTRY);
  const manifest = JSON.parse(entries.get(MANIFEST_ENTRY)?.toString('utf8') ?? '{}') as Manifest;
  entries.delete(MANIFEST_ENTRY);
  edit(entries);
  manifest.tables = manifest.tables.map((table) => ({
    ...table,
    rows: (entries.get(`db/${table.name}.jsonl`)?.toString('utf8') ?? '').split('\n').filter(Boolean).length,
  }));
  manifest.entries = Object.fromEntries(
    [...entries].map(([name, bytes]) => [
      name,
      { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length },
    ]),
  );
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
  entries.set(MANIFEST_ENTRY, manifestBytes);
  if (signature === 'keep' && originalSignature) entries.set(SIGNATURE_ENTRY, originalSignature);
  if (Buffer.isBuffer(signature)) {
    entries.set(SIGNATURE_ENTRY, Buffer.from(JSON.stringify(signManifest(manifestBytes, signature)), 'utf8'));
  }
  await writeEntries(target, entries);
}
