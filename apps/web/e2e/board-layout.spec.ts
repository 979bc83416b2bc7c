import { currentPeriod } from '@app/shared/period';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { mockMonthlyBoard, mockTaskBoard } from './support/board-mocks';
import { createCollaboratorViaApi, signIn, signInAsOwner } from './support/fixtures';
import { truncatedTexts } from './support/page-checks';

const period = currentPeriod();
const LONG_NAME = 'Sociedad Comercial e Inversiones Los Aromos del Valle Central Limitada';

const boards = [
  {
    name: 'the monthly board',
    path: '/',
    region: 'Tabla mensual de empresas',
    lastColumn: 'Progreso',
    mock: mockMonthlyBoard,
  },
  {
    name: 'Seguimiento de tareas',
    path: '/seguimiento-tareas',
    region: 'Tabla de seguimiento de tareas',
    lastColumn: /^Informe al cliente/,
    mock: mockTaskBoard,
  },
] as const;

const toggle = (page: Page) => page.getByRole('button', { name: 'Mostrar / ocultar tarjetas' });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** How far the region scrolls sideways (0: its table fits) and where it ends in the window. */
const regionMetrics = (region: Locator) =>
  region.evaluate((element) => ({
    overflowX: element.scrollWidth - element.clientWidth,
    bottom: element.getBoundingClientRect().bottom,
    windowHeight: window.innerHeight,
  }));

for (const board of boards) {
  test(`${board.name} fits a 1280×800 window: every column in view, long names cut with a tooltip, a sticky header over a table as tall as the window`, async ({
    page,
  }, testInfo) => {
    await board.mock(page, period);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsOwner(page, board.path);
    const region = page.getByRole('region', { name: board.region });
    await expect(region.getByRole('link', { name: LONG_NAME })).toBeVisible();

    // No sideways scroll: the last column is in view inside the region.
    expect((await regionMetrics(region)).overflowX).toBeLessThanOrEqual(0);
    const lastHeader = region.getByRole('columnheader', { name: board.lastColumn });
    const headerBox = await lastHeader.boundingBox();
    const regionBox = await region.boundingBox();
    expect(headerBox && regionBox && headerBox.x + headerBox.width).toBeLessThanOrEqual(
      (regionBox?.x ?? 0) + (regionBox?.width ?? 0) + 1,
    );
    await expect(lastHeader).toBeInViewport({ ratio: 1 });

    // Every column's header reads whole (on two lines if need be): a tooltip is no way to read a column.
    expect(await truncatedTexts(region.locator('thead th'))).toEqual([]);

    // A name too long for its column is cut short, and its tooltip gives it whole.
    const longName = region.getByRole('link', { name: LONG_NAME });
    expect(await longName.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await longName.hover();
    await expect(page.getByRole('tooltip')).toHaveText(LONG_NAME);
    await page.mouse.move(0, 0);

    // The region reaches down to the window's bottom (never past it), with the cards hidden, and in a taller window.
    await page.screenshot({ path: testInfo.outputPath('board-1280x800-cards.png') });
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Tarjetas de resumen' })).toBeHidden();
    // Polled until the region ends inside the window and at most 60 px above its bottom: right after
    // the window shrinks, the region still has its taller height (past the bottom) for a moment.
    const expectFillsWindow = async () => {
      await expect
        .poll(
          async () => {
            const { windowHeight, bottom } = await regionMetrics(region);
            const left = windowHeight - bottom;
            return left >= 0 && left <= 60 ? 'fits' : `${left} px left below the region`;
          },
          { message: "space left between the region and the window's bottom" },
        )
        .toBe('fits');
    };
    await expectFillsWindow();
    await page.screenshot({ path: testInfo.outputPath('board-1280x800.png') });
    await page.setViewportSize({ width: 1280, height: 1200 });
    await expectFillsWindow();
    expect((await region.boundingBox())?.height).toBeGreaterThan(600);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectFillsWindow();

    // The header stays in view while the rows scroll under it.
    const firstHeader = region.getByRole('columnheader', { name: 'Nombre' });
    const top = (await firstHeader.boundingBox())?.y;
    await region.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect(region.getByRole('link', { name: /^Empresa 040 / })).toBeVisible();
    expect((await firstHeader.boundingBox())?.y).toBe(top);
    await expect(firstHeader).toBeInViewport();

    // At 700 px the page itself never scrolls sideways; the table scrolls inside its region.
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(region).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('board-700x800.png') });
  });

  test(`${board.name} remembers 'Mostrar / ocultar tarjetas' per user across reloads`, async ({ page, request }) => {
    // Three sign-ins and three reloads.
    test.setTimeout(60_000);
    const collaborator = await createCollaboratorViaApi(request, 'Matías', 'Lagos');
    await board.mock(page, period);
    await signInAsOwner(page, board.path);
    const cards = page.getByRole('region', { name: 'Tarjetas de resumen' });
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(cards).toBeVisible();

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('region', { name: board.region })).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(cards).toBeHidden();

    // Another user on the same browser has their own choice: the cards show for them.
    await signOut(page);
    await signIn(page, collaborator.email, collaborator.password, board.path);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(cards).toBeVisible();

    // Back as the owner, after a reload, still hidden; shown again, still shown after a reload.
    await signOut(page);
    await signInAsOwner(page, board.path);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await toggle(page).click();
    await expect(cards).toBeVisible();
    await page.reload();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(cards).toBeVisible();
  });
}

test("a company's 'por revisar' mark on the monthly board leaves its name the whole width of the name column", async ({
  page,
}, testInfo) => {
  await mockMonthlyBoard(page, period);
  // Something to review for the second and third companies ('Empresa 002 …', 'Empresa 003 …'), none for the fourth.
  await page.route('**/api/requests/to-review', (route) =>
    route.fulfill({
      json: {
        total: 3,
        byBusiness: [
          { businessId: 850_001, count: 1, ...period },
          { businessId: 850_002, count: 2, ...period },
        ],
      },
    }),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsOwner(page, '/');
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await expect(region.getByRole('link', { name: /por revisar/ }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('board-to-review-1280.png') });
  const nameWidth = (name: RegExp) => region.getByRole('link', { name }).evaluate((element) => element.clientWidth);
  const unmarked = await nameWidth(/^Empresa 004 /);
  expect(await nameWidth(/^Empresa 002 /)).toBe(unmarked);
  expect(await nameWidth(/^Empresa 003 /)).toBe(unmarked);
});
