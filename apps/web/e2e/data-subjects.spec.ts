import fs from 'node:fs';
import { currentPeriod } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import { readZip } from '../../server/src/test/zip-reader';
import { businessFolderIdOf, createFolderViaApi, pdfFile } from './support/documents-fixtures';
import {
  apiToken,
  businessBody,
  createServiceViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

// 'Buscar titular': the owner finds a client user in her account, her company's contacts, her
// messages, her upload and the activity log; exports it all as a .zip (its JSON read back); then
// suppresses her. Her name is gone from every screen that showed it, and the document she uploaded
// stays with the reason it is kept.

/** A narrower window moves the side menu off the page: its transition ends before a screenshot. */
async function resized(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await expect.poll(() => pageOverflowsSideways(page)).toBe(false);
}

test('the owner finds a client user everywhere, exports her data and suppresses her', async ({ page, request }) => {
  test.setTimeout(120_000);
  const period = currentPeriod();
  const owner = await ownerHeaders(request);

  // A company whose client user (named on its page as contact and legal representative) writes and uploads.
  const service = await createServiceViaApi(request, uniqueName('Contabilidad titular'));
  const folder = await createFolderViaApi(request, service.id, { name: uniqueName('Documentos del cliente') });
  const opened = await request.put(`/api/service/${service.id}/folder/${folder.id}`, {
    headers: owner,
    data: { name: folder.name, clientCanUpload: true },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const marta = {
    name: 'Marta Inés',
    lastName: 'Ibáñez Lagos',
    email: uniqueEmail('marta.ibanez'),
    password: 'clave-marta-1',
  };
  const companyName = uniqueName('Librería Titular');
  const createdCompany = await request.post('/api/business', {
    headers: owner,
    data: {
      ...businessBody(companyName),
      legalRepresentative: 'Marta Inés Ibáñez Lagos',
      contact: `${marta.email},caja@libreria.cl`,
    },
  });
  expect(createdCompany.status(), await createdCompany.text()).toBe(201);
  const company = (await createdCompany.json()).business as { id: number; name: string };
  await linkServiceViaApi(request, company.id, service.id);
  const createdUser = await request.post('/api/user', {
    headers: owner,
    data: { ...marta, role: 'client', businessId: company.id },
  });
  expect(createdUser.status(), await createdUser.text()).toBe(201);
  const martaHeaders = { authorization: `Bearer ${await apiToken(request, marta.email, marta.password)}` };
  const written = await request.post(`/api/messages/business/${company.id}`, {
    headers: martaHeaders,
    data: { text: 'Buenos días, les dejo la factura de compra de libros.' },
  });
  expect(written.status(), await written.text()).toBe(201);
  const businessFolderId = await businessFolderIdOf(request, company.id, folder.id, period);
  const form = new FormData();
  const pdf = pdfFile('factura-libros.pdf');
  form.append('file', new Blob([new Uint8Array(pdf.buffer)], { type: pdf.mimeType }), pdf.name);
  const uploaded = await request.post(`/api/business-folder/${businessFolderId}/file`, {
    headers: martaHeaders,
    multipart: form,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // Marta asks what the firm holds about her: the owner registers her access request in
  // 'Solicitudes' (the law's term shows), then looks for her in 'Buscar titular', at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOwner(page, '/proteccion-datos');
  await page.getByRole('button', { name: 'Registrar solicitud' }).click();
  const register = page.getByRole('dialog', { name: 'Registrar solicitud' });
  await register.getByLabel('Nombre de la persona').fill('Marta Inés Ibáñez Lagos');
  await register.getByLabel('Correo de la persona').fill(marta.email);
  await register.getByRole('button', { name: 'Guardar' }).click();
  await expect(register).toBeHidden();
  const accessRequest = page.getByRole('row').filter({ hasText: marta.email });
  await expect(accessRequest).toContainText('Acceso');
  await expect(accessRequest).toContainText('Vence en 30 días');
  await page.getByRole('tab', { name: 'Buscar titular' }).click();
  await expect(page).toHaveURL(/vista=buscar/);
  await expect(page.getByRole('tabpanel').getByRole('textbox', { name: 'Correo, RUT o nombre' })).toBeVisible();

  // A RUT without its check digit is refused in plain Spanish under the field.
  await page.getByText('RUT', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Correo, RUT o nombre' }).fill('12.345.678');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Falta el dígito verificador del RUT 12.345.678')).toBeVisible();

  await page.getByText('Correo', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Correo, RUT o nombre' }).fill(marta.email.toUpperCase());
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const place = (label: string) => page.getByRole('region', { name: label });
  await expect(place('Usuarios')).toContainText('Marta Inés Ibáñez Lagos');
  await expect(place('Usuarios').getByRole('link', { name: 'Marta Inés Ibáñez Lagos' })).toHaveAttribute(
    'href',
    `/empresas/${company.id}`,
  );
  await expect(place('Empresas (contactos, representante legal, RUT)')).toContainText(
    'Representante legal: Marta Inés Ibáñez Lagos',
  );
  await expect(place('Mensajes')).toContainText('les dejo la factura de compra de libros');
  await expect(place('Mensajes').getByRole('link').first()).toHaveAttribute('href', `/mensajes/empresa/${company.id}`);
  await expect(place('Documentos subidos')).toContainText('factura-libros.pdf');
  // Her account's creation, her sign-in, her message and her upload.
  await expect(place('Registro de actividad')).toContainText('Marta Inés Ibáñez Lagos — Subió Archivo');
  await expect(place('Registro de actividad')).toContainText('Inició sesión');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('titular-busqueda-1280.png'), fullPage: true });

  // Exportar: a .zip whose JSON holds what the screen listed.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^datos-titular-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = readZip(fs.readFileSync(await download.path()));
  expect([...entries.keys()]).toEqual(['titular.json', 'titular.xlsx']);
  const json = JSON.parse(entries.get('titular.json')?.toString('utf8') ?? '{}');
  expect(json.busqueda).toEqual({ por: 'Correo', valor: marta.email });
  expect(json.usuarios).toEqual([
    expect.objectContaining({ nombre: 'Marta Inés', apellido: 'Ibáñez Lagos', correo: marta.email, rol: 'Cliente' }),
  ]);
  expect(json.empresas).toEqual([
    expect.objectContaining({ nombre: company.name, representanteLegal: 'Marta Inés Ibáñez Lagos' }),
  ]);
  expect(json.mensajes.map((row: { texto: string; autor: string }) => [row.autor, row.texto])).toEqual([
    ['Marta Inés Ibáñez Lagos', 'Buenos días, les dejo la factura de compra de libros.'],
  ]);
  expect(json.documentos.map((row: { nombre: string }) => row.nombre)).toEqual(['factura-libros.pdf']);
  expect(json.actividad.length).toBeGreaterThanOrEqual(4);
  expect(entries.get('titular.xlsx')?.subarray(0, 2).toString()).toBe('PK');

  // The same screen on a phone.
  await resized(page, 390);
  await expect(place('Usuarios')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('titular-busqueda-390.png'), fullPage: true });
  await resized(page, 1280);

  // Suprimir: asked first, then a plain list of what went and what stayed, and why.
  await page.getByRole('button', { name: 'Suprimir', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Suprimir los datos de esta persona' });
  await expect(dialog).toContainText('Documentos subidos: 1');
  await dialog.getByRole('button', { name: 'Suprimir definitivamente' }).click();
  await expect(dialog).toHaveCount(0);
  const outcome = page.getByText(/La persona figura ahora como «Titular suprimido #\d+»/);
  await expect(outcome).toBeVisible();
  const pseudonym = ((await outcome.textContent()) ?? '').match(/Titular suprimido #\d+/)?.[0] ?? '';
  expect(pseudonym).not.toBe('');
  await expect(page.getByRole('heading', { name: 'Se eliminó o reemplazó' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Se conservó, y por qué' })).toBeVisible();
  await expect(page.getByText('Documentos que subió (1)')).toBeVisible();
  await expect(
    page.getByText('Conservado por obligación tributaria (Código Tributario, 6 años)').first(),
  ).toBeVisible();
  await expect(page.getByText('Mensajes: el autor figura con el seudónimo (1)')).toBeVisible();
  // The term leaves the screen with the rest.
  await expect(page.getByRole('textbox', { name: 'Correo, RUT o nombre' })).toHaveValue('');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('titular-suprimido-1280.png'), fullPage: true });
  await resized(page, 390);
  await page.screenshot({ path: test.info().outputPath('titular-suprimido-390.png'), fullPage: true });
  await resized(page, 1280);

  const herName = /Marta|Ibáñez/;

  // The company's page: her name is gone from the client users, the contacts and the legal representative.
  await page.goto(`/empresas/${company.id}`);
  await expect(page.getByRole('heading', { name: company.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usuarios en empresa' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(herName);
  await expect(page.getByRole('main')).not.toContainText(marta.email);

  // Mensajes: her message stays, written by the pseudonym.
  await page.goto(`/mensajes/empresa/${company.id}`);
  const log = page.getByRole('log', { name: `Mensajes con ${company.name}` });
  await expect(log.getByText('Buenos días, les dejo la factura de compra de libros.')).toBeVisible();
  await expect(log).toContainText(pseudonym);
  await expect(log).not.toContainText(herName);

  // The activity log: her actions stay, under the pseudonym.
  await page.goto(`/actividad?empresa=${company.id}`);
  await expect(page.getByRole('heading', { name: 'Actividad', exact: true })).toBeVisible();
  const entries1280 = page.getByRole('main');
  await expect(entries1280).toContainText(pseudonym);
  await expect(entries1280).not.toContainText(herName);

  // Documents: the file she uploaded is still there, with the reason it is kept.
  await page.goto(`/documentos/empresa/${company.id}/carpeta/${folder.id}?anio=${period.year}&mes=${period.month}`);
  const fileRow = page.getByRole('listitem').filter({ hasText: 'factura-libros.pdf' });
  await expect(fileRow).toBeVisible();
  await expect(fileRow).toContainText('Conservado por obligación tributaria (Código Tributario, 6 años)');
  await expect(page.getByRole('main')).not.toContainText(herName);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('titular-documento-conservado-1280.png'), fullPage: true });
});
