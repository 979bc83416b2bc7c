import { expect, test } from '@playwright/test';
import {
  createUserViaApi,
  OWNER,
  readRecoveryLink,
  signInAsOwner,
  signInWithForm,
  uniqueEmail,
} from './support/fixtures';

test("a wrong password shows 'Correo o contraseña inválido' and stays on Login", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Correo o contraseña inválido');
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields are refused in the form without calling the server', async ({ page }) => {
  let loginCalls = 0;
  page.on('request', (request) => request.url().endsWith('/api/login') && loginCalls++);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Este campo es requerido')).toHaveCount(2);
  expect(loginCalls).toBe(0);
});

test('signing in reaches the greeting; the session survives a reload and logout clears it', async ({ page }) => {
  await signInWithForm(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Hola ${OWNER.name}! Bienvenido/a de nuevo` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Vista mensual');

  await page.reload();
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();

  // A signed-in user who opens Login is sent Home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/login$/);
});

test('an anonymous visit to a private route lands on Login', async ({ page }) => {
  for (const path of ['/', '/usuarios', '/empresas']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a revoked token signs the user out on the next call', async ({ page }) => {
  await signInAsOwner(page);
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('session') ?? '{}');
    localStorage.setItem('session', JSON.stringify({ ...session, token: 'token.revocado.x' }));
  });
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/login$/);
});

test('password recovery end to end: mail in the outbox, new password, sign in with it', async ({ page, request }) => {
  const email = uniqueEmail('recupera');
  await createUserViaApi(request, { name: 'Rocío', email, role: 'collaborator', password: 'clave-vieja' });

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recuperar-contrase(ñ|%C3%B1)a$/);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Este campo es requerido')).toBeVisible();
  await page.getByLabel('Email').fill('no-es-email');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Este campo debe se un email válido')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Si el correo corresponde a una cuenta, te enviaremos un enlace para crear una nueva contraseña. Si no te llega en unos minutos, revisa la carpeta de spam o pide ayuda al administrador del estudio.',
  );

  const link = await readRecoveryLink(email);
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('1234567');
  await page.getByLabel('Repetir contraseña').fill('124');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('La contraseña debe contener 8 caracteres o más')).toBeVisible();
  await expect(page.getByText('La contraseña no coincide')).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('clave-nueva-1');
  await page.getByLabel('Repetir contraseña').fill('clave-nueva-1');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('status')).toHaveText('La contraseña actualizada correctamente');

  // The link works once only.
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('otra-clave-2');
  await page.getByLabel('Repetir contraseña').fill('otra-clave-2');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('alert')).toHaveText('El token no es válido o ya ha caducado');

  await signInWithForm(page, email, 'clave-nueva-1');
  await expect(page.getByRole('heading', { name: 'Hola Rocío! Bienvenido/a de nuevo' })).toBeVisible();
});

test('after sign-in the browser subscribes to push with the server key and stores the subscription', async ({
  page,
}) => {
  // Headless Chromium has no push service: stand in for PushManager, keep everything else real.
  await page.addInitScript(() => {
    const fake = {
      endpoint: 'https://push.example.test/sub/1',
      expirationTime: null,
      keys: { p256dh: 'p256', auth: 'auth' },
    };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async (options) => {
      (window as unknown as { pushKey: unknown }).pushKey = options?.applicationServerKey;
      return { toJSON: () => fake } as unknown as PushSubscription;
    };
  });
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/user/me/notification-token'));
  await signInWithForm(page, OWNER.email, OWNER.password);
  expect((await stored).status()).toBe(200);
  const serverKey = await page.evaluate(() => (window as unknown as { pushKey: unknown }).pushKey);
  expect(serverKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
});
