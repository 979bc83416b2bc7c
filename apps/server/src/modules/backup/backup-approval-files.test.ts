import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approvals } from '../approvals/approvals.tables.ts';
import { keysStillNamed, storageKeys, storedFiles } from './backup.repository.ts';

// A PDF uploaded with an approval request is kept by the approvals module, not as a company file:
// the backup copies its bytes and the restore names it, as it does a company file's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("names the stored bytes of an approval's uploaded PDF among the files a backup copies", async () => {
  const company = await insertBusiness(t);
  const key = '0b0e5d7c-1f2a-4c3b-9d8e-7f6a5b4c3d2e';
  await t.database.db.insert(approvals).values({
    businessId: company.id,
    source: 'upload',
    storageKey: key,
    documentName: 'balance-2025.pdf',
    documentSize: 1234,
    contentType: 'application/pdf',
    sha256: 'a'.repeat(64),
    title: 'Balance 2025',
    requestedByName: 'Carolina Muñoz',
  });
  expect(await storageKeys(t.database.db)).toContain(key);
  expect(await keysStillNamed(t.database.db, [key, 'ffffffff-ffff-ffff-ffff-ffffffffffff'])).toEqual(new Set([key]));
  expect(await storedFiles(t.database.db)).toContainEqual({ key, name: 'balance-2025.pdf' });
});
