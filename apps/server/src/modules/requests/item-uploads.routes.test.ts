import { msg } from '@app/shared/messages';
import { documentsMsg } from '@app/shared/messages-documents';
import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import type { FolderView, StoredFile } from '@app/shared/schemas/documents';
import type { RequestsEvent } from '@app/shared/schemas/requests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientUploadSuite, REFUSED_FILES } from '../../test/client-upload-suite.ts';
import { latin1Csv, tinyPdf } from '../../test/upload-fixtures.ts';
import { documentRequestItems, documentRequests } from './requests.tables.ts';

// Files sent against request items: they go into the company folders (whose own uploads are
// the documents module's client-uploads.routes.test.ts), and a client deletes what it sent.
const {
  t,
  roles,
  period,
  previous,
  templates,
  mine,
  theirs,
  ids,
  companyFolders,
  upload,
  folderUpload,
  deleteFile,
  pdfFile,
  storedNames,
  expectCutOffBodyRefused,
} = clientUploadSuite();

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

const itemUpload = (itemId: number | string, token: string | undefined, files = [pdfFile()]) =>
  upload(`/api/request-item/${itemId}/file`, token, files);

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

describe('refused uploads store nothing', () => {
  it('refuses the same against a request item', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.closed);
    for (const [label, file, status, message] of REFUSED_FILES) {
      const before = await storedNames();
      const response = await itemUpload(item, roles.client, [pdfFile(), file]);
      expect(response.statusCode, label).toBe(status);
      expect(response.json().message).toBe(message);
      expect(await storedNames(), label).toEqual(before);
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
    const foreign = await requestItem(ids.otherCompany, templates.open);
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
  it('answers 400 in the app’s shape on the item upload route, and stores nothing', async () => {
    const item = await requestItem(roles.clientBusinessId, templates.open);
    await expectCutOffBodyRefused(`/api/request-item/${item}/file`);
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
    const outsider = await t.userWithRole('client', { businessId: ids.otherCompany });
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
