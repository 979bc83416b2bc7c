import fs from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { documentsMsg } from '@app/shared/messages-documents';
import { requestsMsg } from '@app/shared/messages-requests';
import { currentPeriod, type Period } from '@app/shared/period';
import type { FolderView, StoredFile } from '@app/shared/schemas/documents';
import type { RequestsEvent } from '@app/shared/schemas/requests';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { documentRequestItems, documentRequests } from '../requests/requests.tables.ts';
import { businessFiles, businessFolders } from './documents.tables.ts';
import {
  billionLaughsXml,
  dteXml,
  externalEntityXml,
  latin1Csv,
  malformedXml,
  renamedExecutable,
  tinyJpeg,
  tinyPdf,
  tinyPng,
  tinyXlsx,
  zipOf,
} from './upload-fixtures.ts';

// 50 KB, so an oversize file is small to send.
const { t, roles } = appWithEveryRole({ FILE_MAX_MB: '0.05' });

const period = currentPeriod();
const previous: Period =
  period.month === 1 ? { year: period.year - 1, month: 12 } : { ...period, month: period.month - 1 };
const next: Period = period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 };

/** Folder templates of the service: one clients may upload into, one they may not, one inactive. */
const templates = { open: 0, closed: 0, inactive: 0 };
/** The company folders of the current period, of the client's company and of another one. */
const mine = { open: 0, closed: 0, inactive: 0 };
const theirs = { open: 0 };
let otherCompanyId = 0;
let serviceId = 0;

