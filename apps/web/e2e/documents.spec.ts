import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod, type Period } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import {
  businessFolderIdOf,
  companyWithFolders,
  documentsFlow,
  folderViewViaApi,
  pdfFile,
  uploadViaApi,
} from './support/documents-fixtures';
import { apiToken, findOutboxMail, OWNER, ownerHeaders, signIn, signInAsOwner, uniqueName } from './support/fixtures';
import { monthName, monthTitle } from './support/months';
import { expectNoSeriousViolations } from './support/page-checks';

const previousOf = (period: Period): Period =>
  period.month === 1 ? { year: period.year - 1, month: 12 } : { ...period, month: period.month - 1 };

/** A file name no other test uses, so toasts and outbox mails are this test's. */
const uniquePdf = (prefix: string) => `${uniqueName(prefix).replace(/\s+/g, '-').toLowerCase()}.pdf`;

/** The year in the address: '?anio=' in the query; the 'ñ' of the clients' '/año/' may come percent-encoded. */
const ano = '(?:anio|año|a%C3%B1o)';

/** The accessibility check, with the pointer off the side menu (its active entry under the pointer is the shell's). */
async function expectNoSeriousViolationsOffMenu(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);
}

/** Picks the month before the shown one in the 'Mes' selector. */
async function choosePreviousMonth(page: Page, period: Period) {
  const previous = previousOf(period);
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  if (previous.year !== period.year) await page.getByRole('button', { name: /Previous|Anterior/i }).click();
  await page.getByRole('button', { name: new RegExp(`^${monthName(previous).slice(0, 3)}`, 'i') }).click();
  return previous;
}

