import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { ensureFirstOwner } from '../modules/users/first-owner.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { demoServices } from './demo-services.ts';
import { DEMO_PASSWORD, ensureDemoOwner, seedDemoUsers } from './users.demo.ts';

describe('the demo users', () => {
  let testApp: TestApp | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await testApp?.close();
    await database?.close();
    testApp = undefined;
    database = undefined;
  });

  async function seedOn(prepare: (db: Database['db']) => Promise<void>) {
    database = await openTestDatabase();
    await prepare(database.db);
    // The app then starts as the demo starts it: its own first owner is made only when none exists.
    testApp = await createTestApp({}, { database });
    const report = await seedDemoUsers(demoServices(testApp.modules));
    const owners = (await testApp.modules.users.listStaff()).filter((user) => user.role === 'owner');
    return { report, owners: owners.map((user) => `${user.name} ${user.lastName} <${user.email}>`) };
  }

  it('on a new database make Carolina the first owner, so no Administrador account is left beside her', async () => {
    const { report, owners } = await seedOn((db) => ensureDemoOwner(db));
    expect(owners).toEqual(['Carolina Muñoz <carolina@estudio.cl>']);
    expect(report).toBe(`Usuarios del estudio: 3 creados (contraseña ${DEMO_PASSWORD}).`);
    expect(await testApp?.login('carolina@estudio.cl', DEMO_PASSWORD)).toEqual(expect.any(String));
  });

  it('after a server made its first owner from ADMIN_EMAIL, name that account in the report', async () => {
    const { report, owners } = await seedOn(async (db) => {
      await ensureFirstOwner(db, { email: 'admin@example.com', password: 'clave-del-servidor' });
      await ensureDemoOwner(db);
    });
    expect(owners).toEqual(['Administrador  <admin@example.com>', 'Carolina Muñoz <carolina@estudio.cl>']);
    expect(report.split('\n')).toEqual([
      `Usuarios del estudio: 4 creados (contraseña ${DEMO_PASSWORD}).`,
      'Además hay otro Dueño: Administrador (admin@example.com), creado antes de la demostración; puede eliminarlo en Usuarios si no lo usa.',
    ]);
  });
});
