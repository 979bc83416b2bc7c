import fs from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@app/shared/messages';
import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod, type Period } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { beforeAll, expect } from 'vitest';
import { businessFiles } from '../modules/documents/documents.tables.ts';
import { createServiceWithStates, insertBusiness, linkService } from './factories.ts';
import { multipartFiles } from './pdf-fixtures.ts';
import { appWithEveryRole } from './route-suite.ts';
import {
  billionLaughsXml,
  externalEntityXml,
  malformedXml,
  renamedExecutable,
  tinyPdf,
  zipOf,
} from './upload-fixtures.ts';

const period = currentPeriod();
const previous: Period =
  period.month === 1 ? { year: period.year - 1, month: 12 } : { ...period, month: period.month - 1 };
const next: Period = period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 };

/** Files every upload refuses, with the status and message it answers (FILE_MAX_MB 0.05). */
export const REFUSED_FILES: [string, { name: string; bytes: Buffer }, number, string][] = [
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
  ['a CSV with a NUL', { name: 'banco.csv', bytes: Buffer.from('a;b\r\n1;\u0000\r\n') }, 415, documentsMsg.notAccepted],
  [
    'a file over FILE_MAX_MB',
    { name: 'grande.csv', bytes: Buffer.alloc(60 * 1024, 65) },
    413,
    documentsMsg.tooLarge(0.05),
  ],
];

/**
 * One app (FILE_MAX_MB 0.05, so an oversize file is small to send) with a user of each role and a
 * service whose folder templates are one clients may upload into, one they may not and one
 * inactive, linked to the client's company and to another one: the folders clients and staff
 * upload into, in the calling file. Registers its start in beforeAll.
 */
export function clientUploadSuite() {
  const { t, roles } = appWithEveryRole({ FILE_MAX_MB: '0.05' });

  /** Folder templates of the service: one clients may upload into, one they may not, one inactive. */
  const templates = { open: 0, closed: 0, inactive: 0 };
  /** The company folders of the current period, of the client's company and of another one. */
  const mine = { open: 0, closed: 0, inactive: 0 };
  const theirs = { open: 0 };
  const ids = { otherCompany: 0, service: 0 };

  async function createFolder(
    name: string,
    extra: { clientCanUpload?: boolean; isActive?: boolean },
    inService = ids.service,
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

  const fileRows = () => t.database.db.select({ id: businessFiles.id }).from(businessFiles);
  const upload = (url: string, token: string | undefined, files: { name: string; bytes: Buffer }[]) =>
    t.request({ method: 'POST', url, token, ...multipartFiles(files) });

  let pdfCount = 0;
  const pdfFile = () => {
    pdfCount += 1;
    return { name: `documento-${pdfCount}.pdf`, bytes: tinyPdf(String(pdfCount)) };
  };

  beforeAll(async () => {
    ids.service = (
      await createServiceWithStates(t, 'Contabilidad mensual', [{ name: 'Pendiente', pctProgress: 0 }])
    ).serviceId;
    templates.open = await createFolder('Documentos del cliente', { clientCanUpload: true });
    templates.closed = await createFolder('Declaraciones', {});
    templates.inactive = await createFolder('Archivo antiguo', { clientCanUpload: true, isActive: false });
    await linkService(t, roles.clientBusinessId, ids.service, '2020-01-01');
    const folders = await companyFolders(roles.clientBusinessId);
    mine.open = folders.get(templates.open) ?? 0;
    mine.closed = folders.get(templates.closed) ?? 0;
    mine.inactive = folders.get(templates.inactive) ?? 0;
    const other = await insertBusiness(t);
    ids.otherCompany = other.id;
    await linkService(t, other.id, ids.service, '2020-01-01');
    theirs.open = (await companyFolders(other.id)).get(templates.open) ?? 0;
    expect([mine.open, mine.closed, mine.inactive, theirs.open].every((id) => id > 0)).toBe(true);
  });

  return {
    t,
    roles,
    period,
    previous,
    next,
    templates,
    mine,
    theirs,
    /** The other company's id and the service's, once the suite has started. */
    ids,
    createFolder,
    companyFolders,
    upload,
    folderUpload: (businessFolderId: number | string, token: string | undefined, files = [pdfFile()]) =>
      upload(`/api/business-folder/${businessFolderId}/file`, token, files),
    deleteFile: (id: number, token: string | undefined) =>
      t.request({ method: 'DELETE', url: `/api/business-folder/file/${id}`, token }),
    /** A small PDF with a name of its own. */
    pdfFile,
    /** Every name under the storage folder (keys and temporary files). */
    async storedNames(): Promise<string[]> {
      const root = path.join(t.dataDir, 'files');
      const names: string[] = [];
      for (const folder of await fs.readdir(root).catch(() => [] as string[])) {
        names.push(...(await fs.readdir(path.join(root, folder))));
      }
      return names.sort();
    },
    fileRows,
    /**
     * A multipart body cut off inside its first part's headers (the opening boundary alone) answers
     * 400 in the app's shape on `url`, and stores no file row.
     */
    async expectCutOffBodyRefused(url: string) {
      const rowsBefore = (await fileRows()).length;
      const response = await t.request({
        method: 'POST',
        url,
        token: roles.owner,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\n',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: msg.badRequest });
      expect(await fileRows()).toHaveLength(rowsBefore);
    },
  };
}
