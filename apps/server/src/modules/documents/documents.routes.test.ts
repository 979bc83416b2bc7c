import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod, type Period } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { emailLog } from '../email/email.tables.ts';
import { businessFiles } from './documents.tables.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
const period = currentPeriod();
/** The month before the current period. */
const previous: Period =
  period.month === 1 ? { year: period.year - 1, month: 12 } : { ...period, month: period.month - 1 };
let service: { serviceId: number };
let folders: { declarations: number; backups: number; internal: number };
/** The client's company, linked to the service. */
let company: { id: number };

async function createFolder(name: string, extra: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'POST',
    url: `/api/service/${service.serviceId}/folder`,
    token: tokens.owner,
    payload: { name, ...extra },
  });
  expect(response.statusCode).toBe(201);
  return response.json().folder.id as number;
}

beforeAll(async () => {
  t = await createTestApp({ FILE_MAX_MB: '0.05' }); // 50 KB, so an oversize file is small to send
  tokens = await tokensForEveryRole(t);
  company = { id: tokens.clientBusinessId };
  service = await createServiceWithStates(t, 'Impuestos mensuales', [{ name: 'Pendiente', pctProgress: 0 }]);
  folders = {
    declarations: await createFolder('Declaraciones'),
    backups: 0,
    internal: await createFolder('Papeles de trabajo', { isActive: false }),
  };
  folders.backups = await createFolder('Respaldos', { parentFolderId: folders.declarations });
  await linkService(t, company.id, service.serviceId, '2020-01-01');
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const folderUrl = (businessId: number, at: Period = period, folderId?: number) =>
  `/api/business/${businessId}/folder/${folderId ? `${folderId}/` : ''}year/${at.year}/month/${at.month}`;

async function view(token: string, businessId: number, folderId?: number, at: Period = period): Promise<FolderView> {
  const response = await t.request({ method: 'GET', url: folderUrl(businessId, at, folderId), token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function upload(businessFolderId: number, files: { name: string; bytes: Buffer }[], token = tokens.owner) {
  return t.request({
    method: 'POST',
    url: `/api/business-folder/${businessFolderId}/file`,
    token,
    ...multipartFiles(files),
  });
}

/** The signed link without the origin (links in the app are relative; e-mailed ones absolute), for app.inject. */
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

describe('company folders per period', () => {
  it('makes the company’s folders of a period from the templates of the services that apply, with the service name', async () => {
    const top = await view(tokens.owner, company.id);
    expect(top.business.id).toBe(company.id);
    expect(top.folder).toBeNull();
    expect(top.folders.map((folder) => [folder.name, folder.isActive, folder.service.name])).toEqual([
      ['Declaraciones', true, 'Impuestos mensuales'],
      ['Papeles de trabajo', false, 'Impuestos mensuales'],
    ]);
    const inside = await view(tokens.owner, company.id, folders.declarations);
    expect(inside.folder).toMatchObject({ id: folders.declarations, name: 'Declaraciones', parentFolder: null });
    expect(inside.folders.map((folder) => folder.name)).toEqual(['Respaldos']);
    const sub = await view(tokens.owner, company.id, folders.backups);
    expect(sub.folder?.parentFolder).toEqual({ id: folders.declarations, name: 'Declaraciones' });
    // Each period has its own company folders.
    const before = await view(tokens.owner, company.id, folders.declarations, previous);
    expect(before.folder?.businessFolderId).not.toBe(inside.folder?.businessFolderId);
  });

  it('makes one set of folders when a period is opened by several requests at once', async () => {
    const fresh = await insertBusiness(t);
    await linkService(t, fresh.id, service.serviceId, '2020-01-01');
    const views = await Promise.all([1, 2, 3, 4].map(() => view(tokens.owner, fresh.id)));
    const ids = views.map((answer) => answer.folders.map((folder) => folder.businessFolderId).join(','));
    expect(new Set(ids).size).toBe(1);
    expect(views[0]?.folders.every((folder) => folder.businessFolderId > 0)).toBe(true);
  });

  it('gives no folder where the service does not apply: a company without it, a month it is off', async () => {
    const unlinked = await insertBusiness(t);
    expect((await view(tokens.owner, unlinked.id)).folders).toEqual([]);
    const months = Object.fromEntries(
      ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((key, index) => [
        key,
        index + 1 !== previous.month,
      ]),
    );
    const off = await t.request({
      method: 'PUT',
      url: `/api/service/${service.serviceId}/months-active`,
      token: tokens.owner,
      payload: months,
    });
    expect(off.statusCode).toBe(200);
    expect((await view(tokens.owner, company.id, undefined, previous)).folders).toEqual([]);
    expect((await view(tokens.owner, company.id)).folders).toHaveLength(2);
    const allOn = Object.fromEntries(Object.keys(months).map((key) => [key, true]));
    await t.request({
      method: 'PUT',
      url: `/api/service/${service.serviceId}/months-active`,
      token: tokens.owner,
      payload: allOn,
    });
  });

  it('shows a client only the active folders of their own company, and 403 for any other company', async () => {
    const mine = await view(tokens.client, company.id);
    expect(mine.folders.map((folder) => folder.name)).toEqual(['Declaraciones']);
    const hidden = await t.request({
      method: 'GET',
      url: folderUrl(company.id, period, folders.internal),
      token: tokens.client,
    });
    expect(hidden.statusCode).toBe(404);
    const other = await insertBusiness(t);
    await linkService(t, other.id, service.serviceId, '2020-01-01');
    for (const url of [folderUrl(other.id), folderUrl(other.id, period, folders.declarations)]) {
      const response = await t.request({ method: 'GET', url, token: tokens.client });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: folderUrl(company.id) })).statusCode).toBe(401);
  });
});

describe('uploads and downloads', () => {
  it('adds real PDFs, lists them with signed links, and serves each with its type and name, logging who downloaded', async () => {
    const folder = (await view(tokens.owner, company.id, folders.declarations)).folder;
    const response = await upload(folder?.businessFolderId ?? 0, [
      { name: 'F29 octubre.pdf', bytes: tinyPdf('f29') },
      { name: 'Balance ñandú.pdf', bytes: tinyPdf('balance') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Se agregaron 2 archivos', count: 2 });
    // One file is said in the singular.
    const one = await upload(folder?.businessFolderId ?? 0, [{ name: 'F29 noviembre.pdf', bytes: tinyPdf('nov') }]);
    expect(one.json()).toMatchObject({ message: 'Se agregó 1 archivo', count: 1 });

    const listed = await view(tokens.client, company.id, folders.declarations);
    const balance = listed.files.find((file) => file.name === 'Balance ñandú.pdf');
    expect(balance?.url).toMatch(/^\/api\/download\/[\w-]+\.[\w-]+$/);
    const download = await t.request({ method: 'GET', url: pathOf(balance?.url ?? '') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''Balance%20%C3%B1and%C3%BA.pdf`);
    expect(download.rawPayload.equals(tinyPdf('balance'))).toBe(true);

    const log = await t.request({
      method: 'GET',
      url: `/api/business-folder/file/${balance?.id}/downloads`,
      token: tokens.collaborator,
    });
    expect(log.json().rows).toEqual([
      expect.objectContaining({ via: 'portal', by: expect.stringContaining('(Cliente)') }),
    ]);
  });

  it('streams a download byte for byte; Range bytes=100-199 answers 206 with exactly those bytes, a range outside the file 416', async () => {
    const folder = (await view(tokens.owner, company.id, folders.declarations)).folder;
    // Every byte value, so a shifted or re-encoded byte shows.
    const bytes = Buffer.concat([
      tinyPdf('rangos'),
      Buffer.from(Array.from({ length: 30_000 }, (_, index) => (index * 7) % 256)),
      tinyPdf('fin'),
    ]);
    const uploaded = await upload(folder?.businessFolderId ?? 0, [{ name: 'Rangos.pdf', bytes }]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json().files[0] as { id: number; url: string };
    const url = pathOf(file.url);

    const whole = await t.request({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.request({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await t.request({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const outside = await t.request({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(outside.json()).toEqual({ message: documentsMsg.rangeNotSatisfiable });

    // A HEAD neither opens the file nor counts as a download.
    const head = await t.request({ method: 'HEAD', url });
    expect(head.statusCode).toBe(404);

    // The whole download and the range from byte 100 on are one download each; the part that
    // continues one (from byte 100), the refused range and the HEAD are not logged again.
    const log = await t.request({
      method: 'GET',
      url: `/api/business-folder/file/${file.id}/downloads`,
      token: tokens.owner,
    });
    expect(log.json().rows).toHaveLength(1);
  });

  it("logs a staff member’s own download from the app with their name, and the link they copy as 'Enlace'", async () => {
    const listed = await view(tokens.collaborator, company.id, folders.declarations);
    const file = listed.files.find((candidate) => candidate.name === 'F29 octubre.pdf');
    const own = await t.request({ method: 'GET', url: pathOf(file?.url ?? '') });
    expect(own.statusCode).toBe(200);
    const shared = await t.request({ method: 'GET', url: pathOf(file?.shareUrl ?? '') });
    expect(shared.statusCode).toBe(200);
    const log = await t.request({
      method: 'GET',
      url: `/api/business-folder/file/${file?.id}/downloads`,
      token: tokens.owner,
    });
    const rows = log.json().rows as { via: string; by: string }[];
    // Newest first: the copied link, then the collaborator's own download.
    expect(rows.map((row) => [documentsMsg.downloadViaLabels[row.via as 'portal'], row.by])).toEqual([
      ['Enlace', expect.stringContaining('(Colaborador)')],
      ['Portal', expect.stringContaining('(Colaborador)')],
    ]);
  });

  it('refuses a file that is not an accepted kind though named .pdf (415) and adds none of the request', async () => {
    const folder = (await view(tokens.owner, company.id, folders.backups)).folder;
    const response = await upload(folder?.businessFolderId ?? 0, [
      { name: 'bueno.pdf', bytes: tinyPdf() },
      { name: 'virus.pdf', bytes: Buffer.from('MZ\u0090\u0000 an executable renamed to .pdf') },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(documentsMsg.notAccepted);
    expect((await view(tokens.owner, company.id, folders.backups)).files).toEqual([]);
  });

  it('refuses a file over the size limit (413)', async () => {
    const folder = (await view(tokens.owner, company.id, folders.backups)).folder;
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(60 * 1024, 32), Buffer.from('\n%%EOF\n')]);
    const response = await upload(folder?.businessFolderId ?? 0, [{ name: 'grande.pdf', bytes: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(documentsMsg.tooLarge(0.05));
  });

  it('refuses a JSON body or a request without files with a Spanish 4xx', async () => {
    const folder = (await view(tokens.owner, company.id, folders.backups)).folder;
    const url = `/api/business-folder/${folder?.businessFolderId}/file`;
    const json = await t.request({ method: 'POST', url, token: tokens.owner, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const empty = await t.request({ method: 'POST', url, token: tokens.owner, ...multipartFiles([]) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(documentsMsg.noFiles);
    const unknown = await upload(999_999, [{ name: 'a.pdf', bytes: tinyPdf() }]);
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps uploads, deletes and download logs to staff: clients 403, anonymous 401', async () => {
    const folder = (await view(tokens.owner, company.id, folders.backups)).folder;
    const id = folder?.businessFolderId ?? 0;
    expect((await upload(id, [{ name: 'a.pdf', bytes: tinyPdf() }], tokens.client)).statusCode).toBe(403);
    const byCollaborator = await upload(id, [{ name: 'colaborador.pdf', bytes: tinyPdf('c') }], tokens.collaborator);
    expect(byCollaborator.statusCode).toBe(201);
    const fileId = byCollaborator.json().files[0].id;
    for (const request of [
      { method: 'DELETE' as const, url: `/api/business-folder/file/${fileId}` },
      { method: 'GET' as const, url: `/api/business-folder/file/${fileId}/downloads` },
      { method: 'POST' as const, url: `${folderUrl(company.id)}/notify` },
    ]) {
      expect((await t.request({ ...request, token: tokens.client })).statusCode, request.url).toBe(403);
      expect((await t.request(request)).statusCode, request.url).toBe(401);
    }
  });

  it('refuses a tampered link (403) and an expired one (410)', async () => {
    const file = (await view(tokens.owner, company.id, folders.declarations)).files[0];
    const [body, signature] = pathOf(file?.url ?? '')
      .replace('/api/download/', '')
      .split('.');
    const forged = Buffer.from(JSON.stringify({ f: 999, v: 'link', e: 9_999_999_999 })).toString('base64url');
    const tampered = await t.request({ method: 'GET', url: `/api/download/${forged}.${signature}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().message).toBe(documentsMsg.linkInvalid);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 86_400_000);
    const expired = await t.request({ method: 'GET', url: `/api/download/${body}.${signature}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(documentsMsg.linkExpired);
  });

  it('stops the links of a client user who is deleted', async () => {
    const client = await t.userWithRole('client', { businessId: company.id });
    const file = (await view(client.token, company.id, folders.declarations)).files[0];
    await t.request({ method: 'DELETE', url: `/api/user/${client.id}`, token: tokens.owner });
    expect((await t.request({ method: 'GET', url: pathOf(file?.url ?? '') })).statusCode).toBe(403);
  });
});

describe('removing files', () => {
  async function uploadOne(label: string, businessId = company.id) {
    const folder = (await view(tokens.owner, businessId, folders.declarations)).folder;
    const response = await upload(folder?.businessFolderId ?? 0, [{ name: `${label}.pdf`, bytes: tinyPdf(label) }]);
    expect(response.statusCode).toBe(201);
    const id = response.json().files[0].id as number;
    const [row] = await t.database.db.select().from(businessFiles).where(eq(businessFiles.id, id));
    return { id, key: row?.storageKey ?? '' };
  }

  it('deletes a file and its stored bytes', async () => {
    const file = await uploadOne('borrar');
    expect(await t.modules.storage.get(file.key)).not.toBeNull();
    const response = await t.request({
      method: 'DELETE',
      url: `/api/business-folder/file/${file.id}`,
      token: tokens.owner,
    });
    expect(response.json().message).toBe(documentsMsg.fileDeleted);
    await vi.waitFor(async () => expect(await t.modules.storage.get(file.key)).toBeNull());
    expect(
      (await t.request({ method: 'DELETE', url: `/api/business-folder/file/${file.id}`, token: tokens.owner }))
        .statusCode,
    ).toBe(404);
  });

  it('removes the bytes of a deleted company’s files once the delete has committed', async () => {
    const doomed = await insertBusiness(t);
    await linkService(t, doomed.id, service.serviceId, '2020-01-01');
    const file = await uploadOne('empresa-borrada', doomed.id);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/business/${doomed.id}`, token: tokens.owner })).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => expect(await t.modules.storage.get(file.key)).toBeNull());
  });

  it('keeps the other files across a restart, and finishes on the next start a removal that storage refused', async () => {
    const kept = await uploadOne('se-queda');
    const file = await uploadOne('caida');
    const remove = vi.spyOn(t.modules.storage, 'remove').mockRejectedValue(new Error('almacenamiento caído'));
    await t.request({ method: 'DELETE', url: `/api/business-folder/file/${file.id}`, token: tokens.owner });
    // The removal that follows the delete tried and failed; any run still going ends here.
    await vi.waitFor(() => expect(remove).toHaveBeenCalled());
    await t.modules.documents.removeQueuedFiles();
    vi.restoreAllMocks();
    expect(await t.modules.storage.get(file.key)).not.toBeNull();
    // Another start on the same database and files (a restart, or a second instance) sweeps when ready.
    const restarted = await createTestApp({ DATA_DIR: t.dataDir }, { database: t.database });
    try {
      await restarted.app.ready();
      expect(await restarted.modules.storage.get(file.key)).toBeNull();
      // The file that was not deleted is still there, and the restarted server serves it.
      const token = await restarted.ownerToken();
      const listed = await restarted.request({
        method: 'GET',
        url: folderUrl(company.id, period, folders.declarations),
        token,
      });
      const survivor = (listed.json() as FolderView).files.find((candidate) => candidate.id === kept.id);
      const download = await restarted.request({ method: 'GET', url: pathOf(survivor?.url ?? '') });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(tinyPdf('se-queda'))).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe("'Avisar al cliente'", () => {
  it('e-mails the company’s contacts a working link to each file of the period, and logs the e-mail', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${folderUrl(company.id)}/notify`,
      token: tokens.collaborator,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(documentsMsg.clientNotified);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toEqual(response.json().emails);
    const link = mail?.text?.match(/http:\/\/\S+\/api\/download\/\S+/)?.[0] ?? '';
    const download = await t.request({ method: 'GET', url: pathOf(link) });
    expect(download.statusCode).toBe(200);
    const [logged] = await t.database.db.select().from(emailLog).where(eq(emailLog.businessId, company.id));
    expect(logged?.subject).toContain('Documentos de');
  });

  it('says so when the period has no files', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${folderUrl(company.id, previous)}/notify`,
      token: tokens.owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(documentsMsg.noFilesToNotify);
  });
});
