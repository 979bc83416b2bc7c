import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.tables.ts';

// A platform table: only plugins/idempotency.ts reads and writes it, for any module's creating POST.

/**
 * A creating POST sent with an `Idempotency-Key` header: claimed before it runs (the primary key
 * lets one request of a user hold a key), and its answer kept once it succeeded, so that a retry
 * of the same submission answers the first result instead of writing again. Another user's key is
 * another row. Rows older than a day are removed as the same user claims new keys.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern, e.g. `POST /api/requests`. */
    route: text('route').notNull(),
    /** sha256 of the path parameters and the validated body: the same key with other data is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    /** The JSON answered, replayed as it was. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
