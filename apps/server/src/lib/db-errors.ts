/** PostgreSQL error codes, the same from PGlite and node-postgres (possibly wrapped by Drizzle). */
function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Node's codes for a connection that could not be made or broke. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres's messages for a connection lost or not made in time. */
const CONNECTION_LOST =
  /^Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/;

/**
 * The database could not be reached, or dropped the connection, while the statement ran (a
 * restart, a failover, the network): PostgreSQL's connection exceptions (class 08) and shutdowns
 * (57P01–57P03), or the socket's own failure.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^08[0-9A-Z]{3}$|^57P0[123]$/.test(code) || CONNECTION_ERROR_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
/**
 * A delete refused because another row still references it through an `on delete restrict` key
 * (a task's responsible): PGlite reports restrict_violation, PostgreSQL foreign_key_violation.
 */
export const isStillReferenced = (error: unknown) => ['23001', '23503'].includes(pgCode(error) ?? '');

/**
 * What may be logged of a failed statement: the SQL text and PostgreSQL's code and object names.
 * Never its parameters (a failed user insert would write the password hash into the log), nor
 * PostgreSQL's message or detail, which quote the offending values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string') return { type: error.name, message: error.message, stack: error.stack };
  const cause = (error as { cause?: Record<string, unknown> }).cause ?? {};
  const pick = (key: string) => (typeof cause[key] === 'string' ? cause[key] : undefined);
  return {
    type: 'DatabaseError',
    message: 'Failed query',
    query,
    code: pgCode(error),
    table: pick('table'),
    column: pick('column'),
    constraint: pick('constraint'),
    routine: pick('routine'),
    // The first lines of the stack repeat the message, parameters included: keep only the frames.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

/** Refused for want of a right (42501): a role without the privilege, or the activity log's own trigger. */
export function isInsufficientPrivilege(error: unknown): boolean {
  return pgCode(error) === '42501';
}
