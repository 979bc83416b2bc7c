import { currentPeriod, santiagoDate } from '@app/shared/period';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { chooseWithKeyboard } from './board-cells';
import {
  createBusinessViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  type StateInput,
  signIn,
  uniqueName,
} from './fixtures';
import { monthTitle } from './months';
import type { watchLiveSocket } from './waits';

/*
 * Setting a board up in a test and what both boards must do alike: its service and companies,
 * opening it narrowed to the test's own companies, a second user's browser, its cells, a clock
 * just before midnight in Santiago, and the steps a test of either board repeats.
 */

type Company = Awaited<ReturnType<typeof createBusinessViaApi>>;

/**
 * A service with `states` and one company per name (`{prefix} {name}`, created in that order) that
 * has it, but those in `without` (their cells are 'N/A'); the names share a prefix for the search.
 */
export async function seedServiceBoard<Name extends string>(
  request: APIRequestContext,
  label: string,
  states: StateInput[],
  names: readonly Name[],
  without: readonly Name[] = [],
) {
  const prefix = uniqueName(label);
  const service = await createServiceWithStatesViaApi(request, uniqueName('F29'), states);
  const companies = {} as Record<Name, Company>;
  for (const name of names) companies[name] = await createBusinessViaApi(request, `${prefix} ${name}`);
  for (const name of names) {
    if (!without.includes(name)) await linkServiceViaApi(request, companies[name].id, service.id);
  }
  return { prefix, service, companies };
}

/** The board's heading of a month (its card's title). */
const boardTitle = (page: Page, period = currentPeriod()) =>
  page.getByRole('heading', { name: monthTitle(period), level: 3 });

/** Picks 'Todos' in 'Encargado': a collaborator's board starts on their own companies. */
export async function showEveryOwner(page: Page) {
  await page.getByRole('combobox', { name: 'Encargado' }).click();
  await page.getByRole('option', { name: 'Todos', exact: true }).click();
}

/**
 * Signs in (home is the monthly board) and narrows the board to the test's own companies;
 * `everyOwner` first picks 'Todos' in 'Encargado'.
 */
export async function openMonthlyBoard(
  page: Page,
  email: string,
  password: string,
  search: string,
  everyOwner = false,
) {
  await signIn(page, email, password);
  await expect(boardTitle(page)).toBeVisible();
  if (everyOwner) await showEveryOwner(page);
  await page.getByLabel('Buscar empresa').fill(search);
}

/** Signs in, opens the task board and narrows it to the test's own companies. */
export async function openTaskBoard(page: Page, email: string, password: string, search: string) {
  await signIn(page, email, password, '/seguimiento-tareas');
  await expect(page.getByRole('heading', { name: 'Seguimiento de tareas', level: 1 })).toBeVisible();
  await expect(boardTitle(page)).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(search);
}

/** A second browser of the test's project (its address, language and time zone), for another user. */
export async function otherBrowser(browser: Browser) {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  return { context, page: await context.newPage() };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The badge of a cell a user may change: a button named '{column} de {company}: {state}…'. */
export const cellButton = (page: Page, column: string, company: string) =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(column)} de ${escapeRegExp(company)}: `) });

/** Two minutes before midnight of a day in Santiago (today unless named), whatever its offset (-3 in summer, -4 in winter). */
export function beforeSantiagoMidnight(day = santiagoDate()): Date {
  for (const offset of ['-03:00', '-04:00']) {
    const at = new Date(`${day}T23:58:00${offset}`);
    if (santiagoDate(at) === day && santiagoDate(new Date(at.getTime() + 3 * 60_000)) !== day) return at;
  }
  throw new Error(`no 23:58 found in Santiago on ${day}`);
}

/** 'Empresa 0001' … 'Empresa 2000': the names of a mocked board of 2,000 companies, in order. */
export const numberedCompany = (index: number) => `Empresa ${String(index + 1).padStart(4, '0')}`;

/**
 * With the keyboard alone: the cell takes the focus, Enter and the arrows choose `item`, and the
 * cell is then named `name` and keeps the focus.
 */
export async function chooseOnCellWithKeyboard(page: Page, cell: Locator, item: string, name: string) {
  await cell.focus();
  await chooseWithKeyboard(page, item);
  await expect(cell).toHaveAccessibleName(name);
  await expect(cell).toBeFocused();
}

/** In the open 'Valor' modal, the field `label` has the focus; `text` typed and Enter save it: the cell shows `shown`, focused. */
export async function typeValueWithKeyboard(page: Page, cell: Locator, label: string, text: string, shown: string) {
  await expect(page.getByRole('dialog', { name: 'Valor' }).getByLabel(label)).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText(shown);
  await expect(cell).toBeFocused();
}

/**
 * Offline until the page's live socket has closed; `meanwhile` changes the board, which cannot
 * arrive live (`stillShown` checks the page did not change); then back online.
 */
export async function changeWhileOffline(
  context: BrowserContext,
  liveSocket: ReturnType<typeof watchLiveSocket>,
  meanwhile: () => Promise<void>,
  stillShown: () => Promise<void>,
) {
  await context.setOffline(true);
  await liveSocket.closed();
  await meanwhile();
  await stillShown();
  await context.setOffline(false);
}

/**
 * A board's address (`path`) with a month after the current period is brought back to it; one
 * before 2010 to January 2010.
 */
export async function expectMonthInRange(page: Page, path: string) {
  const period = currentPeriod();
  await page.goto(`${path}?anio=${period.year + 1}&mes=1`);
  await expect(boardTitle(page, period)).toBeVisible();
  await page.goto(`${path}?anio=2001&mes=5`);
  await expect(page.getByRole('heading', { name: 'Enero 2010', level: 3 })).toBeVisible();
}

/**
 * At 700 px wide the board's region shows, the side menu is a closed drawer, and the page itself
 * never scrolls sideways: the table scrolls inside its own region.
 */
export async function expectNarrowBoard(page: Page, region: Locator) {
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(region).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).not.toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
