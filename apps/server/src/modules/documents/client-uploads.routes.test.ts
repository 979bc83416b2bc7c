import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { documentsMsg } from '@app/shared/messages-documents';
import type { FolderView, StoredFile } from '@app/shared/schemas/documents';
import { describe, expect, it } from 'vitest';
import { clientUploadSuite, REFUSED_FILES } from '../../test/client-upload-suite.ts';
import { createServiceWithStates } from '../../test/factories.ts';
import { dteXml, latin1Csv, tinyJpeg, tinyPdf, tinyPng, tinyXlsx } from '../../test/upload-fixtures.ts';
import { businessFolders } from './documents.tables.ts';

// Uploads into company folders; those against a request item are the requests module's
// (item-uploads.routes.test.ts), on the same folders.
const {
  t,
  roles,
  period,
  next,
  templates,
  mine,
  theirs,
  createFolder,
  folderUpload,
  pdfFile,
  storedNames,
  fileRows,
  expectCutOffBodyRefused,
} = clientUploadSuite();

/** The signed link without the origin, for app.inject. */
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

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
  it.each(REFUSED_FILES)(
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

describe('a cut-off multipart body', () => {
  it('answers 400 in the app’s shape on the folder upload route, and stores nothing', async () => {
    await expectCutOffBodyRefused(`/api/business-folder/${mine.open}/file`);
  });
});
