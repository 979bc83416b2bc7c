import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';

// Owned by the credentials module (credentials.repository.ts). The company page reads them through its
// listSummaries function; a password leaves the module only decrypted for the staff who ask for it.

/** Portal credentials; the password is AES-256-GCM ciphertext (`v1:iv:tag:data`, base64), never plain. */
export const businessPasswords = pgTable('business_passwords', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  user: text('user').notNull(),
  portal: text('portal', { enum: ['sii', 'DT', 'previred', 'other'] }).notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
