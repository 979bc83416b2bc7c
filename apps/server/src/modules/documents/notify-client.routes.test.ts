import fs from 'node:fs';
import path from 'node:path';
import { documentsMsg } from '@app/shared/messages-documents';
import { mailMsg } from '@app/shared/messages-mail';
import { currentPeriod } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Links that work from whatever address the app was opened at, and an
 * 'Avisar al cliente' that says whether the e-mail really left.
 */
const period = currentPeriod();

let services = 0;
/** A company with contacts, a folder of the current period and one PDF in it. */
async function companyWithFile(t: TestApp) {
  const owner = await t.ownerToken();
  const business = await insertBusiness(t, { contact: 'ana@aromos.cl' });
  services += 1;
  const service = await createServiceWithStates(t, `Impuestos ${services}`, [{ name: 'Pendiente', pctProgress: 0 }]);
  const created = await t.request({
    method: 'POST',
    url: `/api/service/${service.serviceId}/folder`,
    token: owner,
    payload: { name: 'Declaraciones' },
  });
  const folderId = created.json().folder.id as number;
  await linkService(t, business.id, service.serviceId, '2020-01-01');
  const folderUrl = `/api/business/${business.id}/folder/${folderId}/year/${period.year}/month/${period.month}`;
  const opened = (await t.request({ method: 'GET', url: folderUrl, token: owner })).json() as FolderView;
  const uploaded = await t.request({
    method: 'POST',
    url: `/api/business-folder/${opened.folder?.businessFolderId}/file`,
    token: owner,
    ...multipartFiles([{ name: 'F29.pdf', bytes: tinyPdf('f29') }]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return {
    owner,
    list: async () => (await t.request({ method: 'GET', url: folderUrl, token: owner })).json() as FolderView,
    notify: (headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: `/api/business/${business.id}/folder/year/${period.year}/month/${period.month}/notify`,
        token: owner,
        headers,
      }),
  };
}

describe('without APP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PORT: '3999' });
  });
  afterAll(() => t.close());

  it('lists download links relative to the address the app was opened at', async () => {
    const company = await companyWithFile(t);
    const [file] = (await company.list()).files;
    expect(file?.url).toMatch(/^\/api\/download\/[\w-]+\.[\w-]+$/);
    expect(file?.url).not.toContain('localhost');
    const download = await t.request({ method: 'GET', url: file?.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('e-mails links on localhost (never on the request’s Host), as the start-up warning and the owner’s screens say', async () => {
    const company = await companyWithFile(t);
    const response = await company.notify({ host: 'atacante.example', 'x-forwarded-host': 'atacante.example' });
    expect(response.statusCode, response.body).toBe(200);
    const text = t.mailer.sent.at(-1)?.text ?? '';
    expect(text).toMatch(/http:\/\/localhost:3999\/api\/download\/[\w-]+\.[\w-]+/);
    expect(text).not.toContain('atacante');
  });
});

describe('with APP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://estudio.example.cl/' });
  });
  afterAll(() => t.close());

  it('still lists relative links, and e-mails absolute links on APP_URL that download the file', async () => {
    const company = await companyWithFile(t);
    expect((await company.list()).files[0]?.url).toMatch(/^\/api\/download\//);
    const response = await company.notify();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: documentsMsg.clientNotified, delivery: 'sent' });
    const link = t.mailer.sent.at(-1)?.text?.match(/https:\/\/estudio\.example\.cl\/api\/download\/\S+/)?.[0];
    expect(link).toBeDefined();
    const download = await t.request({ method: 'GET', url: new URL(link ?? '').pathname });
    expect(download.statusCode).toBe(200);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { mailer: 'configured' });
  });
  afterAll(() => t.close());

  it('says the notice was saved in the local outbox, not that the client was told', async () => {
    const company = await companyWithFile(t);
    const response = await company.notify();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: mailMsg.savedToOutbox, delivery: 'outbox' });
    expect(response.json().message).not.toBe(documentsMsg.clientNotified);
    expect(fs.readdirSync(path.join(t.dataDir, 'outbox'))).toHaveLength(1);
  });
});
