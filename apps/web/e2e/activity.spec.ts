import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiToken,
  businessBody,
  createCollaboratorViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

/** Today and a week ago on the firm's calendar, as the date fields read them (DD-MM-YYYY). */
function santiagoDay(daysAgo: number) {
  const moment = new Date(Date.now() - daysAgo * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Santiago',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return { typed: `${parts.day}-${parts.month}-${parts.year}`, api: `${parts.year}-${parts.month}-${parts.day}` };
}

/** A company of this test's own, created by the owner through the API (one 'Creó' entry). */
async function ownCompany(request: APIRequestContext, prefix: string) {
  const body = businessBody(uniqueName(prefix));
  const response = await request.post('/api/business', { headers: await ownerHeaders(request), data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { business } = (await response.json()) as { business: { id: number; name: string } };
  return { ...business, body };
}

/** An SII password for the company, saved by the owner. */
async function siiPassword(request: APIRequestContext, businessId: number) {
  const response = await request.post('/api/password', {
    headers: await ownerHeaders(request),
    data: { businessId, user: '76.086.428-5', portal: 'sii', password: 'clave-sii-secreta', description: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).credential as { id: number };
}

async function openActivity(page: Page) {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Actividad' }).click();
  await expect(page.getByRole('heading', { name: 'Actividad', exact: true })).toBeVisible();
}

async function pickOption(page: Page, label: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** The log's rows (not the date picker's weeks, also a table). */
const dataRows = (page: Page) =>
  page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Registro' }) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** The records of a CSV with ';' between cells (quoted cells may hold ';', quotes and line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return records;
}

test('an owner finds who revealed a company’s SII password this week, and from where', async ({ page, request }) => {
  const company = await ownCompany(request, 'Actividad SII');
  const credential = await siiPassword(request, company.id);
  const collaborator = await createCollaboratorViaApi(request, 'Rocío', 'Valdés');
  const token = await apiToken(request, collaborator.email, collaborator.password);
  const revealed = await request.post(`/api/password/${credential.id}/reveal`, {
    headers: { authorization: `Bearer ${token}` },
    data: { purpose: 'show' },
  });
  expect(revealed.status(), await revealed.text()).toBe(200);

  await signInAsOwner(page);
  await openActivity(page);
  await pickOption(page, 'Empresa', company.name, company.name);
  await expect(page).toHaveURL(new RegExp(`empresa=${company.id}`));
  await pickOption(page, 'Tipo', 'Clave', 'Clave de portal');
  await expect(page).toHaveURL(/tipo=credential/);
  const weekAgo = santiagoDay(7);
  await page.getByRole('textbox', { name: 'Desde' }).fill(weekAgo.typed);
  await page.getByRole('textbox', { name: 'Desde' }).press('Escape');
  await expect(page).toHaveURL(new RegExp(`desde=${weekAgo.api}`));

  // The password's creation and its reveal: the reveal first, with who and from where.
  await expect(dataRows(page)).toHaveCount(2);
  const reveal = dataRows(page).first();
  await expect(reveal).toContainText('Rocío Valdés');
  await expect(reveal).toContainText('Mostró la contraseña');
  await expect(reveal).toContainText(/127\.0\.0\.1/);
  await expect(reveal).toContainText('Clave de portal');
  await expect(reveal.getByRole('link', { name: company.name })).toHaveAttribute('href', `/empresas/${company.id}`);
  await expect(dataRows(page).nth(1)).toContainText('Creó');
  await expect(page.getByText('clave-sii-secreta')).toHaveCount(0);

  // Reload keeps every filter; Back undoes the last one.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue(company.name);
  await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Clave de portal');
  await expect(page.getByRole('textbox', { name: 'Desde' })).toHaveValue(weekAgo.typed);
  await expect(dataRows(page)).toHaveCount(2);
  await page.goBack();
  await expect(page).not.toHaveURL(/desde=/);
  await expect(page.getByRole('textbox', { name: 'Desde' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Clave de portal');

  // Only the company's own entries of that kind: another kind is empty.
  await pickOption(page, 'Tipo', 'Usuario', 'Usuario');
  await expect(page.getByText('No hay actividad con estos filtros')).toBeVisible();
});

test('a link with filters, Cargar más and a CSV of exactly the filtered entries', async ({ page, request }) => {
  const company = await ownCompany(request, 'Actividad muchas');
  const headers = await ownerHeaders(request);
  // 55 edits, one after the other (each an entry): with the creation, 56 entries of this company.
  for (let index = 1; index <= 55; index += 1) {
    const response = await request.put(`/api/business/${company.id}`, {
      headers,
      data: { ...company.body, contact: `contacto${index}@empresa.cl` },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await signInAsOwner(page, `/actividad?empresa=${company.id}&tipo=company`);
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue(company.name);
  await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Empresa');
  await expect(dataRows(page)).toHaveCount(50);
  // Newest first: the last edit, with what it changed.
  await expect(dataRows(page).first()).toContainText('contacto54@empresa.cl → contacto55@empresa.cl');
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(dataRows(page)).toHaveCount(56);
  await expect(dataRows(page).last()).toContainText('Creó');
  await expect(page.getByRole('button', { name: 'Cargar más' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^actividad-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const [header, ...records] = csvRecords(text);
  expect(header).toEqual(['Fecha', 'Usuario', 'Dirección IP', 'Acción', 'Tipo', 'Registro', 'Empresa', 'Detalle']);
  expect(records).toHaveLength(56);
  for (const record of records) {
    expect(record[4]).toBe('Empresa');
    expect(record[6]).toBe(company.name);
  }
});

test('the company page shows its recent activity to the owner, with a link to all of it', async ({ page, request }) => {
  const company = await ownCompany(request, 'Actividad reciente');
  await siiPassword(request, company.id);
  await signInAsOwner(page, `/empresas/${company.id}`);
  const section = page.getByRole('region', { name: 'Actividad reciente' });
  await expect(section.getByRole('row').filter({ hasText: 'Clave de portal' })).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: `Empresa · ${company.name}` })).toBeVisible();
  await section.getByRole('link', { name: 'Ver toda la actividad' }).click();
  await expect(page).toHaveURL(new RegExp(`/actividad\\?empresa=${company.id}$`));
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue(company.name);
  await expect(dataRows(page)).toHaveCount(2);
});

test('collaborators have neither the menu entry, the screen nor the company’s recent activity', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request, 'Actividad oculta');
  const collaborator = await createCollaboratorViaApi(request, 'Colab');
  await signIn(page, collaborator.email, collaborator.password);
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Actividad' }),
  ).toHaveCount(0);
  await page.goto('/actividad');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
  await page.goto(`/empresas/${company.id}`);
  await expect(page.getByRole('heading', { name: 'Datos de la empresa' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Actividad reciente' })).toHaveCount(0);
});

test('/actividad at 1280 px and at 390 px: readable, the table scrolls in its box, axe clean', async ({
  page,
  request,
}, testInfo) => {
  const company = await ownCompany(request, 'Actividad pantalla');
  await request.put(`/api/business/${company.id}`, {
    headers: await ownerHeaders(request),
    data: { ...company.body, legalRepresentative: 'Jorge Salinas' },
  });
  await siiPassword(request, company.id);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOwner(page, `/actividad?empresa=${company.id}`);
  await expect(dataRows(page)).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('activity-1280.png'), fullPage: true });
  await expectNoSeriousViolations(page);

  await page.goto(`/empresas/${company.id}`);
  await page.getByRole('heading', { name: 'Actividad reciente' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Actividad reciente' }).getByRole('row')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('company-activity-1280.png') });
  await expectNoSeriousViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/actividad?empresa=${company.id}`);
  await expect(dataRows(page)).toHaveCount(3);
  expect(await pageOverflowsSideways(page)).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('activity-390.png'), fullPage: true });
  await expectNoSeriousViolations(page);

  // Keyboard: the filters are reached with Tab and the kind picked with the arrows.
  await page.getByRole('combobox', { name: 'Tipo' }).focus();
  await page.keyboard.type('Clave');
  // The arrow moves through the options shown: pressed before the list filtered, it moved nothing.
  await expect(page.getByRole('option', { name: 'Clave de portal' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tipo=credential/);
  await expect(dataRows(page)).toHaveCount(1);
});
