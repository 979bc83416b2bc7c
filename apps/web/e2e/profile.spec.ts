import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createUserViaApi,
  ownerHeaders,
  signIn,
  signInWithForm,
  uniqueEmail,
} from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

const PASSWORD = 'clave-segura';
const NEW_PASSWORD = 'clave-nueva-2025';

/** A client user of a new company, created by the owner through the API. */
async function createClient(request: Parameters<typeof createUserViaApi>[0], email: string, name: string) {
  const business = await createBusinessViaApi(request, `Empresa de ${name}`);
  const response = await request.post('/api/user', {
    headers: await ownerHeaders(request),
    data: { name, lastName: 'Pérez', email, role: 'client', password: PASSWORD, businessId: business.id },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const userMenu = (page: Page) => page.getByRole('button', { name: 'Menú de usuario' });

async function openProfile(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Mi perfil' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible();
}

async function editProfileAndPassword(page: Page, email: string, newName: string) {
  await signIn(page, email, PASSWORD);
  await openProfile(page);

  // Datos personales: the form holds the stored values; a new name reaches the top bar.
  const personal = page.getByRole('region', { name: 'Datos personales' });
  await expect(personal.getByLabel('Email')).toHaveValue(email);
  await personal.getByLabel('Nombre').fill('');
  await personal.getByRole('button', { name: 'Guardar' }).click();
  await expect(personal.getByText('Este campo es requerido')).toBeVisible();
  await personal.getByLabel('Nombre').fill(newName);
  await personal.getByLabel('Apellido').fill('Valdés');
  await personal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible();
  await expect(userMenu(page)).toContainText(`${newName} Valdés`);

  // Cambiar contraseña: the form's own rules, then the server's answer on the field, then success.
  const password = page.getByRole('region', { name: 'Cambiar contraseña' });
  const current = password.getByLabel('Contraseña actual');
  const next = password.getByRole('textbox', { name: 'Nueva contraseña', exact: true });
  const repeat = password.getByLabel('Repetir contraseña');
  const change = password.getByRole('button', { name: 'Cambiar contraseña' });
  await next.fill('corta');
  await change.click();
  await expect(password.getByText('Este campo es requerido')).toBeVisible();
  await expect(password.getByText('La contraseña debe tener 8 o más caracteres')).toBeVisible();
  await next.fill(NEW_PASSWORD);
  await repeat.fill('otra-clave-9');
  await change.click();
  await expect(password.getByText('La contraseña no coinciden')).toBeVisible();

  await current.fill('no-es-mi-clave');
  await repeat.fill(NEW_PASSWORD);
  await change.click();
  await expect(password.getByText('La contraseña actual no es correcta')).toBeVisible();

  await current.fill(PASSWORD);
  await change.click();
  await expect(page.getByText('La contraseña actualizada correctamente')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  // The session that made the change goes on working.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible();
  await expect(userMenu(page)).toContainText(`${newName} Valdés`);

  // Signed out, the old password no longer works and the new one does.
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Correo o contraseña inválido')).toBeVisible();
  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(userMenu(page)).toContainText(`${newName} Valdés`);
}

test('a collaborator edits their name and password from Mi perfil', async ({ page, request }) => {
  const email = uniqueEmail('perfil.colab');
  await createUserViaApi(request, { name: 'Tomás', email, role: 'collaborator', password: PASSWORD });
  await editProfileAndPassword(page, email, 'Tomasa');
});

test('a client edits their name and password from Mi perfil', async ({ page, request }) => {
  const email = uniqueEmail('perfil.cliente');
  await createClient(request, email, 'Rosa');
  await editProfileAndPassword(page, email, 'Rosario');
});

test('an owner edits their name and password from Mi perfil', async ({ page, request }) => {
  // A second owner: the first one's password is what every other browser test signs in with.
  const email = uniqueEmail('perfil.duena');
  await createUserViaApi(request, { name: 'Inés', email, role: 'owner', password: PASSWORD });
  await editProfileAndPassword(page, email, 'Inesa');
});

test('another user e-mail is refused under the field', async ({ page, request }) => {
  const email = uniqueEmail('perfil.dup');
  const taken = uniqueEmail('perfil.tomado');
  await createUserViaApi(request, { name: 'Ana', email, role: 'collaborator', password: PASSWORD });
  await createUserViaApi(request, { name: 'Berta', email: taken, role: 'collaborator', password: PASSWORD });
  await signIn(page, email, PASSWORD);
  await openProfile(page);
  const personal = page.getByRole('region', { name: 'Datos personales' });
  await personal.getByLabel('Email').fill(taken.toUpperCase());
  await personal.getByRole('button', { name: 'Guardar' }).click();
  await expect(personal.getByText('El email ya existe')).toBeVisible();
});

test('Mi perfil works by keyboard at 700 px, has no serious accessibility problems, and fits', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('perfil.teclado');
  await createUserViaApi(request, { name: 'Ignacio', email, role: 'collaborator', password: PASSWORD });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, email, PASSWORD);
  await openProfile(page);
  await page.screenshot({ path: testInfo.outputPath('profile-1280.png'), fullPage: true });
  await expectNoSeriousViolations(page);

  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/');
  // The user menu by keyboard: focus it, open it, choose 'Mi perfil'.
  await userMenu(page).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Mi perfil' });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/perfil$/);

  const name = page.getByRole('region', { name: 'Datos personales' }).getByLabel('Nombre');
  await name.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Ignacia');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible();
  await expect(userMenu(page)).toContainText('Ignacia');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('profile-700.png'), fullPage: true });
});

test('a collaborator turns the morning digest off in Mi perfil, it stays off after a reload, and back on', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('perfil.resumen');
  await createUserViaApi(request, { name: 'Julia', email, role: 'collaborator', password: PASSWORD });
  await signIn(page, email, PASSWORD);
  await openProfile(page);
  const digest = page
    .getByRole('region', { name: 'Resumen diario' })
    .getByRole('switch', { name: 'Recibir el resumen diario de vencimientos (08:00)' });
  await expect(digest).toBeChecked();

  await digest.uncheck();
  await expect(page.getByText('Ya no recibirás el resumen diario de vencimientos')).toBeVisible();
  await page.reload();
  await expect(digest).not.toBeChecked();

  await digest.check();
  await expect(page.getByText('Recibirás el resumen diario de vencimientos', { exact: true })).toBeVisible();
  await page.reload();
  await expect(digest).toBeChecked();
});

test("a client's Mi perfil has no morning digest", async ({ page, request }) => {
  const email = uniqueEmail('perfil.cliente.resumen');
  await createClient(request, email, 'Marta');
  await signIn(page, email, PASSWORD);
  await openProfile(page);
  await expect(page.getByRole('region', { name: 'Datos personales' }).getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('region', { name: 'Cambiar contraseña' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resumen diario' })).toHaveCount(0);
  await expect(page.getByText('Recibir el resumen diario de vencimientos (08:00)')).toHaveCount(0);
});
