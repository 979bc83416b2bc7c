import { expect, type Locator, type Page } from '@playwright/test';

/** How a cell's last change is dated in its tooltip and history: 'DD-MM-YYYY HH:mm'. */
export const CHANGED_AT = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/;

/** Moves down the open menu of a cell with the arrow key until `name` has the focus. */
export async function arrowDownTo(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name, exact: true });
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused({ timeout: 300 });
  }).toPass({ timeout: 5_000 });
}

/** With the focus on a cell: Enter opens its menu, the arrows reach `item`, Enter chooses it. */
export async function chooseWithKeyboard(page: Page, item: string) {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await arrowDownTo(page, item);
  await page.keyboard.press('Enter');
}

/**
 * Holds the board's cell changes (PUTs to `url`) until `refuse()` is called, then answers them with
 * the status and message: the cell can be seen saving before the server's refusal rolls it back.
 */
export async function refuseCellChanges(page: Page, url: string, status: number, message: string) {
  let refuse: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await refused;
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) });
  });
  return { refuse };
}

/** Opens the cell's menu and chooses `item`: the cell shows it at once, named `savingName` and busy. */
export async function chooseAndSeeSaving(page: Page, cell: Locator, item: string, savingName: string) {
  await cell.click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(cell).toHaveAccessibleName(savingName);
  await expect(cell).toHaveAttribute('aria-busy', 'true');
}

/** Leaves a mark on the page's window: gone if the page were reloaded (see expectNotReloaded). */
export async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { boardMark: number }).boardMark = 42;
  });
}

/** The mark of markWindow is still there: the page changed without reloading. */
export async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(42);
}

/** The open history of a cell lists these changes, newest first, each row holding its texts. */
export async function expectHistory(page: Page, changes: string[][]) {
  const history = page.getByRole('dialog', { name: 'Historial de cambios' });
  await expect(history.getByRole('row')).toHaveCount(changes.length + 1);
  for (const [index, texts] of changes.entries()) {
    for (const text of texts) await expect(history.getByRole('row').nth(index + 1)).toContainText(text);
  }
  return history;
}

/**
 * A board of 2,000 companies is drawn only where it is seen: its region is at most 602 px high with
 * under 60 rows rendered, at the top and after scrolling to the last company, and the column
 * header stays put while the rows scroll.
 */
export async function expectOnlyRowsInViewDrawn(
  region: Locator,
  header: Locator,
  companies: { first: string; last: string },
) {
  await expect(region.getByRole('link', { name: companies.first })).toBeVisible();
  expect((await region.boundingBox())?.height).toBeLessThanOrEqual(602);
  expect(await region.locator('tbody tr').count()).toBeLessThan(60);
  await expect(region.getByRole('table')).toHaveAttribute('aria-rowcount', '2001');

  const headerTop = (await header.boundingBox())?.y;
  await region.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(region.getByRole('link', { name: companies.last })).toBeVisible();
  expect(await region.locator('tbody tr').count()).toBeLessThan(60);
  expect((await header.boundingBox())?.y).toBe(headerTop);
  await expect(region.getByRole('link', { name: companies.first })).toHaveCount(0);
}
