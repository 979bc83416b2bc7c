import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import type { Proposal, RetentionOverview } from '@app/shared/schemas/data-protection';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activity, activityArchives } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { type Caller, callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businessFiles } from '../documents/documents.tables.ts';

// 'Retención': which files are past their folder's retention on a day, legal holds, a proposal's
// confirmation through the documents module's delete, and the activity log's archive before a purge.

let t: TestApp;
let owner: Caller;
/** 10 December 2026, 12:00 in Santiago. */
const clock = new Date('2026-12-10T15:00:00Z');
let folders: { balances: number; payroll: number };
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = callerFor(t, () => token);
  token = await t.ownerToken();
  const service = await createServiceWithStates(t, 'Contabilidad mensual', [{ name: 'Pendiente', pctProgress: 0 }]);
  const folder = async (name: string) => {
    const response = await owner.post(`/api/service/${service.serviceId}/folder`, { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().folder.id as number;
  };
  folders = { balances: await folder('Balances'), payroll: await folder('Remuneraciones') };
  companyA = await insertBusiness(t, { name: 'Comercial Andes', startContract: '2015-01-01' });
  companyB = await insertBusiness(t, { name: 'Transportes Bío Bío', startContract: '2015-01-01' });
  for (const company of [companyA, companyB]) await linkService(t, company.id, service.serviceId, '2015-01-01');
});
afterAll(() => t.close());
let token = '';

