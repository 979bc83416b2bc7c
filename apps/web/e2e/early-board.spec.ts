import { expect, type Request, test } from '@playwright/test';
import { expectRowsDrawn } from './support/board-fixtures';
import { createBusinessesViaApi, signInAsOwner, uniqueName } from './support/fixtures';

test("a staff reload of home asks for the month's board once, and an owner's of /cobranza for the month's charges, before the app's route scripts load", async ({
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

  // /cobranza opens on 'Cobros del mes': its month's charges are asked for as early.
  await page.goto('/cobranza');
  const charges = page.getByRole('table', { name: 'Cobros del mes' });
  await expect(charges).toBeVisible();
  sent.length = 0;
  await page.reload();
  await expect(charges).toBeVisible();
  await expect(page.getByTestId('totales-cobros')).toBeVisible();
  const chargeLists = sent.filter((each) => each.url().includes('/api/billing/charges?'));
  expect(chargeLists, 'one charges request for the reload').toHaveLength(1);
  const billingLayout = sent.findIndex((each) => /\/assets\/app-layout-[^/]+\.js$/.test(each.url()));
  expect(billingLayout, "/cobranza's layout script").toBeGreaterThan(-1);
  expect(sent.indexOf(chargeLists[0] as Request)).toBeLessThan(billingLayout);
});
