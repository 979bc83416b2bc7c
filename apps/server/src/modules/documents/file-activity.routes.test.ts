import { currentPeriod } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, linkService } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { OWNER } from '../../test/test-app.ts';
import { businessFiles } from './documents.tables.ts';

// The activity log's entries of files (uploaded, deleted, downloaded) and backups.
const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();
afterEach(() => {
  vi.useRealTimers();
});

const period = currentPeriod();
let ownerId: number;
/** The client's company's folder (clients may upload there). */
let folderId: number;
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

beforeAll(async () => {
  ownerId = (await api.owner.get('/api/user/me')).json().id;
  const service = await createServiceWithStates(t, 'Contabilidad', [{ name: 'Pendiente', pctProgress: 0 }]);
  const template = await api.owner.post(`/api/service/${service.serviceId}/folder`, {
    name: 'Cartolas',
    clientCanUpload: true,
  });
  expect(template.statusCode, template.body).toBe(201);
  await linkService(t, roles.clientBusinessId, service.serviceId, '2020-01-01');
  const view = await api.owner.get(
    `/api/business/${roles.clientBusinessId}/folder/${template.json().folder.id}/year/${period.year}/month/${period.month}`,
  );
  expect(view.statusCode, view.body).toBe(200);
  folderId = (view.json() as FolderView).folder?.businessFolderId ?? 0;
});

const upload = (files: { name: string; bytes: Buffer }[], token: string | null = roles.owner) =>
  t.request({
    method: 'POST',
    url: `/api/business-folder/${folderId}/file`,
    token: token ?? undefined,
    ...multipartFiles(files),
  });

async function uploaded(name: string, token: string = roles.owner) {
  const response = await upload([{ name, bytes: tinyPdf(name) }], token);
  expect(response.statusCode, response.body).toBe(201);
  const [file] = await t.database.db.select().from(businessFiles).where(eq(businessFiles.name, name));
  if (!file) throw new Error('not stored');
  return file;
}

const fileEntries = (fileIds: number[], action?: string) =>
  t.database.db
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.kind, 'file'),
        inArray(
          activity.recordId,
          fileIds.map((id) => String(id)),
        ),
        action ? eq(activity.action, action) : undefined,
      ),
    )
    .orderBy(asc(activity.id));

async function linkOf(fileName: string): Promise<string> {
  const view = await api.owner.get(
    `/api/business/${roles.clientBusinessId}/folder/year/${period.year}/month/${period.month}`,
  );
  const top = view.json() as FolderView;
  const inside = await api.owner.get(
    `/api/business/${roles.clientBusinessId}/folder/${top.folders[0]?.id}/year/${period.year}/month/${period.month}`,
  );
  const url = (inside.json() as FolderView).files.find((file) => file.name === fileName)?.url;
  if (!url) throw new Error('no link');
  return pathOf(url);
}

