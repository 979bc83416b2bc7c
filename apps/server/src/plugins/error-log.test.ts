import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/users/users.tables.ts';
import { createTestApp, OWNER, type TestApp } from '../test/test-app.ts';

// A failed statement must not write its parameters to the log: for a user insert they hold the
// password hash.
describe('logging a failed database statement', () => {
  const lines: string[] = [];
  let t: TestApp;
  const SECRET_HASH = 'scrypt$secreto-que-no-debe-aparecer';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'error' }, { logStream: stream });
    // A write that fails in PostgreSQL: a second user with the first owner's e-mail.
    t.app.post('/api/test/failing-insert', async () => {
      await t.database.db
        .insert(users)
        .values({ name: 'Copia', email: OWNER.email, role: 'owner', passwordHash: SECRET_HASH });
      return { message: 'no debería llegar aquí' };
    });
  });
  afterAll(() => t.close());

  it('answers 500 with the generic message and logs the statement without its parameters', async () => {
    const response = await t.request({ method: 'POST', url: '/api/test/failing-insert' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe(
      `Ocurrió un error inesperado. Inténtalo de nuevo. Código de referencia: ${response.headers['x-request-id']}`,
    );
    const log = lines.join('\n');
    expect(log).not.toContain(SECRET_HASH);
    expect(log).not.toContain(OWNER.email);
    // Enough to find the failing statement: its SQL text and PostgreSQL's code.
    expect(log).toMatch(/insert into .{0,2}"users/);
    expect(log).toContain('23505');
  });
});
