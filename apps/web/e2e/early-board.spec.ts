import { expect, type Request, test } from '@playwright/test';
import { expectRowsDrawn } from './support/board-fixtures';
import { createBusinessesViaApi, signInAsOwner, uniqueName } from './support/fixtures';

test("a staff reload of home asks for the month's board once, before the app's route scripts load", async ({
  page,
  request,
}) => {
  await createBusinessesViaApi(request, uniqueName('Temprana'), 8);
  await signInAsOwner(page);
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await expectRowsDrawn(region);

  const sent: Request[] = [];
  page.on('request', (sentRequest) => sent.push(sentRequest));
  await page.reload();
  await expectRowsDrawn(region);

  const boards = sent.filter((each) => each.url().includes('/api/monthly-states/year/'));
  expect(boards, 'one board request for the reload').toHaveLength(1);
  // index.html's early script asks before the app has loaded its router's screens.
  const layout = sent.findIndex((each) => /\/assets\/app-layout-[^/]+\.js$/.test(each.url()));
  expect(layout, "the home route's layout script").toBeGreaterThan(-1);
  expect(sent.indexOf(boards[0] as Request)).toBeLessThan(layout);
});

test("a staff reload of home preloads the home route's scripts, each fetched once; the sign-in page preloads none", async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await page.locator('link[rel="modulepreload"][href*="staff-home-"]').count()).toBe(0);

  await signInAsOwner(page);
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await expectRowsDrawn(region);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('.js')) scripts.push(new URL(sent.url()).pathname);
  });
  await page.reload();
  await expectRowsDrawn(region);

  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  for (const name of ['app-layout', 'home-route', 'board-loaders', 'staff-home']) {
    expect(
      preloaded.some((file) => file.startsWith(`/assets/${name}-`)),
      `${name} preloaded`,
    ).toBe(true);
  }
  expect(
    scripts.filter((file, index) => scripts.indexOf(file) !== index),
    'no script fetched twice',
  ).toEqual([]);
});
