import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { ensureFirstOwner } from './first-owner.ts';
import { users } from './users.tables.ts';

describe('the first owner', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is created once when several instances start at the same moment on a new database, and one password is announced', async () => {
    const announced: string[] = [];
    const admin = { email: 'primera@estudio.cl' };
    await Promise.all(
      Array.from({ length: 3 }, () => ensureFirstOwner(database.db, admin, (message) => announced.push(message))),
    );
    const owners = await database.db.select().from(users).where(eq(users.email, admin.email));
    expect(owners).toHaveLength(1);
    expect(owners[0]?.role).toBe('owner');
    expect(announced).toHaveLength(1);
  });
});
