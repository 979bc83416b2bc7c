import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  createUserViaApi,
  ownerHeaders,
  signIn,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';

const LAST_SEEN = /Última vez vista por .+ el \d{2}-\d{2}-\d{4} \d{2}:\d{2} desde \S+/;
const REVEALS_LOGGED = 'Cada vez que alguien muestra o copia una contraseña queda registrado.';

/** An owner of this test's own (the seeded owner is shared by every spec). */
async function signInAsNewOwner(page: Page, request: Parameters<typeof createUserViaApi>[0]) {
  const owner = { name: 'Olga', lastName: 'Reveladora', email: uniqueEmail('olga'), password: 'clave-olga-1' };
  await createUserViaApi(request, { ...owner, role: 'owner' });
  await signIn(page, owner.email, owner.password);
  return owner;
}

/** The credentials section of the company page (its recent activity lists the same descriptions). */
const vaultRows = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Contraseñas de empresa' }).getByRole('row').filter({ hasText: text });

async function openCompany(page: Page, business: { id: number; name: string }) {
  await page.goto(`/empresas/${business.id}`);
  await expect(page.getByRole('heading', { name: business.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contraseñas de empresa' })).toBeVisible();
}

test('an owner adds a credential: masked, shown and copied on request, each logged, and sees who saw it last', async ({
  page,
  context,
  request,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const business = await createBusinessViaApi(request, uniqueName('Claves'));
  const secret = `Clave-${Date.now()}`;
  await signInAsNewOwner(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCompany(page, business);

  await page.getByRole('button', { name: 'Crear contraseña' }).click();
  const form = page.getByRole('dialog', { name: 'Crear contraseña' });
  await form.getByLabel('Usuario').fill('76.123.456-7');
  await form.getByRole('combobox', { name: 'Portal' }).click();
  await page.getByRole('option', { name: 'SII' }).click();
  await form.getByLabel('Contraseña').fill(secret);
  await form.getByLabel('Descripción').fill('Clave tributaria');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña ha sido creada exitosamente')).toBeVisible();

  const row = vaultRows(page, 'Clave tributaria');
  await expect(row).toContainText('••••••••');
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText('Nadie la ha visto todavía');
  await expect(page.getByText(REVEALS_LOGGED)).toBeVisible();

  await row.getByRole('button', { name: 'Mostrar contraseña de 76.123.456-7 (SII)' }).click();
  await expect(row).toContainText(secret);
  await page.screenshot({ path: testInfo.outputPath('credentials-1280.png'), fullPage: true });
  await row.getByRole('button', { name: 'Ocultar contraseña de 76.123.456-7 (SII)' }).click();
  await expect(row).not.toContainText(secret);

  await row.getByRole('button', { name: 'Copiar contraseña de 76.123.456-7 (SII)' }).click();
  await expect(page.getByText('Contraseña copiada')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(row).not.toContainText(secret);

  // Opened again, the section says who last saw it (the copy), when and from where.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contraseñas de empresa' })).toBeVisible();
  const again = vaultRows(page, 'Clave tributaria');
  await expect(again).toContainText(LAST_SEEN);
  await expect(again).toContainText('Última vez vista por Olga Reveladora el');
  await expect(again).not.toContainText(secret);

  // The edit form does not know the password: left empty, the stored one stays.
  await again.getByRole('button', { name: 'Editar contraseña de 76.123.456-7 (SII)' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar contraseña' });
  await expect(edit.getByLabel('Contraseña')).toHaveValue('');
  await expect(edit.getByText('Déjala vacía para mantener la actual')).toBeVisible();
  await edit.getByLabel('Descripción').fill('Clave tributaria F29');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña se editó correctamente')).toBeVisible();
  const edited = vaultRows(page, 'Clave tributaria F29');
  await edited.getByRole('button', { name: 'Mostrar contraseña de 76.123.456-7 (SII)' }).click();
  await expect(edited).toContainText(secret);
});

test('a collaborator can reveal a password but sees no last-reveal line', async ({ page, request }) => {
  const business = await createBusinessViaApi(request, uniqueName('Claves colaborador'));
  const secret = `Previred-${Date.now()}`;
  const created = await request.post('/api/password', {
    headers: await ownerHeaders(request),
    data: {
      businessId: business.id,
      user: 'rrhh@empresa.cl',
      portal: 'previred',
      password: secret,
      description: 'Cotizaciones',
    },
  });
  expect(created.status()).toBe(201);
  const collaborator = await createCollaboratorViaApi(request, 'Carla', 'Colaboradora');
  await signIn(page, collaborator.email, collaborator.password);
  await openCompany(page, business);

  const row = vaultRows(page, 'Cotizaciones');
  await expect(row).not.toContainText(secret);
  await row.getByRole('button', { name: 'Mostrar contraseña de rrhh@empresa.cl (PREVIRED)' }).click();
  await expect(row).toContainText(secret);
  await expect(page.getByText(REVEALS_LOGGED)).toBeVisible();
  await page.reload();
  const again = vaultRows(page, 'Cotizaciones');
  await expect(again).toContainText('rrhh@empresa.cl');
  await expect(again).not.toContainText('Última vez vista');
  await expect(again).not.toContainText('Nadie la ha visto todavía');
});

test('on a 390 px phone the password is shown and hidden in the credentials section', async ({
  page,
  request,
}, testInfo) => {
  const business = await createBusinessViaApi(request, uniqueName('Claves móvil'));
  const secret = `Movil-${Date.now()}`;
  const created = await request.post('/api/password', {
    headers: await ownerHeaders(request),
    data: {
      businessId: business.id,
      user: 'ana.dt',
      portal: 'DT',
      password: secret,
      description: 'Dirección del Trabajo',
    },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewOwner(page, request);
  await openCompany(page, business);

  const row = vaultRows(page, 'Dirección del Trabajo');
  const show = row.getByRole('button', { name: 'Mostrar contraseña de ana.dt (DT)' });
  await show.scrollIntoViewIfNeeded();
  await show.click();
  await expect(row).toContainText(secret);
  await expect(row).toContainText('Nadie la ha visto todavía');
  await page.screenshot({ path: testInfo.outputPath('credentials-390.png'), fullPage: true });
  await row.getByRole('button', { name: 'Ocultar contraseña de ana.dt (DT)' }).click();
  await expect(row).not.toContainText(secret);
  // No horizontal scroll of the page itself.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