async function createFolder(
  name: string,
  extra: { clientCanUpload?: boolean; isActive?: boolean },
  inService = serviceId,
) {
  const response = await t.request({
    method: 'POST',
    url: `/api/service/${inService}/folder`,
    token: roles.owner,
    payload: { name, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().folder.id as number;
  if (extra.clientCanUpload && !response.json().folder.clientCanUpload) {
    // The folder create of the services module keeps no 'El cliente puede subir' yet; its update does.
    const updated = await t.request({
      method: 'PUT',
      url: `/api/service/${inService}/folder/${id}`,
      token: roles.owner,
      payload: { name, clientCanUpload: true },
    });
    expect(updated.json().folder?.clientCanUpload, updated.body).toBe(true);
  }
  return id;
}

/** The company folder made from each template this period, as staff see them. */
async function companyFolders(businessId: number, at: Period = period) {
  const response = await t.request({
    method: 'GET',
    url: `/api/business/${businessId}/folder/year/${at.year}/month/${at.month}`,
    token: roles.owner,
  });
  expect(response.statusCode, response.body).toBe(200);
  const view = response.json() as FolderView;
  return new Map(view.folders.map((folder) => [folder.id, folder.businessFolderId]));
}

/** A request of the company's period with one item filed into `serviceFolderId`; answers the item's id. */
async function requestItem(businessId: number, serviceFolderId: number, at: Period = period) {
  const db = t.database.db;
  const [request] = await db
    .insert(documentRequests)
    .values({ businessId, ...at, title: 'Documentos del mes', dueDate: '2099-12-31' })
    .returning();
  const [item] = await db
    .insert(documentRequestItems)
    .values({ requestId: request?.id ?? 0, name: 'Cartola bancaria', serviceFolderId })
    .returning();
  return item?.id ?? 0;
}

const markReceived = (itemId: number) =>
  t.database.db.update(documentRequestItems).set({ status: 'received' }).where(eq(documentRequestItems.id, itemId));

const upload = (url: string, token: string | undefined, files: { name: string; bytes: Buffer }[]) =>
  t.request({ method: 'POST', url, token, ...multipartFiles(files) });
const folderUpload = (businessFolderId: number | string, token: string | undefined, files = [pdfFile()]) =>
  upload(`/api/business-folder/${businessFolderId}/file`, token, files);
const itemUpload = (itemId: number | string, token: string | undefined, files = [pdfFile()]) =>
  upload(`/api/request-item/${itemId}/file`, token, files);
const deleteFile = (id: number, token: string | undefined) =>
  t.request({ method: 'DELETE', url: `/api/business-folder/file/${id}`, token });

let pdfCount = 0;
const pdfFile = () => {
  pdfCount += 1;
  return { name: `documento-${pdfCount}.pdf`, bytes: tinyPdf(String(pdfCount)) };
};

/** Every name under the storage folder (keys and temporary files). */
async function storedNames(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const names: string[] = [];
  for (const folder of await fs.readdir(root).catch(() => [] as string[])) {
    names.push(...(await fs.readdir(path.join(root, folder))));
  }
  return names.sort();
}

const fileRows = () => t.database.db.select({ id: businessFiles.id }).from(businessFiles);

/** The 'requests.changed' events emitted while `action` runs (and its handlers' microtasks). */
async function requestsEvents<T>(action: () => Promise<T>): Promise<{ result: T; events: RequestsEvent[] }> {
  const events: RequestsEvent[] = [];
  const off = t.modules.events.on('requests.changed', (event) => {
    events.push(event);
  });
  try {
    const result = await action();
    await new Promise((resolve) => setImmediate(resolve));
    return { result, events };
  } finally {
    off();
  }
}

/** The signed link without the origin, for app.inject. */
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

beforeAll(async () => {
  serviceId = (await createServiceWithStates(t, 'Contabilidad mensual', [{ name: 'Pendiente', pctProgress: 0 }]))
    .serviceId;
  templates.open = await createFolder('Documentos del cliente', { clientCanUpload: true });
  templates.closed = await createFolder('Declaraciones', {});
  templates.inactive = await createFolder('Archivo antiguo', { clientCanUpload: true, isActive: false });
  await linkService(t, roles.clientBusinessId, serviceId, '2020-01-01');
  const folders = await companyFolders(roles.clientBusinessId);
  mine.open = folders.get(templates.open) ?? 0;
  mine.closed = folders.get(templates.closed) ?? 0;
  mine.inactive = folders.get(templates.inactive) ?? 0;
  const other = await insertBusiness(t);
  otherCompanyId = other.id;
  await linkService(t, other.id, serviceId, '2020-01-01');
  theirs.open = (await companyFolders(other.id)).get(templates.open) ?? 0;
  expect([mine.open, mine.closed, mine.inactive, theirs.open].every((id) => id > 0)).toBe(true);
});

describe('every accepted kind, recognised by its content', () => {
  const files = [
    { name: 'contrato.pdf', bytes: tinyPdf('contrato'), contentType: 'application/pdf', stored: 'contrato.pdf' },
    { name: 'boleta luz.JPG', bytes: tinyJpeg(), contentType: 'image/jpeg', stored: 'boleta luz.jpg' },
    // Named .PDF but really a PNG: stored as what it is.
    { name: 'factura.PDF', bytes: tinyPng(), contentType: 'image/png', stored: 'factura.png' },
    {
      name: 'cartola.xlsx',
      bytes: tinyXlsx(),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      stored: 'cartola.xlsx',
    },
    { name: 'DTE 33 folio 1234.xml', bytes: dteXml(), contentType: 'application/xml', stored: 'DTE 33 folio 1234.xml' },
    { name: 'movimientos', bytes: latin1Csv(), contentType: 'text/csv', stored: 'movimientos.csv' },
  ];

  it('a client uploads each into a folder that allows it: stored with its type and extension, marked as from the client', async () => {
    const response = await folderUpload(mine.open, roles.client, files);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json().files as StoredFile[];
    expect(stored.map((file) => [file.name, file.contentType, file.fromClient, file.requestItemId])).toEqual(
      files.map((file) => [file.stored, file.contentType, true, null]),
    );
    // Each downloads as stored: its type, never sniffed, as an attachment.
    for (const [index, file] of stored.entries()) {
      const download = await t.request({ method: 'GET', url: pathOf(file.url) });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(files[index]?.contentType);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toMatch(/^attachment; /);
      expect(download.rawPayload.equals(files[index]?.bytes ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('staff upload the same kinds anywhere, not marked as from the client', async () => {
    const response = await folderUpload(mine.closed, roles.collaborator, files);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json().files as StoredFile[];
    expect(stored.map((file) => [file.name, file.contentType, file.fromClient])).toEqual(
      files.map((file) => [file.stored, file.contentType, false]),
    );
    // The folder view lists them with the same fields.
    const view = await t.request({
      method: 'GET',
      url: `/api/business/${roles.clientBusinessId}/folder/${templates.closed}/year/${period.year}/month/${period.month}`,
      token: roles.owner,
    });
    const listed = (view.json() as FolderView).files.filter((file) => stored.some((one) => one.id === file.id));
    expect(listed.map((file) => file.contentType).sort()).toEqual(files.map((file) => file.contentType).sort());
  });
});

describe('refused uploads store nothing', () => {
  const refusals: [string, { name: string; bytes: Buffer }, number, string][] = [
    ['an executable renamed .pdf', { name: 'factura.pdf', bytes: renamedExecutable() }, 415, documentsMsg.notAccepted],
    ['an XML with an external entity', { name: 'dte.xml', bytes: externalEntityXml() }, 415, documentsMsg.invalidXml],
    ['a billion laughs', { name: 'dte.xml', bytes: billionLaughsXml() }, 415, documentsMsg.invalidXml],
    ['a malformed XML', { name: 'dte.xml', bytes: malformedXml() }, 415, documentsMsg.invalidXml],
    [
      'a plain ZIP renamed .xlsx',
      { name: 'planilla.xlsx', bytes: zipOf([{ name: 'hola.txt', content: 'hola' }]) },
      415,
      documentsMsg.notAccepted,
    ],
    ['a text file renamed .pdf', { name: 'factura.pdf', bytes: Buffer.from('hola\n') }, 415, documentsMsg.invalidPdf],
    [
      'a CSV with a NUL',
      { name: 'banco.csv', bytes: Buffer.from('a;b\r\n1;\u0000\r\n') },
      415,
      documentsMsg.notAccepted,
    ],
    [
      'a file over FILE_MAX_MB',
      { name: 'grande.csv', bytes: Buffer.alloc(60 * 1024, 65) },
      413,
      documentsMsg.tooLarge(0.05),
    ],
  ];

  it.each(refusals)(
    'refuses %s, with the good file before it, for a client and for staff',
    async (_label, file, status, message) => {
      for (const token of [roles.client, roles.owner]) {
        const rowsBefore = (await fileRows()).length;
        const before = await storedNames();
        const response = await folderUpload(mine.open, token, [pdfFile(), file]);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().message).toBe(message);
        expect((await fileRows()).length).toBe(rowsBefore);
        expect(await storedNames()).toEqual(before);
      }
    },
  );

  it('refuses the same against a request item', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.closed);
    for (const [label, file, status, message] of refusals) {
      const before = await storedNames();
      const response = await itemUpload(item, roles.client, [pdfFile(), file]);
      expect(response.statusCode, label).toBe(status);
      expect(response.json().message).toBe(message);
      expect(await storedNames(), label).toEqual(before);
    }
  });
});

describe('who uploads into a company folder', () => {
  it('staff into any folder; anonymous 401', async () => {
    for (const token of [roles.owner, roles.collaborator]) {
      for (const folder of [mine.open, mine.closed, mine.inactive, theirs.open]) {
        expect((await folderUpload(folder, token)).statusCode).toBe(201);
      }
    }
    const anonymous = await folderUpload(mine.open, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(msg.unauthorized);
  });

  it('refuses a client another company’s folder, a folder that does not allow it (403) or that it cannot see, storing nothing', async () => {
    const before = await storedNames();
    const rowsBefore = (await fileRows()).length;
    for (const folder of [theirs.open, mine.closed]) {
      const response = await folderUpload(folder, roles.client);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(msg.forbidden);
    }
    // An inactive folder is hidden from the client, as in its folder view.
    const hidden = await folderUpload(mine.inactive, roles.client);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(documentsMsg.folderNotFound);
    expect(await storedNames()).toEqual(before);
    expect((await fileRows()).length).toBe(rowsBefore);
  });

  it('refuses a client a folder of a period not yet open, and of a service that no longer applies', async () => {
    const [future] = await t.database.db
      .insert(businessFolders)
      .values({ businessId: roles.clientBusinessId, serviceFolderId: templates.open, ...next })
      .returning();
    const early = await folderUpload(future?.id ?? 0, roles.client);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(boardMsg.periodInFuture);
    // A folder of the client's company from a service it has since lost.
    const otherService = await createServiceWithStates(t, 'Remuneraciones', [{ name: 'Pendiente', pctProgress: 0 }], 2);
    const unlinkedTemplate = await createFolder('Liquidaciones', { clientCanUpload: true }, otherService.serviceId);
    const [orphan] = await t.database.db
      .insert(businessFolders)
      .values({ businessId: roles.clientBusinessId, serviceFolderId: unlinkedTemplate, ...period })
      .returning();
    expect((await folderUpload(orphan?.id ?? 0, roles.client)).statusCode).toBe(404);
  });

  it('answers an unknown folder 404 and a malformed id 400 in Spanish, never 500', async () => {
    const unknown = await folderUpload(2_000_000_000, roles.client);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(documentsMsg.folderNotFound);
    for (const id of ['0', 'abc', '2147483648', '1.5', '%00']) {
      const response = await folderUpload(id, roles.owner);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message, id).toBe(msg.invalidId);
    }
  });
});

describe('uploads against a request item', () => {
  it('a client answers its item: the file goes into the period’s folder for it (made when missing), and staff hear it', async () => {
    // The previous period's folders were never opened: the upload makes the item's one.
    const item = await requestItem(roles.clientBusinessId, templates.closed, previous);
    const { result: response, events } = await requestsEvents(() =>
      itemUpload(item, roles.client, [
        { name: 'cartola octubre.pdf', bytes: tinyPdf('cartola') },
        { name: 'cartola.csv', bytes: latin1Csv() },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ count: 2, message: documentsMsg.filesAdded(2) });
    const stored = response.json().files as StoredFile[];
    expect(stored.map((file) => [file.name, file.fromClient, file.requestItemId])).toEqual([
      ['cartola octubre.pdf', true, item],
      ['cartola.csv', true, item],
    ]);
    expect(events).toEqual([{ businessId: roles.clientBusinessId, ...previous }]);
    const folderId = (await companyFolders(roles.clientBusinessId, previous)).get(templates.closed);
    const view = await t.request({
      method: 'GET',
      url: `/api/business/${roles.clientBusinessId}/folder/${templates.closed}/year/${previous.year}/month/${previous.month}`,
      token: roles.owner,
    });
    expect((view.json() as FolderView).folder?.businessFolderId).toBe(folderId);
    expect((view.json() as FolderView).files.map((file) => file.id).sort()).toEqual(
      stored.map((file) => file.id).sort(),
    );
    // The requests module reads them per item, oldest first.
    const client = { id: 0, role: 'client' as const, businessId: roles.clientBusinessId, sessionId: 'prueba' };
    const byItem = await t.modules.documents.listItemFiles(client, [item, 2_000_000_000]);
    expect(byItem.get(item)?.map((file) => file.name)).toEqual(['cartola octubre.pdf', 'cartola.csv']);
    expect(byItem.has(2_000_000_000)).toBe(false);
  });

  it('staff may answer an item too; another company’s item is 403 to the client, for nothing stored', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.closed);
    const byStaff = await itemUpload(item, roles.collaborator);
    expect(byStaff.statusCode).toBe(201);
    expect(byStaff.json().files[0]).toMatchObject({ fromClient: false, requestItemId: item });
    const foreign = await requestItem(otherCompanyId, templates.open);
    const before = await storedNames();
    const refused = await itemUpload(foreign, roles.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(msg.forbidden);
    expect(await storedNames()).toEqual(before);
    expect((await itemUpload(foreign, roles.owner)).statusCode).toBe(201);
    expect((await itemUpload(item, undefined)).statusCode).toBe(401);
  });

  it('refuses an item already received (400), an unknown item (404) and a malformed id (400)', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.open);
    await markReceived(item);
    const before = await storedNames();
    for (const token of [roles.client, roles.owner]) {
      const received = await itemUpload(item, token);
      expect(received.statusCode).toBe(400);
      expect(received.json().message).toBe(requestsMsg.itemAlreadyReceived);
    }
    const unknown = await itemUpload(2_000_000_000, roles.client);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(requestsMsg.itemNotFound);
    for (const id of ['0', 'x', '2147483648', '-3']) {
      const response = await itemUpload(id, roles.client);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe(msg.invalidId);
    }
    expect(await storedNames()).toEqual(before);
  });
});

describe('a cut-off multipart body', () => {
  it('answers 400 in the app’s shape on both upload routes, and stores nothing', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.open);
    const rowsBefore = (await fileRows()).length;
    for (const url of [`/api/business-folder/${mine.open}/file`, `/api/request-item/${item}/file`]) {
      // The opening boundary and nothing after it: the body ends inside the first part's headers.
      const response = await t.request({
        method: 'POST',
        url,
        token: roles.owner,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\n',
      });
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json()).toEqual({ message: msg.badRequest });
    }
    expect(await fileRows()).toHaveLength(rowsBefore);
  });
});

