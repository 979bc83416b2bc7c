import { expect, test } from '@playwright/test';
import { signInAsOwner } from './support/fixtures';

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
