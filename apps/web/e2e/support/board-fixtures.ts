import { expect, type Locator, type Page } from '@playwright/test';

/** The side menu's link to a screen. */
export const menuLink = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Menú principal' })
    // 'Documentos' is named with the count it shows ('Documentos 3') while something waits for review.
    .getByRole('link', { name: new RegExp(`^${label}(?:\\s*\\d+)?$`) });

/** The breadcrumb's link to a screen. */
export const crumbLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: label, exact: true });

/**
 * The board's rows are really drawn: at least `atLeast` company rows are in the table (not only its
 * header), the first of them inside the scrolling region's visible box, and the region is taller
 * than its header.
 */
export async function expectRowsDrawn(region: Locator, atLeast = 8) {
  await expect
    .poll(() => region.locator('tbody tr[aria-rowindex]').count(), { message: 'company rows drawn in the board' })
    .toBeGreaterThanOrEqual(atLeast);
  // The summary cards above it may fill the window (other specs' services and tasks on the shared
  // server): what counts is that the table, once in view, shows its rows.
  await region.scrollIntoViewIfNeeded();
  await expect(region.locator('tbody tr[aria-rowindex="2"]')).toBeInViewport();
  const box = await region.boundingBox();
  expect(box?.height ?? 0, 'the scrolling region shows more than its header').toBeGreaterThan(200);
}
