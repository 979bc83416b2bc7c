import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assembleApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { businessFiles } from '../modules/documents/documents.tables.ts';
import { openDatabase } from './client.ts';

// The DATA_DIR an earlier release left (its demo data: db/, files/, secrets.json), made by
// scripts/make-upgrade-fixture.ts from that release's commit and refreshed at each release.
const FIXTURE = path.resolve(import.meta.dirname, '../test/fixtures/upgrade');
const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'manifest.json'), 'utf8')) as {
  commit: string;
  counts: Record<string, number>;
  passwords: { id: number; businessId: number; password: string }[];
};
const journal = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
beforeAll(() => {
  execFileSync('tar', ['-xJf', path.join(FIXTURE, 'data.tar.xz'), '-C', dataDir]);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Always the embedded database: the fixture is its data directory (whatever DATABASE_URL says).
describe(`data made by the release ${manifest.commit.slice(0, 7)} opens with the current code`, () => {
  it('migrates, keeps every row of every table, decrypts every portal password and finds every stored file', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'carolina@estudio.cl',
      ADMIN_PASSWORD: 'demo1234',
    });
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const { app, modules } = await assembleApp({ config, database });
    try {
      const counts: Record<string, number> = {};
      for (const table of Object.keys(manifest.counts)) {
        const [schema, name] = table.split('.');
        const result = (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(schema ?? '')}.${sql.identifier(name ?? '')}`,
        )) as unknown as { rows: { n: number }[] };
        counts[table] = Number(result.rows[0]?.n);
      }
      // Every migration since that release was applied on top of its own.
      expect(counts['drizzle.__drizzle_migrations']).toBe(journal.entries.length);
      expect({ ...counts, 'drizzle.__drizzle_migrations': 0 }).toEqual({
        ...manifest.counts,
        'drizzle.__drizzle_migrations': 0,
      });

      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'carolina@estudio.cl', password: 'demo1234' },
      });
      expect(login.statusCode).toBe(200);
      const authorization = `Bearer ${login.json().token}`;
      expect(manifest.passwords.length).toBeGreaterThan(0);
      for (const expected of manifest.passwords) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/password/${expected.id}`,
          headers: { authorization },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().credential).toMatchObject({ businessId: expected.businessId });
        // The password itself only through a (logged) reveal.
        const revealed = await app.inject({
          method: 'POST',
          url: `/api/password/${expected.id}/reveal`,
          headers: { authorization },
          payload: { purpose: 'show' },
        });
        expect(revealed.json()).toEqual({ password: expected.password });
      }

      const files = await database.db.select().from(businessFiles);
      expect(files.length).toBe(manifest.counts['public.business_files']);
      const before = new Map<string, Buffer>();
      for (const file of files) {
        const bytes = await modules.storage.get(file.storageKey);
        expect(bytes?.length, file.name).toBe(file.size);
        expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
        before.set(file.storageKey, bytes ?? Buffer.alloc(0));
      }
      // The release's files were stored plain: the at-rest job (the scheduler's first tick runs it
      // too; a run finding its claim taken does nothing) encrypts them, and they read the same.
      await vi.waitFor(
        async () => {
          await modules.filesAtRest.runBatch();
          expect((await modules.filesAtRest.progress())?.completedAt).toBeInstanceOf(Date);
        },
        { timeout: 60_000, interval: 100 },
      );
      for (const file of files) {
        expect(await modules.storage.state(file.storageKey), file.name).toBe('current');
        expect(
          (await modules.storage.get(file.storageKey))?.equals(before.get(file.storageKey) ?? Buffer.alloc(0)),
        ).toBe(true);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
