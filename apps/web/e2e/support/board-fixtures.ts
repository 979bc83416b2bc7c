import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ownerHeaders, uniqueRut } from './fixtures';

/**
 * Creates `count` companies through the API as the owner, a few at a time with one sign-in, so a
 * board holds more rows than its scrolling region shows (the rows must be virtualised).
 */
export async function createBusinessesViaApi(request: APIRequestContext, prefix: string, count: number) {
  const headers = await ownerHeaders(request);
  const created: { id: number; name: string }[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, async (_, offset) => {
      const name = `${prefix} ${String(start + offset + 1).padStart(3, '0')}`;
      const response = await request.post('/api/business', {
        headers,
        data: {
          name,
          razonSocial: `${name} SpA`,
          rut: uniqueRut().raw,
          startContract: '2023-01-01',
          endContract: '2030-12-31',
          legalRepresentative: 'Marcela Fuentes',
          contact: 'contacto@empresa.cl',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()).business as { id: number; name: string };
    });
    created.push(...(await Promise.all(batch)));
  }
  return created;
}

/** The side menu's link to a screen. */
export const menuLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: label, exact: true });

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
  await expect(region.locator('tbody tr[aria-rowindex="2"]')).toBeInViewport();
  const box = await region.boundingBox();
  expect(box?.height ?? 0, 'the scrolling region shows more than its header').toBeGreaterThan(200);
}
