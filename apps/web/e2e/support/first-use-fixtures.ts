import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ownerHeaders, uniqueRut } from './fixtures';

/**
 * Creates `count` companies through the API as the owner, named '{prefix} 01', '{prefix} 02', …
 * (so they sort in that order by name), a few at a time over one sign-in.
 */
export async function createBusinessesViaApi(request: APIRequestContext, prefix: string, count: number) {
  const headers = await ownerHeaders(request);
  const names = Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`);
  const created: { id: number; name: string; rut: string }[] = [];
  for (let start = 0; start < names.length; start += 10) {
    const batch = await Promise.all(
      names.slice(start, start + 10).map(async (name) => {
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
        return (await response.json()).business as { id: number; name: string; rut: string };
      }),
    );
    created.push(...batch);
  }
  return created;
}

/** The serious and critical WCAG 2 A/AA problems axe finds on the page as it is now, one line each. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 140)}`).join(', ')}`,
    );
}

/** Whether the page scrolls sideways (its content is wider than the window). */
export function pageOverflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
