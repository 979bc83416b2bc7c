import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { changedFields, recordActivity } from './activity-log.ts';
import { activity } from './schema/activity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the activity log', () => {
  it('writes who (with the name as it is now), from where, what and which company, without secret keys', async () => {
    const company = await insertBusiness(t, { name: 'Comercial Los Aromos SpA' });
    const owner = await t.userWithRole('owner', { name: 'Carolina', lastName: 'Pérez' });
    await recordActivity(
      t.database.db,
      { userId: owner.id, ip: '127.0.0.9' },
      {
        kind: 'credential',
        action: 'updated',
        recordId: 7,
        recordLabel: 'SII',
        businessId: company.id,
        details: { before: { user: 'a', password: 'viejo' }, after: { user: 'b', passwordHash: 'x', token: 'y' } },
      },
    );
    const [row] = await t.database.db.select().from(activity).where(eq(activity.recordId, '7'));
    expect(row).toMatchObject({
      actorId: owner.id,
      actorName: 'Carolina Pérez',
      ip: '127.0.0.9',
      kind: 'credential',
      action: 'updated',
      recordLabel: 'SII',
      businessId: company.id,
      businessName: 'Comercial Los Aromos SpA',
      details: { before: { user: 'a' }, after: { user: 'b' } },
    });
  });

  it("names the users and companies its details refer to by id ('Encargado: Carolina Pérez')", async () => {
    const company = await insertBusiness(t, { name: 'Ferretería El Roble' });
    const staff = await t.userWithRole('collaborator', { name: 'Javier', lastName: 'Soto' });
    await recordActivity(
      t.database.db,
      { userId: null, ip: null },
      {
        kind: 'company',
        action: 'updated',
        recordId: 'nombres',
        details: {
          before: { responsibleUserId: null, businessId: 999_999 },
          after: { responsibleUserId: staff.id, responsableId: staff.id, businessId: company.id },
        },
      },
    );
    const [row] = await t.database.db.select().from(activity).where(eq(activity.recordId, 'nombres'));
    expect(row?.details).toEqual({
      before: { responsibleUserId: null, businessId: '#999999' },
      after: { responsibleUserId: 'Javier Soto', responsableId: 'Javier Soto', businessId: 'Ferretería El Roble' },
    });
  });

  it('refuses to change or remove an entry, and a truncate, whoever asks', async () => {
    await recordActivity(t.database.db, { userId: null, ip: null }, { kind: 'backup', action: 'downloaded' });
    await expect(t.database.db.update(activity).set({ action: 'deleted' })).rejects.toThrow();
    await expect(t.database.db.delete(activity)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate activity`)).rejects.toThrow();
    const rows = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(activity);
    expect(rows[0]?.count).toBeGreaterThanOrEqual(2);
  });

  it('summarises only the named fields that changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: new Date(0) }, { a: 2, b: 'x', c: new Date(0) }, ['a', 'b', 'c'])).toEqual({
      before: { a: 1 },
      after: { a: 2 },
    });
    expect(changedFields({ a: 1 }, { a: 1 }, ['a'])).toBeNull();
  });
});
