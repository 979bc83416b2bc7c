import { currentPeriod } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { businessFolderIdOf, companyWithFolders, uploadViaApi } from './support/documents-fixtures';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  findOutboxMail,
  OWNER,
  signIn,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';

/**
 * Whether mail really left, as a user sees it: the outbox toast, the APP_URL warning and links that
 * work from any address of the server. These servers run without SMTP_URL (mail is
 * kept in DATA_DIR/outbox) and with APP_URL set; APP_URL unset is shown with the status stubbed.
 */

const OUTBOX_TOAST = 'Guardado en la bandeja local: el correo no está configurado';
const BANNER = /El correo no está configurado \(SMTP_URL\)/;
const APP_URL_WARNING = /APP_URL no está configurada/;

async function signInAt(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
}

test('a collaborator e-mails a company from the board’s envelope; the toast says it was only kept in the outbox, and the owner’s log names the sender', async ({
  page,
  request,
}) => {
  const company = await createBusinessViaApi(request, uniqueName('Sobre colaborador'));
  const collaborator = await createCollaboratorViaApi(request, 'Valentina', 'Soto');
  const marker = `Colab-${Date.now().toString(36)}`;

  await signIn(page, collaborator.email, collaborator.password);
  // Collaborators get no configuration hints (owners only).
  await expect(page.getByText(BANNER)).toHaveCount(0);
  // A collaborator starts on their own companies ('Mis empresas'); this one is nobody's.
  await page.getByRole('combobox', { name: 'Encargado' }).click();
  await page.getByRole('option', { name: 'Todos', exact: true }).click();
  await page.getByLabel('Buscar empresa').fill(company.name);
  await page.getByRole('button', { name: `Enviar correo a ${company.name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Enviar correo' });
  await expect(modal.getByText('contacto@empresa.cl')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Asunto' }).fill('Pago Previsión');
  await modal.getByLabel('Contenido').fill(`Estimado cliente: ${marker}`);
  await modal.getByRole('button', { name: 'Enviar' }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Correo no enviado' });
  await expect(toast).toContainText(OUTBOX_TOAST);
  await expect(page.getByText('Correo enviado correctamente')).toHaveCount(0);
  await expect(page.getByText('Éxito!!')).toHaveCount(0);
  await expect(modal).toBeHidden();
  const { mail } = await findOutboxMail(marker);
  expect(mail).toMatch(/^To: .*contacto@empresa\.cl/m);

  // The log stays the owner's: the collaborator is sent home.
  await page.goto('/email');
  await expect(page).toHaveURL(/\/$/);

  // The owner sees the banner, and the send in the log, marked as kept in the outbox, with its sender.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAsOwner(page);
  const banner = page.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toBeVisible();
  // Closed, it stays away for the rest of the tab's session (the boards get their room back).
  await banner.getByRole('button', { name: 'Ocultar este aviso' }).click();
  await expect(banner).toHaveCount(0);
  await page.goto('/email');
  await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Empresa' }).fill(company.name);
  await page.getByRole('option', { name: company.name }).click();
  const row = page.getByRole('row').filter({ hasText: company.name });
  await expect(row).toContainText('En bandeja local');
  await row.getByRole('button', { name: /Ver detalle del correo/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle del Correo' });
  await expect(detail).toContainText('Enviado por');
  await expect(detail).toContainText('Valentina Soto');
  await expect(detail).toContainText(OUTBOX_TOAST);
});

test('an owner’s e-mail screens warn that e-mailed links need APP_URL, and ‘Avisar al cliente’ says the notice stayed in the outbox', async ({
  page,
  request,
}, testInfo) => {
  const { business, folders } = await companyWithFolders(request);
  const period = currentPeriod();
  const folderId = await businessFolderIdOf(request, business.id, folders.declaraciones.id, period);
  await uploadViaApi(request, folderId, ['aviso-app-url.pdf']);
  // As a server without APP_URL answers.
  await page.route('**/api/email/status', (route) =>
    route.fulfill({ json: { mailConfigured: false, appUrlConfigured: false } }),
  );

  await signInAsOwner(page, '/email');
  await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();
  await expect(page.getByText(APP_URL_WARNING)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('email-warnings.png'), fullPage: true });

  await page.goto(`/documentos/empresa/${business.id}`);
  await page.getByRole('button', { name: 'Avisar al cliente' }).click();
  const notify = page.getByRole('dialog', { name: 'Avisar al cliente' });
  await expect(notify).toContainText('contacto@empresa.cl');
  await expect(notify.getByText(APP_URL_WARNING)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notify-warning.png') });
  await notify.getByRole('button', { name: 'Enviar aviso' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Correo no enviado' });
  await expect(toast).toContainText(OUTBOX_TOAST);
  await expect(page.getByText('Se avisó al cliente por correo')).toHaveCount(0);
  const { mail } = await findOutboxMail('aviso-app-url.pdf');
  expect(mail).toContain('To: contacto@empresa.cl');
});

test('a link copied from the app opened at another address of the server works from that address', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { business, folders } = await companyWithFolders(request);
  const period = currentPeriod();
  const folderId = await businessFolderIdOf(request, business.id, folders.declaraciones.id, period);
  await uploadViaApi(request, folderId, ['otra-direccion.pdf']);
  // APP_URL names 127.0.0.1; the app is opened at localhost, as another computer opens it at its own address.
  const origin = `http://localhost:${E2E_PORT}`;

  await signInAt(page, origin, OWNER.email, OWNER.password);
  await page.goto(`${origin}/documentos/empresa/${business.id}/carpeta/${folders.declaraciones.id}`);
  const row = page.getByRole('listitem').filter({ hasText: 'otra-direccion.pdf' });
  await expect(row.getByRole('link', { name: 'Descargar otra-direccion.pdf' })).toHaveAttribute(
    'href',
    /^\/api\/download\//,
  );
  await row.getByRole('button', { name: 'Copiar link de otra-direccion.pdf' }).click();
  await expect(page.getByText('Link copiado al portapapeles')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${origin}/api/download/[\\w-]+\\.[\\w-]+$`));
  const download = await request.get(copied);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
});
