import { gunzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, signInAsNewCollaborator, signInAsOwner } from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

const userMenu = (page: Page) => page.getByRole('button', { name: /menú de usuario/i });

test('an owner downloads a backup from Respaldo after typing the password again', async ({ page }) => {
  await signInAsOwner(page);
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Respaldo' }).click();
  await expect(page).toHaveURL(/\/respaldo$/);
  await expect(page.getByRole('heading', { name: 'Respaldo', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  const password = page.getByLabel('Tu contraseña');
  await page.getByRole('button', { name: 'Descargar respaldo' }).click();
  await expect(page.getByText('Este campo es requerido')).toBeVisible();
  await password.fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Descargar respaldo' }).click();
  await expect(page.getByText('La contraseña no es correcta')).toBeVisible();

  await password.fill(OWNER.password);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar respaldo' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^respaldo-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  // A tar whose last entry is the manifest, without the keys (the box was left unticked).
  const tar = gunzipSync(await readFile(file)).toString('latin1');
  expect(tar).toContain('manifest.json');
  expect(tar).toContain('"secretsIncluded": false');
  await expect(page.getByText(/Respaldo descargado/)).toBeVisible();
  await expect(password).toHaveValue('');
});

test('a collaborator has no Respaldo in the menu, and /respaldo does not open for them', async ({ page, request }) => {
  await signInAsNewCollaborator(page, request, 'Rocio', 'Respaldo');
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Respaldo' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/respaldo');
  await expect(page.getByRole('heading', { name: 'Respaldo', level: 1 })).toHaveCount(0);
});
