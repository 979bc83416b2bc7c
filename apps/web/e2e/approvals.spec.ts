import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { approvalsMsg } from '@app/shared/messages-approvals';
import { currentPeriod } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import { businessFolderIdOf, companyWithFolders, pdfBytes, uploadViaApi } from './support/documents-fixtures';
import { ownerHeaders, signIn, signInAsOwner } from './support/fixtures';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A full-page screenshot kept with the test's results, to look at the screen. */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('staff ask for approval of a PDF, the client approves it on a phone, the certificate carries its SHA-256 and the file can no longer be replaced or deleted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { business, client, folders } = await companyWithFolders(request);
  const period = currentPeriod();
  const fileName = `balance-2025-${business.id}.pdf`;
  const bytes = pdfBytes(fileName);
  const expectedHash = sha256(bytes);
  const folderId = await businessFolderIdOf(request, business.id, folders.declaraciones.id, period);
  await uploadViaApi(request, folderId, [fileName]);

  // Staff: 'Solicitar aprobación' on the company page, choosing the company's file.
  await page.setViewportSize(DESKTOP);
  await signInAsOwner(page, `/empresas/${business.id}`);
  const section = page.getByRole('region', { name: 'Aprobaciones' });
  await expect(section).toContainText('No se ha pedido al cliente');
  await section.getByRole('button', { name: 'Solicitar aprobación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar aprobación' });
  await dialog.getByLabel('Título').fill('Balance 2025');
  await dialog.getByLabel('Mensaje para el cliente (opcional)').fill('Revisa las notas 3 y 4, por favor.');
  await dialog.getByRole('combobox', { name: 'Archivo' }).fill(fileName);
  await page.getByRole('option', { name: new RegExp(fileName) }).click();
  await dialog.getByRole('button', { name: 'Solicitar aprobación' }).click();
  // No SMTP here: the message says the e-mail was only kept in the outbox, never that it was sent.
  await expect(page.getByText(approvalsMsg.requestedOutbox).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('listitem', { name: 'Balance 2025' });
  await expect(row).toContainText('Pendiente');
  await expect(row).toContainText(fileName);
  await expect(row).toContainText('En bandeja local');

  // The client, on a phone: Home lists it, the page opens the document and takes 'Apruebo'.
  const phone = await browser.newContext({ viewport: PHONE, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const clientPage = await phone.newPage();
  try {
    await signIn(clientPage, client.email, client.password);
    const portal = clientPage.getByRole('region', { name: 'Aprobaciones' });
    await expect(portal).toContainText('El estudio espera tu aprobación de 1 documento.');
    await shoot(clientPage, 'portal-inicio-390');
    await portal.getByRole('link', { name: 'Revisar y responder Balance 2025' }).click();
    await expect(clientPage.getByRole('heading', { name: 'Balance 2025', level: 1 })).toBeVisible();
    await expect(clientPage.getByText('Revisa las notas 3 y 4, por favor.')).toBeVisible();
    await expect(clientPage.getByLabel('Huella SHA-256')).toHaveText(expectedHash);
    expect(await pageOverflowsSideways(clientPage)).toBe(false);
    await expectNoSeriousViolations(clientPage);
    await shoot(clientPage, 'portal-aprobacion-390');

    const [download] = await Promise.all([
      clientPage.waitForEvent('download'),
      clientPage.getByRole('button', { name: 'Abrir documento' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(sha256(fs.readFileSync(await download.path()))).toBe(expectedHash);

    // Rejecting asks for a comment first; then 'Apruebo'.
    await clientPage.getByRole('button', { name: 'Rechazo' }).click();
    await expect(clientPage.getByText(approvalsMsg.commentRequired)).toBeVisible();
    await clientPage.getByLabel('Comentario').fill('Conforme con el balance.');
    await clientPage.getByRole('button', { name: 'Apruebo' }).click();
    await expect(clientPage.getByText(approvalsMsg.approved).first()).toBeVisible();
    await expect(clientPage.getByRole('button', { name: 'Apruebo' })).toBeHidden();
    await clientPage.getByRole('link', { name: 'Ver certificado' }).click();
    await expect(clientPage.getByRole('heading', { name: 'Certificado de aprobación', level: 1 })).toBeVisible();
    await expect(clientPage.getByTestId('certificado-sha256')).toHaveText(expectedHash);
    expect(await pageOverflowsSideways(clientPage)).toBe(false);
    await shoot(clientPage, 'certificado-390');
  } finally {
    await phone.close();
  }

  // Staff see it approved; the certificate shows the file's SHA-256, who answered and from where.
  await page.reload();
  await expect(row).toContainText('Aprobado');
  await expect(row).toContainText('Apruebo de Camila Rojas');
  await shoot(page, 'empresa-aprobaciones-1280');
  await row.getByRole('link', { name: 'Ver certificado' }).click();
  const certificate = page.getByRole('table', { name: 'Certificado de aprobación' });
  await expect(page.getByTestId('certificado-sha256')).toHaveText(expectedHash);
  await expect(certificate).toContainText('Camila Rojas');
  await expect(certificate).toContainText('Conforme con el balance.');
  await expect(certificate).toContainText('America/Santiago');
  await expect(certificate).toContainText(/Dirección IP\s*127\.0\.0\.1/);
  await expectNoSeriousViolations(page);
  await shoot(page, 'certificado-1280');

  // The approved file can be neither replaced nor deleted: the screen says why, the API answers 409.
  const folderPath = `/documentos/empresa/${business.id}/carpeta/${folders.declaraciones.id}?anio=${period.year}&mes=${period.month}`;
  await page.goto(folderPath);
  const fileRow = page.getByRole('listitem').filter({ hasText: fileName });
  await expect(fileRow).toContainText('Aprobado');
  await fileRow.getByRole('button', { name: `Reemplazar ${fileName}` }).click();
  const replace = page.getByRole('dialog', { name: `Reemplazar ${fileName}` });
  await replace.locator('input[type="file"]').setInputFiles({
    name: 'balance-2025-v2.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('balance v2'),
  });
  await replace.getByRole('button', { name: 'Reemplazar', exact: true }).click();
  await expect(replace.getByRole('alert')).toHaveText(approvalsMsg.fileApproved('Balance 2025'));
  await replace.getByRole('button', { name: 'Cancelar' }).click();
  await fileRow.getByRole('button', { name: `Eliminar ${fileName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(approvalsMsg.fileApproved('Balance 2025')).first()).toBeVisible();
  await expect(fileRow).toBeVisible();

  const headers = await ownerHeaders(request);
  const view = await request.get(
    `/api/business/${business.id}/folder/${folders.declaraciones.id}/year/${period.year}/month/${period.month}`,
    { headers },
  );
  const fileId = ((await view.json()).files as { id: number; name: string }[]).find((file) => file.name === fileName)
    ?.id as number;
  const deleted = await request.delete(`/api/business-folder/file/${fileId}`, { headers });
  expect(deleted.status()).toBe(409);
  expect((await deleted.json()).message).toBe(approvalsMsg.fileApproved('Balance 2025'));
  const replaced = await request.put(`/api/business-folder/file/${fileId}`, {
    headers,
    multipart: { file: { name: 'otro.pdf', mimeType: 'application/pdf', buffer: pdfBytes('otro') } },
  });
  expect(replaced.status()).toBe(409);
  expect((await replaced.json()).message).toBe(approvalsMsg.fileApproved('Balance 2025'));

  // The company section at a phone's width, as staff see it.
  await page.setViewportSize(PHONE);
  await page.goto(`/empresas/${business.id}`);
  await expect(section.getByRole('listitem', { name: 'Balance 2025' })).toContainText('Aprobado');
  await section.scrollIntoViewIfNeeded();
  expect(await pageOverflowsSideways(page)).toBe(false);
  await shoot(page, 'empresa-aprobaciones-390');
  await page.goto(
    `/aprobaciones/${(await (await request.get(`/api/business/${business.id}/approvals`, { headers })).json())[0].id}/certificado`,
  );
  await expect(page.getByTestId('certificado-sha256')).toHaveText(expectedHash);
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'certificado-1280-staff');
});
