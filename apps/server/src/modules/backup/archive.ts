import { z } from 'zod';

/*
 * The backup archive: a gzip'd tar, independent of the database it came from.
 *
 *   db/<table>.jsonl     one row per line, as PostgreSQL's row_to_json writes it (exact for bigint,
 *                        bytea, timestamps, json: PostgreSQL reads it back with json_populate_recordset)
 *   files/<storage key>  the bytes of every stored file the database snapshot references
 *   secrets.json         only with --with-secrets: the keys portal passwords and tokens need
 *   manifest.json        what the archive holds, with the sha256 and size of every other entry
 *   manifest.sig         last: the manifest's signature with the firm's key (signature.ts)
 */

export const ARCHIVE_FORMAT = 'estudio-contable-respaldo';
export const FORMAT_VERSION = 1;

export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;
export const SECRETS_ENTRY = 'secrets.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const SIGNATURE_ENTRY = 'manifest.sig';

/** What an entry's name says it holds; null for a name a backup of ours never writes. */
export function entryKind(
  name: string,
): { kind: 'table'; table: string } | { kind: 'file'; key: string } | { kind: 'secrets' } | null {
  const table = /^db\/(.+)\.jsonl$/.exec(name)?.[1];
  if (table !== undefined) return TABLE_NAME.test(table) ? { kind: 'table', table } : null;
  const key = /^files\/(.+)$/.exec(name)?.[1];
  if (key !== undefined) return STORAGE_KEY.test(key) ? { kind: 'file', key } : null;
  return name === SECRETS_ENTRY ? { kind: 'secrets' } : null;
}

const Checksum = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().nonnegative() });

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The migrations applied to the database copied, in order (drizzle's hash and timestamp). */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.string() })),
  tables: z.array(z.object({ name: z.string().regex(TABLE_NAME), rows: z.number().int().nonnegative() })),
  sequences: z.array(
    z.object({
      name: z.string().regex(TABLE_NAME),
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
      isCalled: z.boolean(),
    }),
  ),
  files: z.object({
    storage: z.enum(['disk', 's3']),
    included: z.boolean(),
    count: z.number().int().nonnegative(),
    /** Keys the snapshot named whose bytes were gone when copied and whose row is gone too (a file deleted meanwhile). */
    missing: z.array(z.string()),
    /**
     * Keys whose row still exists but whose bytes this instance's storage does not have (another
     * instance's own disk kept them); a restore lists them as files without bytes.
     */
    notInStorage: z.array(z.string()).default([]),
  }),
  secretsIncluded: z.boolean(),
  /** sha256 and size of every entry but the manifest. */
  entries: z.record(z.string(), Checksum),
});

export type Manifest = z.infer<typeof ManifestSchema>;

/** A refused backup or restore: the message (Spanish, plain) says what and why; nothing was changed. */
export class BackupError extends Error {}
