import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// A platform table: only db/key-fingerprints.ts reads and writes it, at each start.

/**
 * A fingerprint of each key the database's data depends on (TOKEN_SECRET, ENCRYPTION_KEY, the VAPID
 * key pair), written by the first start on the database: every later start, of any instance,
 * compares its own keys with it and refuses to start when one differs (db/key-fingerprints.ts).
 * The fingerprint is an HMAC made with the key, never the key.
 */
export const keyFingerprints = pgTable('key_fingerprints', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
