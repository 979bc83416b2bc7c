import { documentsMsg } from '@app/shared/messages-documents';
import { requestsMsg } from '@app/shared/messages-requests';
import { currentPeriod } from '@app/shared/period';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { companyWithFolders, createFolderViaApi, pdfFile } from './support/documents-fixtures';
import { ownerHeaders, signIn, signInAsOwner, uniqueName } from './support/fixtures';
import { monthTitle } from './support/months';
import { expectNoSeriousViolations } from './support/page-checks';

// A client on a phone: 390 × 844, touch, the mobile user agent.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A 1 × 1 PNG, as a phone's photo of a receipt would arrive (the server checks the content). */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A file name no other test uses. */
const uniqueFile = (prefix: string, extension: string) =>
  `${uniqueName(prefix).replace(/\s+/g, '-').toLowerCase()}.${extension}`;

/** 'YYYY-MM-DD' a few days before today: the request is late whatever the hour in Santiago. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (date: string) => date.split('-').reverse().join('-');

/** Writes a request to the company for the current period through the API as the owner. */
async function createRequestViaApi(
  request: APIRequestContext,
  body: { businessId: number; title: string; dueDate: string; items: { name: string; serviceFolderId: number }[] },
) {
  const period = currentPeriod();
  const response = await request.post('/api/requests', {
    headers: await ownerHeaders(request),
    data: { ...body, year: period.year, month: period.month },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Nothing sticks out sideways on the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Big enough to tap with a finger. */
async function expectTappable(control: Locator) {
  expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
}

test('a client on a phone answers a request: pending first, a PDF and a photo sent, one taken back, a fake PDF refused, and staff see it arrive live', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { business, client, folders } = await companyWithFolders(request);
  const period = currentPeriod();
  const title = uniqueName('Documentos del mes');
  const invoices = 'Facturas de compra';
  const statement = 'Cartola bancaria';
  const dueDate = daysAgo(3);
  await createRequestViaApi(request, {
    businessId: business.id,
    title,
    dueDate,
    items: [
      { name: invoices, serviceFolderId: folders.declaraciones.id },
      { name: statement, serviceFolderId: folders.boletas.id },
    ],
  });
  const invoicePdf = uniqueFile('factura', 'pdf');
  const photo = uniqueFile('foto-cartola', 'png');

  // Staff watch the company's documents page on a computer, in a browser of their own.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signInAsOwner(staff, `/documentos/empresa/${business.id}?anio=${period.year}&mes=${period.month}`);
  const staffInvoices = staff.getByRole('listitem', { name: invoices, exact: true });
  await expect(staffInvoices).toContainText(requestsMsg.itemLookLabels.pendiente);

  // The client's home: the pending request comes before the folders.
  await signIn(page, client.email, client.password);
  const pending = page.getByRole('heading', { name: requestsMsg.clientPendingTitle, level: 3 });
  const foldersTitle = page.getByRole('heading', { name: `${business.name} - ${monthTitle(period)}`, level: 3 });
  await expect(pending).toBeVisible();
  await expect(foldersTitle).toBeVisible();
  expect((await pending.boundingBox())?.y ?? 0).toBeLessThan((await foldersTitle.boundingBox())?.y ?? 0);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText(monthTitle(period));
  await expect(card).toContainText(`Vence el ${ddmmyyyy(dueDate)}`);
  await expect(card.getByText(requestsMsg.requestStateLabels.atrasada, { exact: true })).toBeVisible();

  const invoiceItem = card.getByRole('listitem', { name: invoices, exact: true });
  const statementItem = card.getByRole('listitem', { name: statement, exact: true });
  await expect(invoiceItem).toContainText(requestsMsg.itemLookLabels.pendiente);
  await expect(statementItem).toContainText(requestsMsg.itemLookLabels.pendiente);
  const choose = invoiceItem.getByRole('button', { name: `Elegir archivos para ${invoices}` });
  await expect(choose).toBeVisible();
  await expectTappable(choose);
  // The phone's picker is offered every accepted type, by MIME type and by extension.
  const accept = (await invoiceItem.locator('input[type="file"]').getAttribute('accept')) ?? '';
  for (const type of ['application/pdf', '.pdf', 'image/jpeg', '.jpg', 'image/png', '.png', '.xml', '.xlsx', '.csv']) {
    expect(accept.split(',')).toContain(type);
  }
  await expectNoSidewaysScroll(page);
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  // A PDF against the invoices, a photo against the bank statement.
  await invoiceItem.locator('input[type="file"]').setInputFiles(pdfFile(invoicePdf));
  await expect(invoiceItem).toContainText(requestsMsg.itemLookLabels.enviado);
  await expect(invoiceItem.getByRole('link', { name: `Descargar ${invoicePdf}` })).toBeVisible();
  await expectTappable(invoiceItem.getByRole('link', { name: `Descargar ${invoicePdf}` }));
  await statementItem
    .locator('input[type="file"]')
    .setInputFiles({ name: photo, mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(statementItem).toContainText(requestsMsg.itemLookLabels.enviado);
  await expect(statementItem.getByRole('link', { name: `Descargar ${photo}` })).toBeVisible();

  // Staff see the invoice arrive without reloading.
  await expect(staffInvoices).toContainText(requestsMsg.itemLookLabels.enviado);
  await expect(staffInvoices).toContainText(invoicePdf);

  // The client takes the photo back, after confirming.
  const remove = statementItem.getByRole('button', { name: `Eliminar ${photo}` });
  await expectTappable(remove);
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar archivo' });
  await expect(confirm).toContainText(photo);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(statementItem.getByRole('link', { name: `Descargar ${photo}` })).toHaveCount(0);
  await expect(statementItem).toContainText(requestsMsg.itemLookLabels.pendiente);

  // A file of another type is named and not sent.
  await statementItem
    .locator('input[type="file"]')
    .setInputFiles({ name: 'programa.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(statementItem.getByRole('alert')).toHaveText(documentsMsg.typeNotAccepted('programa.exe'));
  await expect(statementItem).toContainText(requestsMsg.itemLookLabels.pendiente);

  // A program renamed .pdf passes the picker's filter by its name; the server's Spanish refusal shows on the item.
  await statementItem.locator('input[type="file"]').setInputFiles({
    name: 'cartola.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(56)]),
  });
  await expect(statementItem.getByRole('alert')).toHaveText(documentsMsg.notAccepted);
  await expect(statementItem).toContainText(requestsMsg.itemLookLabels.pendiente);
  await expect(statementItem.getByRole('link', { name: /Descargar/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The reload shows what the server kept: the PDF sent, the photo gone.
  await page.reload();
  await expect(invoiceItem.getByRole('link', { name: `Descargar ${invoicePdf}` })).toBeVisible();
  await expect(statementItem).toContainText(requestsMsg.itemLookLabels.pendiente);
  await staffContext.close();
});

test('a client uploads into a folder that allows it, and only there', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { service, business, client, folders } = await companyWithFolders(request);
  const period = currentPeriod();
  // 'El cliente puede subir' switched on for a folder template of the company's service.
  const inbox = await createFolderViaApi(request, service.id, { name: uniqueName('Para el estudio') });
  const switched = await request.put(`/api/service/${service.id}/folder/${inbox.id}`, {
    headers: await ownerHeaders(request),
    data: { name: inbox.name, clientCanUpload: true },
  });
  expect(switched.status(), await switched.text()).toBe(200);
  const sales = uniqueFile('ventas', 'csv');

  await signIn(page, client.email, client.password);
  // No requests: the home goes straight to the folders.
  await expect(page.getByRole('heading', { name: `${business.name} - ${monthTitle(period)}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: requestsMsg.clientPendingTitle })).toHaveCount(0);

  // A folder without 'El cliente puede subir' has no upload.
  await page.getByRole('link', { name: new RegExp(`^${folders.declaraciones.name}`) }).click();
  await expect(page.getByRole('heading', { name: 'Archivos' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Elegir archivos/ })).toHaveCount(0);

  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(`^${inbox.name}`) }).click();
  const upload = page.getByRole('region', { name: 'Subir archivos' });
  await expect(upload.getByRole('button', { name: `Elegir archivos para ${inbox.name}` })).toBeVisible();
  await upload
    .locator('input[type="file"]')
    .setInputFiles({ name: sales, mimeType: 'text/csv', buffer: Buffer.from('fecha;monto\n01-10-2026;1000\n') });
  await expect(page.getByRole('link', { name: `Descargar ${sales}` })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // What the client sent into the folder, the client may take back.
  await page.getByRole('button', { name: `Eliminar ${sales}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('link', { name: `Descargar ${sales}` })).toHaveCount(0);
});

test.describe('on a computer', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('a client drags a file onto a document asked for, and it is sent', async ({ page, request }) => {
    test.setTimeout(60_000);
    const { business, client, folders } = await companyWithFolders(request);
    const title = uniqueName('Remuneraciones');
    const payroll = 'Libro de remuneraciones';
    await createRequestViaApi(request, {
      businessId: business.id,
      title,
      dueDate: '2099-12-31',
      items: [{ name: payroll, serviceFolderId: folders.declaraciones.id }],
    });
    const book = uniqueFile('libro', 'pdf');

    await signIn(page, client.email, client.password);
    const item = page.getByRole('article', { name: title }).getByRole('listitem', { name: payroll, exact: true });
    await expect(item.getByText('Arrastra aquí tus archivos o elígelos')).toBeVisible();
    // Not late: no 'Atrasada'.
    await expect(page.getByRole('article', { name: title })).not.toContainText(requestsMsg.requestStateLabels.atrasada);

    // The browser's drag and drop: a DataTransfer holding the file, dropped on the zone.
    const { buffer } = pdfFile(book);
    const transfer = await page.evaluateHandle(
      ({ name, bytes }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
        return data;
      },
      { name: book, bytes: [...buffer] },
    );
    const zone = item.getByRole('presentation').filter({ hasText: 'Arrastra aquí' });
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(item).toContainText(requestsMsg.itemLookLabels.enviado);
    await expect(item.getByRole('link', { name: `Descargar ${book}` })).toBeVisible();
  });
});