describe('a client deletes what it sent', () => {
  it('deletes its own upload while the item is not received, and staff hear it', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.closed);
    const sent = (await itemUpload(item, roles.client)).json().files[0] as StoredFile;
    const { result: response, events } = await requestsEvents(() => deleteFile(sent.id, roles.client));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(documentsMsg.fileDeleted);
    expect(events).toEqual([{ businessId: roles.clientBusinessId, ...period }]);
    // An upload into a folder, answering no item, is its own to delete too.
    const loose = (await folderUpload(mine.open, roles.client)).json().files[0] as StoredFile;
    const quiet = await requestsEvents(() => deleteFile(loose.id, roles.client));
    expect(quiet.result.statusCode).toBe(200);
    expect(quiet.events).toEqual([]);
  });

  it('refuses once the item is received; staff still delete it', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.closed);
    const sent = (await itemUpload(item, roles.client)).json().files[0] as StoredFile;
    await markReceived(item);
    const refused = await deleteFile(sent.id, roles.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(msg.forbidden);
    expect((await deleteFile(sent.id, roles.owner)).statusCode).toBe(200);
  });

  it('refuses another client’s upload, staff’s file, and another company’s file', async () => {
    const colleague = await t.userWithRole('client', { businessId: roles.clientBusinessId });
    const item = await requestItem(roles.clientBusinessId, templates.closed);
    const byColleague = (await itemUpload(item, colleague.token)).json().files[0] as StoredFile;
    const byStaff = (await itemUpload(item, roles.collaborator)).json().files[0] as StoredFile;
    const outsider = await t.userWithRole('client', { businessId: otherCompanyId });
    const foreign = (await folderUpload(theirs.open, outsider.token)).json().files[0] as StoredFile;
    for (const file of [byColleague, byStaff, foreign]) {
      const response = await deleteFile(file.id, roles.client);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(msg.forbidden);
    }
    expect((await deleteFile(byColleague.id, colleague.token)).statusCode).toBe(200);
    expect((await deleteFile(byStaff.id, undefined)).statusCode).toBe(401);
    expect((await deleteFile(2_000_000_000, roles.client)).statusCode).toBe(404);
  });
});
