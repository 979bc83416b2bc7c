import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The serious and critical WCAG 2 A/AA problems axe finds on the page as it is now, one line each.
 * With `wcag21`, also WCAG 2.1's (and 'label-content-name-mismatch': a control's name holds the text
 * it shows, for voice users), as the scan of every screen checks.
 */
export async function seriousViolations(page: Page, { wcag21 = false }: { wcag21?: boolean } = {}) {
  // axe.run in the page itself: the app draws no frames, and the default (partial runs finished in a
  // blank page of their own) opened a page and loaded axe twice for every scan.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  // Options first: options() replaces what withTags() set.
  if (wcag21) builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  builder.withTags(wcag21 ? ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] : ['wcag2a', 'wcag2aa']);
  // Colours are read once the transitions end: a modal still fading in blends its button into the
  // page (3.8:1 measured on 'Guardar' mid-fade). Endless animations (a loader) are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 140)} ${node.failureSummary ?? ''}`).join(', ')}`,
    );
}

/** No serious or critical WCAG 2 A/AA problem on the page as it is. */
export async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** A toast (or any text) that may appear more than once while earlier toasts fade. */
export const expectText = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true }).first()).toBeVisible();

/** Whether the page scrolls sideways (its content is wider than the window). */
export function pageOverflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The elements inside `root` whose text is cut (wider than their box), as 'text (scrollWidth > clientWidth)'. */
export const truncatedTexts = (root: Locator) =>
  root.evaluateAll((elements) =>
    elements.flatMap((element) =>
      [element, ...element.querySelectorAll('*')]
        // A visually hidden header (1 px wide, read by screen readers only) is not a cut one.
        .filter(
          (node) =>
            node.clientWidth > 1 && node.scrollWidth > node.clientWidth && (node.textContent ?? '').trim() !== '',
        )
        .map((node) => `${(node.textContent ?? '').trim()} (${node.scrollWidth} > ${node.clientWidth})`),
    ),
  );
