import { currentPeriod } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import { createFolderViaApi, folderViewViaApi } from './support/documents-fixtures';
import {
  createBusinessViaApi,
  createServiceViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { pageOverflowsSideways, seriousViolations } from './support/page-checks';

// A client on a 390 px phone writes to the firm with a photo; staff at 1280 px see it arrive live
// and unread, answer, and file the photo into that month's folder of the company's documents; the
// client reads the answer without reloading.

/** A real JPEG as a phone's camera would send one, drawn by the browser itself (640 × 480). */
async function photoFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#f4efe4';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#333';
    context.font = 'bold 42px sans-serif';
    context.fillText('BOLETA N° 4521', 60, 120);
    context.font = '32px sans-serif';
    context.fillText('Total: $ 45.990', 60, 220);
    return canvas.toDataURL('image/jpeg', 0.85).split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

test('a client sends a photo from a phone; staff see it live, answer and file it into the month’s documents', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two people in two browsers, two widths
  const service = await createServiceViaApi(request, uniqueName('Contabilidad'));
  const folder = await createFolderViaApi(request, service.id, { name: uniqueName('Boletas') });
  const company = await createBusinessViaApi(request, uniqueName('Panadería Mensajes'));
  await linkServiceViaApi(request, company.id, service.id);
  const client = { email: uniqueEmail('cliente-mensajes'), password: 'clave-cliente-1' };
  const created = await request.post('/api/user', {
    headers: await ownerHeaders(request),
    data: { name: 'Rosa', lastName: 'Díaz', role: 'client', businessId: company.id, ...client },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Staff: /mensajes at 1280 px, every company, searching this one (no message yet).
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOwner(page, `/mensajes?vista=todas&q=${encodeURIComponent(company.name)}`);
  await expect(page.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
  const conversations = page.getByRole('navigation', { name: 'Conversaciones' });
  const row = conversations.getByRole('link', { name: new RegExp(company.name) });
  await expect(row).toContainText('Sin mensajes');
  // Owners set after how many minutes an unread message is e-mailed.
  await expect(page.getByRole('button', { name: /^Aviso por correo: \d+ min$/ })).toBeVisible();

  // The client, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
  const clientPage = await phone.newPage();
  await signIn(clientPage, client.email, client.password, '/mensajes');
  await expect(clientPage.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
  await expect(clientPage.getByText('Aún no hay mensajes. Escribe el primero.')).toBeVisible();
  const photo = await photoFrom(clientPage);
  await clientPage
    .locator('input[type=file]')
    .setInputFiles({ name: 'IMG_4521.JPG', mimeType: 'image/jpeg', buffer: photo });
  await expect(clientPage.getByText('IMG_4521.JPG')).toBeVisible();
  await clientPage.getByRole('textbox', { name: 'Escribe un mensaje' }).fill('Hola, les envío la boleta de compras.');
  await clientPage.getByRole('button', { name: 'Enviar' }).click();
  const clientLog = clientPage.getByRole('log');
  await expect(clientLog.getByText('Hola, les envío la boleta de compras.')).toBeVisible();
  await expect(clientLog.getByRole('img', { name: 'IMG_4521.jpg' })).toBeVisible();
  expect(await pageOverflowsSideways(clientPage)).toBe(false);
  expect(await seriousViolations(clientPage)).toEqual([]);

  // Staff see it arrive without reloading: unread in the list.
  await expect(row).toContainText('Hola, les envío la boleta de compras.');
  await expect(row.getByLabel('1 mensaje sin leer')).toBeVisible();

  // Opening it shows the photo and reads it (the list's badge goes).
  await row.click();
  const log = page.getByRole('log', { name: `Mensajes con ${company.name}` });
  await expect(log.getByText('Hola, les envío la boleta de compras.')).toBeVisible();
  await expect(log.getByRole('img', { name: 'IMG_4521.jpg' })).toBeVisible();
  await expect(row.getByLabel('1 mensaje sin leer')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page
    .getByRole('textbox', { name: 'Escribe un mensaje' })
    .fill('Gracias Rosa, la archivamos en sus documentos.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(log.getByText('Gracias Rosa, la archivamos en sus documentos.')).toBeVisible();

  // 'Archivar en documentos': the message's month by default, the company's folder of it.
  await log.getByRole('button', { name: 'Archivar en documentos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archivar en documentos' });
  await expect(dialog.getByRole('combobox', { name: 'Carpeta' })).toHaveValue(new RegExp(folder.name));
  await dialog.getByRole('button', { name: 'Archivar', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(log.getByText(new RegExp(`Archivado en ${folder.name}`))).toBeVisible();

  // The photo is in that month's folder of the company's documents.
  const view = await folderViewViaApi(request, company.id, folder.id, currentPeriod());
  expect(view.files.map((file) => [file.name, file.contentType])).toEqual([['IMG_4521.jpg', 'image/jpeg']]);

  // The client reads the answer without reloading.
  await expect(clientLog.getByText('Gracias Rosa, la archivamos en sus documentos.')).toBeVisible();
  await phone.close();
});