test('staff open a company from Documentos, upload two PDFs, see who downloaded one, delete the other, and a non-PDF is refused', async ({
  page,
  request,
  context,
}) => {
  const { business, service, folders, period } = await documentsFlow(context, request);
  const invoice = uniquePdf('factura');
  const receipt = uniquePdf('boleta');

  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Documentos' }).click();
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();

  // Search by RUT; the row names its legal representative; Enter on the name opens the company.
  await page.getByLabel('Buscar empresa').fill(business.rut);
  const row = page.getByRole('row').filter({ hasText: business.name });
  await expect(row).toContainText('Marcela Fuentes');
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: business.name }).press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/documentos/empresa/${business.id}\\?${ano}=${period.year}&mes=${period.month}$`),
  );
  await expect(page.getByRole('heading', { name: `${business.name} - ${monthTitle(period)}`, level: 1 })).toBeVisible();

  // Only active folders show; the inactive one has no tile.
  const declaraciones = page.getByRole('link', { name: `${folders.declaraciones.name} - ${service.name}` });
  await expect(declaraciones).toBeVisible();
  await expect(page.getByText(folders.borradores.name)).toHaveCount(0);
  await expectNoSeriousViolationsOffMenu(page);
  await declaraciones.click();
  await expect(
    page.getByRole('heading', { name: `${business.name} - ${monthTitle(period)} - ${folders.declaraciones.name}` }),
  ).toBeVisible();
  await expect(page.getByText('Esta carpeta no tiene archivos.')).toBeVisible();
  await expect(page.getByRole('link', { name: `${folders.boletas.name} - ${service.name}` })).toBeVisible();

  // Upload two PDFs through the file input of 'Subir Archivo'.
  await page.getByRole('button', { name: 'Subir Archivo' }).click();
  let upload = page.getByRole('dialog', { name: /Subir Archivo/ });
  await upload.locator('input[type="file"]').setInputFiles([pdfFile(invoice), pdfFile(receipt)]);
  await expect(upload).toContainText(invoice);
  await upload.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(page.getByText('Se agregaron 2 archivos')).toBeVisible();
  await expect(upload).toBeHidden();
  const invoiceRow = page.getByRole('listitem').filter({ hasText: invoice });
  const receiptRow = page.getByRole('listitem').filter({ hasText: receipt });
  await expect(invoiceRow).toBeVisible();
  await expect(receiptRow).toBeVisible();
  await expect(invoiceRow).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

  // A file of another type is refused before sending; a program named '.pdf' is refused by the server, whose message shows.
  await page.getByRole('button', { name: 'Subir Archivo' }).click();
  upload = page.getByRole('dialog', { name: /Subir Archivo/ });
  const fileInput = upload.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'programa.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  await expect(upload.getByText(documentsMsg.typeNotAccepted('programa.exe'))).toBeVisible();
  await fileInput.setInputFiles({
    name: 'falso.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(56)]),
  });
  await expect(upload.getByText(documentsMsg.typeNotAccepted('programa.exe'))).toHaveCount(0);
  await expect(upload.getByRole('list', { name: 'Archivos elegidos' })).toContainText('falso.pdf');
  await upload.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(page.getByText('No se pudo agregar el archivo')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: documentsMsg.notAccepted })).toBeVisible();
  await upload.getByRole('button', { name: 'Cancelar' }).click();
  await expect(upload).toBeHidden();

  // Download one, copy its link, and 'Descargas' says who fetched it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoiceRow.getByRole('link', { name: `Descargar ${invoice}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(invoice);
  await invoiceRow.getByRole('button', { name: `Copiar link de ${invoice}` }).click();
  await expect(page.getByText('Link copiado al portapapeles')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('/api/download/');
  // Someone opens the copied link.
  expect((await page.request.get(copied)).status()).toBe(200);
  await invoiceRow.getByRole('button', { name: `Descargas de ${invoice}` }).click();
  const downloads = page.getByRole('dialog', { name: 'Descargas' });
  // The owner's own download names her, through the portal; the copied link says 'Enlace'.
  const rows = downloads.getByRole('row');
  await expect(rows.filter({ hasText: 'Portal' })).toContainText(OWNER.name);
  await expect(rows.filter({ hasText: 'Portal' })).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(rows.filter({ hasText: 'Enlace' })).toContainText(OWNER.name);
  await page.keyboard.press('Escape');
  await expect(downloads).toBeHidden();
  await receiptRow.getByRole('button', { name: `Descargas de ${receipt}` }).click();
  await expect(downloads.getByText('Nadie ha descargado este archivo todavía.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete one, after confirming; the other stays, also after a reload.
  await receiptRow.getByRole('button', { name: `Eliminar ${receipt}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar archivo' });
  await expect(confirm).toContainText(receipt);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Archivo eliminado correctamente')).toBeVisible();
  await expect(receiptRow).toHaveCount(0);
  await page.reload();
  await expect(invoiceRow).toBeVisible();
  await expect(receiptRow).toHaveCount(0);

  // 'Avisar al cliente' names the recipients first, then mails the period's links.
  await page.getByRole('button', { name: 'Avisar al cliente' }).click();
  const notify = page.getByRole('dialog', { name: 'Avisar al cliente' });
  await expect(notify).toContainText('contacto@empresa.cl');
  await notify.getByRole('button', { name: 'Enviar aviso' }).click();
  // Without SMTP_URL (as on these servers) the notice is only kept in the outbox, and the toast says so.
  await expect(page.getByText('Guardado en la bandeja local: el correo no está configurado')).toBeVisible();
  const { mail } = await findOutboxMail(invoice);
  expect(mail).toContain('To: contacto@empresa.cl');

  // The breadcrumb goes back to the company's folders.
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: business.name }).click();
  await expect(declaraciones).toBeVisible();
});

test('a client on a phone sees only their active folders, opens a folder and a subfolder, downloads and copies a link, and changes the month', async ({
  page,
  request,
  context,
}) => {
  const { business, service, client, folders, period } = await documentsFlow(context, request);
  const summary = uniquePdf('resumen');
  const receipt = uniquePdf('boleta');
  await uploadViaApi(request, await businessFolderIdOf(request, business.id, folders.declaraciones.id, period), [
    summary,
  ]);
  await uploadViaApi(request, await businessFolderIdOf(request, business.id, folders.boletas.id, period), [receipt]);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, client.email, client.password);
  await expect(page.getByRole('heading', { name: `${business.name} - ${monthTitle(period)}`, level: 3 })).toBeVisible();
  const declaraciones = page.getByRole('link', { name: `${folders.declaraciones.name} - ${service.name}` });
  await expect(declaraciones).toBeVisible();
  await expect(page.getByText(folders.borradores.name)).toHaveCount(0);
  // One column on a phone: the tile takes the width.
  expect((await declaraciones.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  await expectNoSeriousViolationsOffMenu(page);

  await declaraciones.click();
  await expect(page).toHaveURL(
    new RegExp(`/carpeta/${folders.declaraciones.id}/${ano}/${period.year}/mes/${period.month}$`),
  );
  await expect(
    page.getByRole('heading', { name: new RegExp(`${folders.declaraciones.name}$`), level: 1 }),
  ).toBeVisible();
  const summaryRow = page.getByRole('listitem').filter({ hasText: summary });
  const downloadLink = summaryRow.getByRole('link', { name: `Descargar ${summary}` });
  await expect(downloadLink).toBeVisible();
  // Big enough to tap, and nothing sticks out sideways.
  expect((await downloadLink.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Staff-only actions are not there.
  await expect(summaryRow.getByRole('button', { name: /Eliminar|Descargas/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Subir Archivo' })).toHaveCount(0);
  await expectNoSeriousViolationsOffMenu(page);

  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
  expect(download.suggestedFilename()).toBe(summary);
  await summaryRow.getByRole('button', { name: `Copiar link de ${summary}` }).click();
  await expect(page.getByText('Link copiado al portapapeles')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/api/download/');

  // The firm sees that the client fetched it.
  const view = await folderViewViaApi(request, business.id, folders.declaraciones.id, period);
  const fileId = view.files.find((file) => file.name === summary)?.id;
  const log = await request.get(`/api/business-folder/file/${fileId}/downloads`, {
    headers: await ownerHeaders(request),
  });
  expect((await log.json()).rows).toEqual(
    expect.arrayContaining([expect.objectContaining({ by: 'Camila Rojas (Cliente)', via: 'portal' })]),
  );

  // A subfolder, and the breadcrumb back to its parent.
  await page.getByRole('link', { name: `${folders.boletas.name} - ${service.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/carpeta/${folders.boletas.id}/${ano}/${period.year}/mes/${period.month}$`));
  await expect(page.getByRole('listitem').filter({ hasText: receipt })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs).toContainText(business.name);
  await crumbs.getByRole('link', { name: folders.declaraciones.name }).click();
  await expect(page).toHaveURL(
    new RegExp(`/carpeta/${folders.declaraciones.id}/${ano}/${period.year}/mes/${period.month}$`),
  );
  await expect(summaryRow).toBeVisible();

  // The month selector inside a folder goes to that month's address; files belong to their month.
  const previous = await choosePreviousMonth(page, period);
  await expect(page).toHaveURL(
    new RegExp(`/carpeta/${folders.declaraciones.id}/${ano}/${previous.year}/mes/${previous.month}$`),
  );
  await expect(page.getByText('Esta carpeta no tiene archivos.')).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(monthTitle(previous)), level: 1 })).toBeVisible();

  // The company crumb goes Home on the same month.
  await crumbs.getByRole('link', { name: business.name }).click();
  await expect(
    page.getByRole('heading', { name: `${business.name} - ${monthTitle(previous)}`, level: 3 }),
  ).toBeVisible();
});

test("a client typing another company's addresses sees nothing of it", async ({ page, request }) => {
  const mine = await companyWithFolders(request);
  const other = await companyWithFolders(request);
  const period = currentPeriod();
  await uploadViaApi(
    request,
    await businessFolderIdOf(request, other.business.id, other.folders.declaraciones.id, period),
    [uniquePdf('ajeno')],
  );

  await signIn(page, mine.client.email, mine.client.password);
  await expect(page.getByRole('heading', { name: new RegExp(mine.business.name), level: 3 })).toBeVisible();

  // The staff screens send a client Home.
  await page.goto(`/documentos/empresa/${other.business.id}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(mine.business.name), level: 3 })).toBeVisible();
  await expect(page.getByText(other.business.name)).toHaveCount(0);

  // Another company's folder is not one of theirs.
  await page.goto(`/carpeta/${other.folders.declaraciones.id}/año/${period.year}/mes/${period.month}`);
  await expect(page.getByText('La carpeta no existe')).toBeVisible();
  await expect(page.getByText(other.business.name)).toHaveCount(0);
  await expect(page.getByText(/ajeno/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a las carpetas' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(mine.business.name), level: 3 })).toBeVisible();

  // And the API refuses it.
  const token = await apiToken(request, mine.client.email, mine.client.password);
  const response = await request.get(
    `/api/business/${other.business.id}/folder/year/${period.year}/month/${period.month}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(403);
});

test('staff changing the month inside a folder stay in it, and a folder missing that month offers a way back', async ({
  page,
  request,
}) => {
  const { business, folders } = await companyWithFolders(request);
  const period = currentPeriod();
  await signInAsOwner(page);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(`/documentos/empresa/${business.id}/carpeta/${folders.boletas.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`${folders.boletas.name}$`), level: 1 })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs.getByRole('link', { name: folders.declaraciones.name })).toBeVisible();

  const previous = await choosePreviousMonth(page, period);
  await expect(page).toHaveURL(
    new RegExp(
      `/documentos/empresa/${business.id}/carpeta/${folders.boletas.id}\\?${ano}=${previous.year}&mes=${previous.month}$`,
    ),
  );
  await expect(page.getByRole('heading', { name: new RegExp(monthTitle(previous)), level: 1 })).toBeVisible();

  // Before the service started (January 2023) the folder does not exist.
  await page.goto(`/documentos/empresa/${business.id}/carpeta/${folders.boletas.id}?año=2022&mes=6`);
  await expect(page.getByText('La carpeta no existe')).toBeVisible();
  await expectNoSeriousViolationsOffMenu(page);
  await page.getByRole('link', { name: 'Volver a las carpetas' }).click();
  await expect(page).toHaveURL(new RegExp(`/documentos/empresa/${business.id}\\?${ano}=2022&mes=6$`));
  await expect(page.getByText('No hay carpetas para este período.')).toBeVisible();
});