describe('file uploads (POST /api/business-folder/{id}/file)', () => {
  it('writes one entry per file uploaded, by staff or by the client, with the file name and company', async () => {
    const response = await upload([
      { name: 'Cartola enero.pdf', bytes: tinyPdf('a') },
      { name: 'Cartola febrero.pdf', bytes: tinyPdf('b') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const files = await t.database.db
      .select()
      .from(businessFiles)
      .where(inArray(businessFiles.name, ['Cartola enero.pdf', 'Cartola febrero.pdf']))
      .orderBy(asc(businessFiles.id));
    const entries = await fileEntries(files.map((file) => file.id));
    expect(
      entries.map((entry) => [entry.action, entry.recordLabel, entry.businessId, entry.actorId, entry.ip]),
    ).toEqual(files.map((file) => ['uploaded', file.name, roles.clientBusinessId, ownerId, '127.0.0.1']));
    expect(entries[0]?.businessName).toBeTruthy();

    const mine = await uploaded('Del cliente.pdf', roles.client);
    const [entry] = await fileEntries([mine.id]);
    expect(entry).toMatchObject({ action: 'uploaded', recordLabel: 'Del cliente.pdf', actorId: mine.uploadedBy });
  });

  it('writes nothing for a refused or rejected upload (anonymous, a file that is not a document)', async () => {
    const before = await t.database.db.select().from(activity).where(eq(activity.kind, 'file'));
    expect((await upload([{ name: 'x.pdf', bytes: tinyPdf('x') }], null)).statusCode).toBe(401);
    expect((await upload([{ name: 'virus.pdf', bytes: Buffer.from('MZ not a pdf at all') }])).statusCode).toBe(415);
    const after = await t.database.db.select().from(activity).where(eq(activity.kind, 'file'));
    expect(after).toHaveLength(before.length);
  });
});

describe('file deletes (DELETE /api/business-folder/file/{id})', () => {
  it('writes one entry of the delete; none when refused (client, anonymous, a missing file)', async () => {
    const file = await uploaded('Borrar.pdf');
    await expectClientAndAnonymousRefused({ method: 'DELETE', url: `/api/business-folder/file/${file.id}` });
    expect(await fileEntries([file.id], 'deleted')).toEqual([]);
    const collaborator = await t.userWithRole('collaborator');
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/business-folder/file/${file.id}`,
      token: collaborator.token,
    });
    expect(deleted.statusCode).toBe(200);
    const entries = await fileEntries([file.id], 'deleted');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: collaborator.id,
      ip: '127.0.0.1',
      recordLabel: 'Borrar.pdf',
      businessId: roles.clientBusinessId,
    });
    expect((await api.owner.delete(`/api/business-folder/file/${file.id}`)).statusCode).toBe(404);
    expect(await fileEntries([file.id], 'deleted')).toHaveLength(1);
  });

  it('keeps the file when its entry cannot be written', async () => {
    const file = await uploaded('Quedarse.pdf');
    const restore = await failInsertsInto(t.database.db, activity);
    const failed = await api.owner.delete(`/api/business-folder/file/${file.id}`);
    await restore();
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(businessFiles).where(eq(businessFiles.id, file.id))).toHaveLength(1);
    expect(await fileEntries([file.id], 'deleted')).toEqual([]);
  });
});

describe('downloads through a signed link (GET /api/download/{token})', () => {
  it('writes one anonymous entry with the address; none for a tampered or expired link; never the token', async () => {
    const file = await uploaded('Bajar.pdf');
    const link = await linkOf('Bajar.pdf');
    const downloaded = await t.request({ method: 'GET', url: link });
    expect(downloaded.statusCode).toBe(200);
    const entries = await fileEntries([file.id], 'downloaded');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorName: null,
      ip: '127.0.0.1',
      recordLabel: 'Bajar.pdf',
      businessId: roles.clientBusinessId,
    });

    const [body, signature] = link.replace('/api/download/', '').split('.');
    const tampered = await t.request({ method: 'GET', url: `/api/download/${body}x.${signature}` });
    expect(tampered.statusCode).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 86_400_000);
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(410);
    vi.useRealTimers();
    expect(await fileEntries([file.id], 'downloaded')).toHaveLength(1);

    // No secret anywhere in the log: neither the link's token nor its signature.
    const everything = JSON.stringify(await t.database.db.select().from(activity));
    for (const secret of [link.replace('/api/download/', ''), body, signature]) {
      expect(secret && secret.length > 10).toBe(true);
      expect(everything).not.toContain(secret);
    }
  });
});

describe('backup downloads (POST /api/backup)', () => {
  const backupEntries = () =>
    t.database.db.select().from(activity).where(eq(activity.kind, 'backup')).orderBy(asc(activity.id));

  it('writes one entry per download as it starts; none when refused or the password is wrong', async () => {
    await expectClientAndAnonymousRefused({ method: 'POST', url: '/api/backup', payload: { password: 'x' } });
    const collaborator = await api.collaborator.post('/api/backup', { password: 'x' });
    expect(collaborator.statusCode).toBe(403);
    expect((await api.owner.post('/api/backup', { password: 'no-es-la-clave' })).statusCode).toBe(400);
    expect(await backupEntries()).toEqual([]);

    const response = await api.owner.post('/api/backup', { password: OWNER.password, withSecrets: true });
    expect(response.statusCode, response.body).toBe(200);
    const name = /filename="(respaldo-[\d-]+\.tar\.gz)"/.exec(String(response.headers['content-disposition']))?.[1];
    const entries = await backupEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ownerId,
      ip: '127.0.0.1',
      kind: 'backup',
      action: 'downloaded',
      recordLabel: name,
      details: { after: { archivo: name, incluyeClaves: true } },
    });
    // The password confirmed is never written.
    expect(JSON.stringify(entries)).not.toContain(OWNER.password);
  });
});
