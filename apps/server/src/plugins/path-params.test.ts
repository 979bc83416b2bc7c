import { msg } from '@app/shared/messages';
import { currentPeriod } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINK_TOKEN_LENGTH } from '../lib/download-links.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../test/factories.ts';
import { multipartFiles, tinyPdf } from '../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const period = currentPeriod();
/** The largest id a serial column (PostgreSQL integer) gives, so the largest a link can carry. */
const LARGEST_ID = 2_147_483_647;

let t: TestApp;
let owner: string;
let business: { id: number };
let folderId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.ownerToken();
  business = await insertBusiness(t, { startContract: '2020-01-01' });
  const service = await createServiceWithStates(t, 'Impuestos', [{ name: 'Pendiente', pctProgress: 0 }]);
  const folder = await t.request({
    method: 'POST',
    url: `/api/service/${service.serviceId}/folder`,
    token: owner,
    payload: { name: 'Declaraciones' },
  });
  expect(folder.statusCode).toBe(201);
  await linkService(t, business.id, service.serviceId, '2020-01-01');
  const view = await t.request({
    method: 'GET',
    url: `/api/business/${business.id}/folder/year/${period.year}/month/${period.month}`,
    token: owner,
  });
  expect(view.statusCode, view.body).toBe(200);
  folderId = (view.json() as FolderView).folders[0]?.id ?? 0;
});
afterAll(() => t.close());

/** The next user and file get these ids, as after years of use. */
async function nextIds(userId: number, fileId: number) {
  await t.database.db.execute(sql.raw(`ALTER SEQUENCE users_id_seq RESTART WITH ${userId}`));
  await t.database.db.execute(sql.raw(`ALTER SEQUENCE business_files_id_seq RESTART WITH ${fileId}`));
}

/** A client of the company (id as the sequence gives) downloads a new file (id likewise): their own link. */
async function clientLinkAndBytes(name: string) {
  const client = await t.userWithRole('client', { businessId: business.id });
  const uploaded = await t.request({
    method: 'POST',
    url: `/api/business-folder/${folderId}/file`,
    token: owner,
    ...multipartFiles([{ name: `${name}.pdf`, bytes: tinyPdf(name) }]),
  });
  expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
  const view = await t.request({
    method: 'GET',
    url: `/api/business/${business.id}/folder/${folderId}/year/${period.year}/month/${period.month}`,
    token: client.token,
  });
  expect(view.statusCode, view.body).toBe(200);
  const file = (view.json() as FolderView).files.find((each) => each.name === `${name}.pdf`);
  if (!file) throw new Error('file not listed');
  return { client, file, url: new URL(file.url, 'http://localhost').pathname };
}

describe('signed download links with realistic ids', () => {
  it('serves a client link whose user and file ids are past 4 digits (token over 100 characters)', async () => {
    await nextIds(48_213, 91_377);
    const { client, file, url } = await clientLinkAndBytes('balance-grande');
    expect([client.id, file.id]).toEqual([48_213, 91_377]);
    const token = url.replace('/api/download/', '');
    expect(token.length).toBeGreaterThan(100);
    const download = await t.request({ method: 'GET', url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(tinyPdf('balance-grande'))).toBe(true);
  });

  it('serves a link carrying the largest ids there can be, within the computed longest token', async () => {
    await nextIds(LARGEST_ID, LARGEST_ID);
    const { client, file, url } = await clientLinkAndBytes('balance-maximo');
    expect([client.id, file.id]).toEqual([LARGEST_ID, LARGEST_ID]);
    const token = url.replace('/api/download/', '');
    expect(token.length).toBeGreaterThan(120);
    expect(token.length).toBeLessThanOrEqual(MAX_LINK_TOKEN_LENGTH);
    const download = await t.request({ method: 'GET', url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(tinyPdf('balance-maximo'))).toBe(true);
  });
});

describe('over-long or malformed path parameters', () => {
  it("answers a parameter longer than any link the app issues in the app's Spanish shape, without echoing the URL", async () => {
    const longToken = `${'A'.repeat(MAX_LINK_TOKEN_LENGTH)}.firma`;
    const response = await t.request({ method: 'GET', url: `/api/download/${longToken}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: msg.uriTooLong });
    expect(response.body).not.toContain('AAAAAAAAAA');
    expect(response.body).not.toContain('/api/download');
  });

  it('answers a long parameter on an id route the same way', async () => {
    const response = await t.request({ method: 'GET', url: `/api/business/${'9'.repeat(500)}`, token: owner });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: msg.uriTooLong });
  });

  it('answers a badly encoded parameter with 400 in Spanish, without echoing it', async () => {
    const response = await t.request({ method: 'GET', url: '/api/download/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: msg.badRequest });
    expect(response.body).not.toContain('%E0');
  });
});
