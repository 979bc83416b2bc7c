import { expect, test } from '@playwright/test';
import { companyWithFolders } from './support/documents-fixtures';
import { OWNER, signInAsOwner } from './support/fixtures';
import { runTimersAndPaint } from './support/waits';

test('the user-menu button is named by the name it shows, so voice control can say what is seen', async ({ page }) => {
  await signInAsOwner(page);
  const button = page.getByRole('banner').getByRole('button', { name: /menú de usuario/i });
  await expect(button).toContainText(OWNER.name);
  await expect(button).toHaveAccessibleName(new RegExp(`^${OWNER.name}\\b`));
});

test('on a touch screen a tapped folder leaves no tooltip over the content', async ({ browser, request }) => {
  const { service, business, folders } = await companyWithFolders(request);
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.clock.install(); // the tooltip's open delay is run on it, not waited out
  await signInAsOwner(page, `/documentos/empresa/${business.id}`);
  const tile = page.getByRole('link', { name: `${folders.declaraciones.name} - ${service.name}` });
  const tooltip = page.getByRole('tooltip');

  expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
  // A tap focuses the tile and sends it the mouse events a touch emulates, and no mouse ever leaves it.
  await tile.focus();
  await tile.dispatchEvent('mouseenter');
  await runTimersAndPaint(page, 600); // past the tooltip's open delay
  await expect(tooltip).toHaveCount(0);

  await tile.tap();
  await expect(page.getByRole('link', { name: new RegExp(folders.boletas.name) })).toBeVisible();
  await runTimersAndPaint(page, 600); // past the tooltip's open delay
  await expect(tooltip).toHaveCount(0);

  await page.goBack();
  await expect(tile).toBeVisible();
  await runTimersAndPaint(page, 600);
  await expect(tooltip).toHaveCount(0);
  await context.close();
});