/** Uploads a PDF into a company's folder of a period; answers the file's id and stored key. */
async function upload(businessId: number, folderId: number, year: number, month: number, name: string) {
  const view = await owner.get(`/api/business/${businessId}/folder/${folderId}/year/${year}/month/${month}`);
  expect(view.statusCode, view.body).toBe(200);
  const body = multipartFiles([{ name: `${name}.pdf`, bytes: tinyPdf(name) }]);
  const response = await t.request({
    method: 'POST',
    url: `/api/business-folder/${view.json().folder.businessFolderId}/file`,
    token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().files[0].id as number;
  const [row] = await t.database.db.select().from(businessFiles).where(eq(businessFiles.id, id));
  return { id, key: row?.storageKey ?? '' };
}

const overview = async () => {
  const response = await owner.get('/api/data-protection/retention');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RetentionOverview;
};

async function compute(): Promise<Proposal> {
  const response = await owner.post('/api/data-protection/retention/proposals', {});
  expect(response.statusCode, response.body).toBe(201);
  return response.json().proposal as Proposal;
}

describe('folder templates and legal holds', () => {
  it('lists every folder template with six years by default, and changes one (1 to 50), logged on its service', async () => {
    const before = await overview();
    expect(before.folders.map((folder) => [folder.name, folder.serviceName, folder.retentionYears])).toEqual([
      ['Balances', 'Contabilidad mensual', 6],
      ['Remuneraciones', 'Contabilidad mensual', 6],
    ]);
    const zero = await owner.put(`/api/data-protection/retention/folders/${folders.payroll}`, { years: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual([{ field: 'years', message: m.retentionYearsInvalid }]);
    expect((await owner.put('/api/data-protection/retention/folders/999999', { years: 8 })).statusCode).toBe(404);
    const saved = await owner.put(`/api/data-protection/retention/folders/${folders.payroll}`, { years: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().retention.folders[1].retentionYears).toBe(10);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'service'), sql`${activity.details}->'after'->>'retentionYears' = '10'`));
    expect(entry?.details).toEqual({
      before: { carpeta: 'Remuneraciones', retentionYears: 6 },
      after: { carpeta: 'Remuneraciones', retentionYears: 10 },
    });
  });

  it('puts a legal hold on a company with its reason, and refuses one without a reason', async () => {
    const none = await owner.put(`/api/data-protection/holds/${companyB.id}`, { reason: '' });
    expect(none.json().errors).toEqual([{ field: 'reason', message: m.holdReasonRequired }]);
    expect((await owner.put('/api/data-protection/holds/999999', { reason: 'Juicio' })).statusCode).toBe(404);
    const held = await owner.put(`/api/data-protection/holds/${companyB.id}`, {
      reason: 'Juicio laboral rol 123-2026',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().retention.holds).toEqual([
      expect.objectContaining({
        businessId: companyB.id,
        businessName: companyB.name,
        reason: 'Juicio laboral rol 123-2026',
      }),
    ]);
  });
});

describe('proposals of files past retention', () => {
  let files: Record<string, { id: number; key: string }>;

  it('lists the files past their folder’s years today, not those of a company under a legal hold', async () => {
    files = {
      old: await upload(companyA.id, folders.balances, 2019, 10, 'balance-2019-10'),
      // October 2020: due in November, kept until 30 November 2026, past on 1 December.
      edge: await upload(companyA.id, folders.balances, 2020, 10, 'balance-2020-10'),
      // November 2020: kept until 31 December 2026.
      recent: await upload(companyA.id, folders.balances, 2020, 11, 'balance-2020-11'),
      // Remuneraciones keeps ten years.
      payroll: await upload(companyA.id, folders.payroll, 2019, 10, 'liquidaciones-2019-10'),
      held: await upload(companyB.id, folders.balances, 2019, 10, 'balance-held'),
    };
    const proposal = await compute();
    expect(proposal).toMatchObject({
      asOf: '2026-12-10',
      source: 'manual',
      status: 'open',
      fileCount: 2,
      truncated: false,
    });
    expect(proposal.files.map((file) => [file.fileName, file.year, file.month, file.retentionEndedOn])).toEqual([
      ['balance-2019-10.pdf', 2019, 10, '2025-12-01'],
      ['balance-2020-10.pdf', 2020, 10, '2026-12-01'],
    ]);
    expect(proposal.files[0]).toMatchObject({
      businessName: companyA.name,
      serviceName: 'Contabilidad mensual',
      folderName: 'Balances',
      retentionYears: 6,
      outcome: 'pending',
    });
  });

  it('confirms: deletes each file through the documents module (row, bytes, activity), skipping one gone meanwhile', async () => {
    const proposal = await compute();
    // The second listed file is deleted by hand before the confirmation.
    const gone = await t.request({ method: 'DELETE', url: `/api/business-folder/file/${files.edge?.id}`, token });
    expect(gone.statusCode).toBe(200);
    const confirmed = await owner.post(`/api/data-protection/retention/proposals/${proposal.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(m.proposalConfirmed(1, 1));
    expect(confirmed.json().proposal).toMatchObject({ status: 'confirmed', deletedCount: 1, skippedCount: 1 });
    expect(confirmed.json().proposal.files.map((file: { outcomeText: string }) => file.outcomeText)).toEqual([
      'Eliminado',
      m.skippedGone,
    ]);
    const old = files.old as { id: number; key: string };
    expect(await t.database.db.select().from(businessFiles).where(eq(businessFiles.id, old.id))).toEqual([]);
    await vi.waitFor(async () => expect(await t.modules.storage.get(old.key)).toBeNull());
    // The others are still there, bytes and all.
    for (const kept of [files.recent, files.payroll, files.held]) {
      expect(await t.modules.storage.get(kept?.key ?? '')).not.toBeNull();
    }
    const deletedEntry = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'file'), eq(activity.action, 'deleted'), eq(activity.recordId, String(old.id))));
    expect(deletedEntry).toHaveLength(1);
    const [confirmedEntry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'retention_proposal'), eq(activity.action, 'confirmed')));
    expect(confirmedEntry?.details).toEqual({ after: { deleted: 1, skipped: 1 } });
    const again = await owner.post(`/api/data-protection/retention/proposals/${proposal.id}/confirm`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.proposalNotOpen);
  });

  it('lists the held company’s file once the hold is removed; a new proposal replaces an open one, a discarded one deletes nothing', async () => {
    expect((await compute()).fileCount).toBe(0);
    const removed = await owner.delete(`/api/data-protection/holds/${companyB.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await owner.delete(`/api/data-protection/holds/${companyB.id}`)).statusCode).toBe(404);
    const first = await compute();
    expect(first.files.map((file) => file.businessName)).toEqual([companyB.name]);
    const second = await compute();
    expect((await owner.get(`/api/data-protection/retention/proposals/${first.id}`)).json().status).toBe('discarded');
    const discarded = await owner.post(`/api/data-protection/retention/proposals/${second.id}/discard`, {});
    expect(discarded.json().message).toBe(m.proposalDiscarded);
    expect((await owner.post(`/api/data-protection/retention/proposals/${second.id}/confirm`, {})).statusCode).toBe(
      409,
    );
    expect(await t.modules.storage.get(files.held?.key ?? '')).not.toBeNull();
    expect((await owner.get('/api/data-protection/retention/proposals/999999')).statusCode).toBe(404);
  });

  it('skips at confirmation a file whose company got a legal hold after the proposal was made', async () => {
    const proposal = await compute();
    expect(proposal.fileCount).toBe(1);
    await owner.put(`/api/data-protection/holds/${companyB.id}`, { reason: 'Fiscalización del SII' });
    const confirmed = await owner.post(`/api/data-protection/retention/proposals/${proposal.id}/confirm`, {});
    expect(confirmed.json().proposal.files[0]).toMatchObject({ outcome: 'skipped', outcomeText: m.skippedHold });
    expect(await t.modules.storage.get(files.held?.key ?? '')).not.toBeNull();
  });

  it('makes the yearly proposal once, from 2 January, on any number of calls', async () => {
    expect(await t.modules.dataProtection.computeScheduled(new Date('2026-12-31T15:00:00Z'))).toBeUndefined();
    expect(await t.modules.dataProtection.computeScheduled(new Date('2027-01-01T15:00:00Z'))).toBeUndefined();
    const made = await t.modules.dataProtection.computeScheduled(new Date('2027-01-02T15:00:00Z'));
    expect(made).toBeTypeOf('number');
    expect(await t.modules.dataProtection.computeScheduled(new Date('2027-01-20T15:00:00Z'))).toBeUndefined();
    const scheduled = (await overview()).proposals.find((proposal) => proposal.id === made);
    expect(scheduled).toMatchObject({ source: 'scheduled', status: 'open', createdBy: null });
  });
});

describe("the activity log's archive and purge", () => {
  async function insertEntry(at: string, label: string) {
    await t.database.db.execute(sql`
      insert into activity (at, kind, action, record_label) values (${at}::timestamptz, 'company', 'updated', ${label})`);
  }
  const labels = async () =>
    (await t.database.db.select({ label: activity.recordLabel }).from(activity)).map((row) => row.label);

  it('keeps everything by default: there is nothing to archive nor purge', async () => {
    await insertEntry('2024-03-15 10:00:00 America/Santiago', 'Entrada de 2024');
    await insertEntry('2025-12-09 23:59:59 America/Santiago', 'Entrada del 9 de diciembre de 2025');
    await insertEntry('2025-12-10 00:00:00 America/Santiago', 'Entrada del 10 de diciembre de 2025');
    expect((await overview()).activity).toMatchObject({ retentionYears: null, keptFrom: null, entriesBefore: 0 });
    const archive = await owner.get('/api/data-protection/activity-log/archive?format=csv');
    expect(archive.statusCode).toBe(409);
    expect(archive.json().message).toBe(m.noRetentionSet);
  });

  it('refuses to delete an entry outside a purge: the log stays append-only', async () => {
    await expect(
      t.database.db.execute(sql`delete from activity where record_label = 'Entrada de 2024'`),
    ).rejects.toThrow();
    expect(await labels()).toContain('Entrada de 2024');
  });

  it('archives the entries before the first day kept, then purges exactly those', async () => {
    const saved = await owner.put('/api/data-protection/activity-log/settings', { years: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().retention.activity).toMatchObject({
      retentionYears: 1,
      keptFrom: '2025-12-10',
      entriesBefore: 2,
    });
    const zero = await owner.put('/api/data-protection/activity-log/settings', { years: 0 });
    expect(zero.json().message).toBe(m.activityYearsInvalid);

    // No archive yet: nothing to purge with.
    expect((await owner.post('/api/data-protection/activity-log/purge', { archiveId: 999999 })).statusCode).toBe(404);

    const archive = await owner.get('/api/data-protection/activity-log/archive?format=csv');
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.headers['content-disposition']).toContain('registro-actividad-antes-del-2025-12-10.csv');
    expect(archive.body).toContain('Entrada de 2024');
    expect(archive.body).toContain('Entrada del 9 de diciembre de 2025');
    expect(archive.body).not.toContain('Entrada del 10 de diciembre de 2025');
    const archiveId = Number(archive.headers['x-archive-id']);
    await vi.waitFor(async () =>
      expect((await overview()).activity.archives.find((row) => row.id === archiveId)).toMatchObject({
        rows: 2,
        completedAt: expect.any(String),
      }),
    );

    const purged = await owner.post('/api/data-protection/activity-log/purge', { archiveId });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json().message).toBe(m.purged(2));
    expect(purged.json().retention.activity.entriesBefore).toBe(0);
    const left = await labels();
    expect(left).not.toContain('Entrada de 2024');
    expect(left).not.toContain('Entrada del 9 de diciembre de 2025');
    expect(left).toContain('Entrada del 10 de diciembre de 2025');
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'activity_log'), eq(activity.action, 'purged')));
    expect(entry?.details).toEqual({ after: { keptFrom: '2025-12-10', rows: 2 } });
    const twice = await owner.post('/api/data-protection/activity-log/purge', { archiveId });
    expect(twice.json().message).toBe(m.archiveAlreadyPurged);
  });

  it('refuses a purge with an archive whose download did not complete, or that reaches past what is now kept', async () => {
    await insertEntry('2024-05-01 10:00:00 America/Santiago', 'Otra entrada de 2024');
    const [unfinished] = await t.database.db
      .insert(activityArchives)
      .values({
        format: 'csv',
        keptFrom: '2025-12-10',
        beforeAt: new Date('2025-12-10T03:00:00Z'),
        maxId: 1_000_000,
        madeByName: 'Prueba',
      })
      .returning();
    const refused = await owner.post('/api/data-protection/activity-log/purge', { archiveId: unfinished?.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.purgeNeedsArchive);

    const xlsx = await owner.get('/api/data-protection/activity-log/archive?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const archiveId = Number(xlsx.headers['x-archive-id']);
    await vi.waitFor(async () =>
      expect((await overview()).activity.archives.find((row) => row.id === archiveId)?.completedAt).not.toBeNull(),
    );
    // The firm now keeps three years: the archive would remove entries it keeps.
    await owner.put('/api/data-protection/activity-log/settings', { years: 3 });
    const stale = await owner.post('/api/data-protection/activity-log/purge', { archiveId });
    expect(stale.json().message).toBe(m.purgeArchiveStale);
    // Even naming a completed archive to the database, an entry it does not hold is not deleted.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.activity_purge_archive', ${String(archiveId)}, true)`);
        await tx.execute(sql`delete from activity where record_label = 'Entrada del 10 de diciembre de 2025'`);
      }),
    ).rejects.toThrow();
    expect(await labels()).toContain('Otra entrada de 2024');
    await owner.put('/api/data-protection/activity-log/settings', { years: null });
    const off = await owner.post('/api/data-protection/activity-log/purge', { archiveId });
    expect(off.json().message).toBe(m.noRetentionSet);
  });
});
