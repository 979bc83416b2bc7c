import { currentPeriod } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createServiceViaApi,
  linkServiceViaApi,
  ownerHeaders,
  uniqueEmail,
  uniqueName,
} from './fixtures';

/** A small but valid one-page PDF whose page says `text` (the server checks '%PDF-' and '%%EOF'). */
export function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A file for Playwright's setInputFiles. */
export const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) });

/** Creates a folder template of a service (optionally inside another) through the API as the owner. */
export async function createFolderViaApi(
  request: APIRequestContext,
  serviceId: number,
  folder: { name: string; parentFolderId?: number; isActive?: boolean },
) {
  const response = await request.post(`/api/service/${serviceId}/folder`, {
    headers: await ownerHeaders(request),
    data: { isActive: true, ...folder },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).folder as { id: number; name: string };
}

/** A company's folder view of a month as the owner (GET …/folder[/{folderId}]/year/{y}/month/{m}). */
export async function folderViewViaApi(
  request: APIRequestContext,
  businessId: number,
  folderId: number | null,
  period: { year: number; month: number },
  headers?: Record<string, string>,
) {
  const folder = folderId === null ? '' : `/${folderId}`;
  const response = await request.get(
    `/api/business/${businessId}/folder${folder}/year/${period.year}/month/${period.month}`,
    { headers: headers ?? (await ownerHeaders(request)) },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FolderView;
}

/** A multipart body with the repeated field 'file'. */
function pdfForm(names: string[]) {
  const form = new FormData();
  for (const name of names)
    form.append('file', new Blob([new Uint8Array(pdfBytes(name))], { type: 'application/pdf' }), name);
  return form;
}

/** Uploads PDFs into a company folder of one month through the API as the owner. */
export async function uploadViaApi(request: APIRequestContext, businessFolderId: number, names: string[]) {
  const response = await request.post(`/api/business-folder/${businessFolderId}/file`, {
    headers: await ownerHeaders(request),
    multipart: pdfForm(names),
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * A company with one service and its folder tree: 'Declaraciones' (active) holding 'Boletas'
 * (active), and 'Borradores' (inactive); plus a client user of the company.
 */
export async function companyWithFolders(request: APIRequestContext) {
  const service = await createServiceViaApi(request, uniqueName('Contabilidad'));
  const declaraciones = await createFolderViaApi(request, service.id, { name: uniqueName('Declaraciones') });
  const boletas = await createFolderViaApi(request, service.id, {
    name: uniqueName('Boletas'),
    parentFolderId: declaraciones.id,
  });
  const borradores = await createFolderViaApi(request, service.id, { name: uniqueName('Borradores'), isActive: false });
  const business = await createBusinessViaApi(request, uniqueName('Comercial Andes'));
  await linkServiceViaApi(request, business.id, service.id);
  const client = { email: uniqueEmail('cliente'), password: 'clave-cliente-1' };
  const response = await request.post('/api/user', {
    headers: await ownerHeaders(request),
    data: { name: 'Camila', lastName: 'Rojas', role: 'client', businessId: business.id, ...client },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { service, business, client, folders: { declaraciones, boletas, borradores } };
}

/** The company folder id (per month) of a folder template. */
export async function businessFolderIdOf(
  request: APIRequestContext,
  businessId: number,
  folderId: number,
  period: { year: number; month: number },
) {
  const view = await folderViewViaApi(request, businessId, folderId, period);
  return (view.folder as NonNullable<FolderView['folder']>).businessFolderId;
}

/**
 * The start of a documents flow: 90 s to run, the clipboard usable (links are copied), a company
 * with its folders, and the current period.
 */
export async function documentsFlow(context: BrowserContext, request: APIRequestContext) {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { ...(await companyWithFolders(request)), period: currentPeriod() };
}
