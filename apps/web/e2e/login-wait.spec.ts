import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/fixtures';

test('past five wrong passwords the sign-in page says how many minutes to wait', async ({ page }) => {
  // An address nobody else uses, so no other test's sign-ins are held back by this one.
  const email = uniqueEmail('espera');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByLabel('Contraseña').fill(`mala-${attempt}`);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Ingresar' }).click();
    expect((await answered).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña inválido');
  }
  await page.getByLabel('Contraseña').fill('otra-mala');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.');
  await page.screenshot({ path: test.info().outputPath('login-espera.png') });
});
