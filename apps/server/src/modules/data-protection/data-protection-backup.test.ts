import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Db, openDatabase } from '../../db/client.ts';
import { insertBusiness } from '../../test/factories.ts';
import { callerFor } from '../../test/route-suite.ts';
import { createTestApp, TEST_KEYS, type TestApp } from '../../test/test-app.ts';
import { restoreArchive } from '../backup/restore.ts';

// The data-protection module's tables travel in backups as every table does (the backup lists the
// database's tables): a restore brings back every request, incident, notice version, acknowledgement,
// hold, proposal and archive, and the activity log is append-only again afterwards.

vi.mock('@electric-sql/pglite', async (importOriginal) =>
  (await import('../../test/pglite-template.ts')).withInitdbTemplate(await importOriginal()),
);

const TABLES = [
  'rights_requests',
  'security_incidents',
  'privacy_notice_versions',
  'privacy_notice_acks',
  'legal_holds',
  'retention_proposals',
  'retention_proposal_files',
  'data_protection_settings',
  'activity_archives',
];

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-12-10T15:00:00Z') });
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'proteccion-datos-'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function rowsOf(db: Db, table: string): Promise<string[]> {
  const found = (await db.execute(
    sql.raw(`SELECT row_to_json(t)::text AS j FROM "public"."${table}" t`),
  )) as unknown as {
    rows: { j: string }[];
  };
  return found.rows.map((row) => row.j).sort();
}

it('restores every row of its tables, and the activity log refuses deletes again', { timeout: 120_000 }, async () => {
  const owner = callerFor(t, () => token);
  const token = await t.ownerToken();
  const company = await insertBusiness(t);
  const client = await t.userWithRole('client', { businessId: company.id });
  const ok = async (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBeLessThan(300);
  await ok(
    await owner.post('/api/data-protection/requests', {
      kind: 'portability',
      requesterName: 'Pedro Soto',
      requesterEmail: 'pedro@correo.cl',
      receivedOn: '2026-12-03',
      channel: 'form',
    }),
  );
  await ok(
    await owner.post('/api/data-protection/incidents', {
      detectedAt: '2026-12-01 09:30',
      description: 'Correo enviado a un destinatario equivocado',
      dataCategories: ['contact'],
      peopleAffected: 1,
      status: 'closed',
    }),
  );
  const published = await owner.post('/api/data-protection/notice', { text: 'Aviso de privacidad del estudio.' });
  await ok(published);
  await ok(
    await t.request({
      method: 'POST',
      url: '/api/privacy-notice/acknowledge',
      token: client.token,
      payload: { versionId: published.json().notice.current.id },
    }),
  );
  await ok(await owner.put(`/api/data-protection/holds/${company.id}`, { reason: 'Juicio' }));
  await ok(await owner.post('/api/data-protection/retention/proposals', {}));
  await ok(await owner.put('/api/data-protection/activity-log/settings', { years: 2 }));

  await t.database.db.execute(
    sql`insert into activity (at, kind, action, record_label) values ('2023-05-01 10:00:00-04', 'company', 'updated', 'Antigua')`,
  );
  const archive = await owner.get('/api/data-protection/activity-log/archive?format=csv');
  await ok(archive);
  await vi.waitFor(async () =>
    expect((await owner.get('/api/data-protection/retention')).json().activity.archives[0]?.completedAt).toBeTruthy(),
  );

  const before = Object.fromEntries(
    await Promise.all(TABLES.map(async (table) => [table, await rowsOf(t.database.db, table)] as const)),
  );
  const counts = Object.fromEntries(TABLES.map((table) => [table, before[table]?.length]));
  expect(counts).toEqual({
    rights_requests: 1,
    security_incidents: 1,
    privacy_notice_versions: 1,
    privacy_notice_acks: 1,
    legal_holds: 1,
    retention_proposals: 1,
    // No file of the company is past retention.
    retention_proposal_files: 0,
    data_protection_settings: 1,
    activity_archives: 1,
  });

  const made = await t.modules.backup.toFile({ withSecrets: false });
  const dataDir = path.join(scratch, 'data');
  await restoreArchive({
    archive: made.path,
    target: { kind: 'pglite', dataDir },
    settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey }),
  });
  const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    for (const table of TABLES) expect(await rowsOf(restored.db, table), table).toEqual(before[table]);
    await expect(restored.db.execute(sql`delete from activity`)).rejects.toThrow();
  } finally {
    await restored.close();
  }
});
