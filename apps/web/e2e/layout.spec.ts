import { expect, test } from '@playwright/test';
import { businessBody, ownerHeaders, signInAsOwner } from './support/fixtures';
import { truncatedTexts } from './support/page-checks';

test('at 700 px the side menu is a drawer opened from the burger', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAsOwner(page);
  const usersLink = page.getByRole('link', { name: 'Usuarios' });
  await expect(usersLink).not.toBeInViewport();
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await expect(usersLink).toBeInViewport();
  await usersLink.click();
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await expect(usersLink).not.toBeInViewport();
  // Nothing overflows sideways at this width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/layout-700.png', fullPage: true });
});

test('on a wide screen the 250 px side menu can be collapsed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsOwner(page);
  const navbar = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(navbar).toBeVisible();
  expect((await navbar.boundingBox())?.width).toBe(250);
  await page.getByRole('button', { name: 'Ocultar menú' }).click();
  await expect(navbar).not.toBeInViewport();
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await expect(navbar).toBeInViewport();
  await page.screenshot({ path: 'test-results/layout-desktop.png' });
});

test("at 1280 px 'Empresas' with the demo's long names fits the window, every column header whole", async ({
  page,
  request,
}) => {
  const headers = await ownerHeaders(request);
  // The demo's longest company: its razón social, representative and two contact addresses.
  const response = await request.post('/api/business', {
    headers,
    data: {
      ...businessBody('Agrícola y Vitivinícola Santa Inés'),
      razonSocial: 'Agrícola y Vitivinícola Santa Inés S.A.',
      legalRepresentative: 'Ignacio Errázuriz',
      contact: 'contacto@ferreteriaelroble.cl,pagos@ferreteriaelroble.cl',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  // A name with a long word, as codes and test data have ('Actividad muchas mwzgmc93176164').
  const longWord = await request.post('/api/business', {
    headers,
    data: businessBody(`Actividad muchas ${'x'.repeat(12)}${Date.now()}`),
  });
  expect(longWord.status(), await longWord.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsOwner(page, '/empresas');
  await expect(page.getByRole('cell', { name: 'Agrícola y Vitivinícola Santa Inés S.A.' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('empresas-1280.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const table = page.locator('table').first();
  // The table scrolls inside its own box: nothing of it may be out of that box's view either.
  const tableOverflow = await table.evaluate((element) => {
    const box = element.closest('.mantine-ScrollArea-viewport') ?? element.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  expect(tableOverflow, 'how far the table scrolls sideways (px)').toBeLessThanOrEqual(0);
  await expect(table.getByRole('columnheader', { name: 'Acciones' })).toBeInViewport({ ratio: 1 });
  expect(await truncatedTexts(table.locator('thead th'))).toEqual([]);
});
