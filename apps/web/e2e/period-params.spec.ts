import { boardPeriodMsg, monthLabel } from '@app/shared/messages-board-period';
import { currentPeriod } from '@app/shared/period';
import { expect, test } from '@playwright/test';
import { createBusinessViaApi, signInAsOwner, uniqueName } from './support/fixtures';

/** One spelling of the period in addresses, ?anio=, on the boards and the documents; old ?año= links still work. */
test('an old ?año= link opens the same month and is rewritten to ?anio=, on the board and on the documents', async ({
  page,
  request,
}) => {
  const business = await createBusinessViaApi(request, uniqueName('Periodo'));
  await signInAsOwner(page, '/?a%C3%B1o=2025&mes=3');
  await expect(page.getByRole('heading', { name: 'Marzo 2025', level: 3 })).toBeVisible();
  await expect(page).toHaveURL(/\/\?anio=2025&mes=3$/);

  await page.goto(`/documentos/empresa/${business.id}?a%C3%B1o=2025&mes=4`);
  await expect(page.getByRole('heading', { name: /Abril 2025/, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/documentos/empresa/${business.id}\\?anio=2025&mes=4$`));

  // The rewrite replaces the old address instead of adding a step: Back returns to the board.
  await page.goBack();
  await expect(page).toHaveURL(/\/\?anio=2025&mes=3$/);
});

test('a month not open yet in the address is rewritten to the month shown, and a notice says why', async ({ page }) => {
  const current = currentPeriod();
  const next = current.month === 12 ? { year: current.year + 1, month: 1 } : { ...current, month: current.month + 1 };
  const title = monthLabel(current).replace(/^./, (letter) => letter.toUpperCase());
  await signInAsOwner(page, `/?anio=${next.year}&mes=${next.month}`);
  await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  await expect(page.getByText(boardPeriodMsg.notOpenYet(next, current))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/\\?anio=${current.year}&mes=${current.month}$`));

  await page.goto('/?anio=2026&mes=13');
  await expect(page.getByText(boardPeriodMsg.invalid(current))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/\\?anio=${current.year}&mes=${current.month}$`));
});
