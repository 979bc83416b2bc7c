import { msg } from '@app/shared/messages';
import { calendarMsg } from '@app/shared/messages-calendar';
import { expect, type Page, test } from '@playwright/test';
import { NO_GOOGLE_URL } from '../playwright.config';
import {
  eventToday,
  FAKE_CALENDARS,
  FAKE_GOOGLE_EMAIL,
  revokeFakeGoogleAccount,
  setFakeGoogleEvents,
} from './support/calendar-fixtures';
import { createUserViaApi, OWNER, signIn, signInAsOwner, uniqueEmail, uniqueName } from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

/**
 * The calendar against the real server and a local fake of Google (playwright.config.ts). The fake
 * and the database live for the whole run, so this file runs in order and arranges everything it
 * reads: it links the account first, then works with today's events (always in this week and day).
 */
test.describe.configure({ mode: 'serial' });

const MEETING = uniqueName('Reunión con cliente');
const DEADLINE = uniqueName('Vencimiento F29');
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 700, height: 900 };
const PASSWORD = 'clave-calendario-1';

const calendarRegion = (page: Page) => page.getByRole('region', { name: calendarMsg.calendarRegion });
const dayHeaders = (page: Page) => calendarRegion(page).locator('.fc-col-header-cell');
const calendarsCard = (page: Page) => page.getByRole('region', { name: calendarMsg.calendarsCard });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

async function openCalendar(page: Page, email = OWNER.email, password = OWNER.password) {
  await signIn(page, email, password, '/calendario');
  await expect(page.getByRole('heading', { name: calendarMsg.title, level: 1 })).toBeVisible();
}

async function createCollaborator(request: Parameters<typeof createUserViaApi>[0], allowCalendarView: boolean) {
  const email = uniqueEmail('calendario');
  await createUserViaApi(request, {
    name: 'Camila',
    lastName: 'Rojas',
    email,
    role: 'collaborator',
    password: PASSWORD,
    allowCalendarView,
  });
  return email;
}

test.beforeAll(async ({ request }) => {
  await setFakeGoogleEvents(request, FAKE_CALENDARS.primary.id, [eventToday('reunion', MEETING, 10, 11)]);
  await setFakeGoogleEvents(request, FAKE_CALENDARS.deadlines.id, [eventToday('f29', DEADLINE, 15, 16)]);
});

test('an owner links the Google account through "Vincular cuenta" and sees this week in Spanish', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openCalendar(page);
  await expect(
    page.getByRole('navigation', { name: 'Ruta de navegación' }).getByText('Calendario', { exact: true }),
  ).toBeVisible();

  const card = calendarsCard(page);
  await expect(card.getByRole('heading', { name: calendarMsg.calendarsCard })).toBeVisible();
  // The consent page of the fake Google sends the owner straight back with a code and the state.
  await card.getByRole('button', { name: calendarMsg.linkAccount }).click();
  await expect(page.getByText(calendarMsg.linked)).toBeVisible();
  // Google's parameters leave the address.
  await expect(page).toHaveURL(/\/calendario$/);

  await expect(card.getByText(FAKE_GOOGLE_EMAIL)).toBeVisible();
  await expect(card.getByRole('checkbox', { name: FAKE_CALENDARS.primary.name })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: FAKE_CALENDARS.deadlines.name })).not.toBeChecked();

  // The week from Monday, in Spanish, with the primary calendar's event and not the inactive one's.
  const calendar = calendarRegion(page);
  await expect(dayHeaders(page)).toHaveCount(7);
  await expect(dayHeaders(page).first()).toHaveText(/^lun/i);
  await expect(dayHeaders(page).last()).toHaveText(/^dom/i);
  await expect(calendar.getByText(MEETING)).toBeVisible();
  await expect(calendar.getByText(DEADLINE)).toHaveCount(0);
  await expect(calendar.getByText('Todo el día')).toBeVisible();
  await expect(calendar.getByText('08:00')).toBeVisible();
  await expect(calendar.getByText('20:00')).toBeVisible();
  await expect(calendar.getByText('07:00')).toHaveCount(0);
  await expect(calendar.getByText('21:00')).toHaveCount(0);
  // No view selector.
  await expect(page.getByRole('button', { name: /^(Semana|Día|Mes)$/ })).toHaveCount(0);

  // Once the toast has gone (Mantine's toasts have an unnamed close button and a light description).
  await expect(page.getByText(calendarMsg.linked)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('the week moves with the keyboard, fetching the events of each range; "Hoy" comes back', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openCalendar(page);
  const calendar = calendarRegion(page);
  await expect(calendar.getByText(MEETING)).toBeVisible();
  const today = calendar.getByRole('button', { name: calendarMsg.today });
  await expect(today).toHaveAttribute('aria-disabled', 'true');
  const thisWeek = await calendar.getByRole('heading', { level: 3 }).textContent();

  const next = calendar.getByRole('button', { name: calendarMsg.nextWeek });
  await next.focus();
  const request = page.waitForRequest(
    (sent) => sent.url().includes('/api/calendar/event?') && new URL(sent.url()).searchParams.has('timeMax'),
  );
  await page.keyboard.press('Enter');
  const timeMin = new URL((await request).url()).searchParams.get('timeMin') ?? '';
  expect(new Date(timeMin).getTime()).toBeGreaterThan(Date.now());
  await expect(calendar.getByRole('heading', { level: 3 })).not.toHaveText(thisWeek ?? '');
  await expect(calendar.getByText(MEETING)).toHaveCount(0);

  await expect(today).toHaveAttribute('aria-disabled', 'false');
  await today.focus();
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('heading', { level: 3 })).toHaveText(thisWeek ?? '');
  // The focus stays on 'Hoy', now that it has nothing to do.
  await expect(today).toBeFocused();
  await expect(today).toHaveAttribute('aria-disabled', 'true');
  await expect(calendar.getByText(MEETING)).toBeVisible();
});

test('switching on "Vencimientos SII" shows its events at once', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openCalendar(page);
  const deadlines = calendarsCard(page).getByRole('checkbox', { name: FAKE_CALENDARS.deadlines.name });
  await expect(calendarRegion(page).getByText(MEETING)).toBeVisible();

  await deadlines.press('Space');
  await expect(page.getByText(calendarMsg.calendarSaved)).toBeVisible();
  await expect(deadlines).toBeChecked();
  await expect(calendarRegion(page).getByText(DEADLINE)).toBeVisible();

  // Saved: it is still on after a reload.
  await page.reload();
  await expect(deadlines).toBeChecked();
  await expect(calendarRegion(page).getByText(DEADLINE)).toBeVisible();
});

test('the week becomes a day when the window narrows to 700 px, and back', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openCalendar(page);
  await expect(dayHeaders(page)).toHaveCount(7);
  await page.setViewportSize(NARROW);
  await expect(dayHeaders(page)).toHaveCount(1);
  await expect(calendarRegion(page).getByRole('button', { name: calendarMsg.previousDay })).toBeVisible();
  await expect(calendarRegion(page).getByText(MEETING)).toBeVisible();
  // The day's column is measured again: it spans the grid, as wide as its header (both measured
  // together while the layout settles; a pixel apart is rounding).
  await expect
    .poll(async () => {
      const header = await dayHeaders(page).boundingBox();
      const column = await calendarRegion(page).locator('.fc-timegrid-col.fc-day').boundingBox();
      return header && column ? Math.abs(column.width - header.width) : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(1);
  await page.setViewportSize(WIDE);
  await expect(dayHeaders(page)).toHaveCount(7);
});

test('a collaborator with allowCalendarView sees the events at 700 px in the day view, without the Calendarios card', async ({
  page,
  request,
}) => {
  const email = await createCollaborator(request, true);
  await page.setViewportSize(NARROW);
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await menu(page).getByRole('link', { name: 'Calendario', exact: true }).click();
  await expect(page.getByRole('heading', { name: calendarMsg.title, level: 1 })).toBeVisible();

  const calendar = calendarRegion(page);
  await expect(dayHeaders(page)).toHaveCount(1);
  await expect(calendar.getByRole('button', { name: calendarMsg.previousDay })).toBeVisible();
  await expect(calendar.getByRole('button', { name: calendarMsg.nextDay })).toBeVisible();
  await expect(calendar.getByText(MEETING)).toBeVisible();
  await expect(calendar.getByText(DEADLINE)).toBeVisible();
  await expect(calendarsCard(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: calendarMsg.linkAccount })).toHaveCount(0);
  // Nothing sticks out sideways at 700 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);

  await expectNoSeriousViolations(page);
});

test('a collaborator without allowCalendarView has no menu entry and is sent home from /calendario', async ({
  page,
  request,
}) => {
  const email = await createCollaborator(request, false);
  await page.setViewportSize(WIDE);
  await signIn(page, email, PASSWORD);
  await expect(menu(page).getByRole('link', { name: 'Documentos' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Calendario', exact: true })).toHaveCount(0);

  await page.goto('/calendario');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
});

test('a code Google did not issue for this session is refused with the server message and leaves the address', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await signInAsOwner(page, '/calendario?code=codigo-valido&state=otro-estado');
  await expect(page.getByText(calendarMsg.invalidState)).toBeVisible();
  await expect(page).toHaveURL(/\/calendario$/);
  // The account linked before is untouched.
  await expect(calendarsCard(page).getByText(FAKE_GOOGLE_EMAIL)).toBeVisible();
  await expect(calendarRegion(page).getByText(MEETING)).toBeVisible();
});

test('Google failing shows its message and "Reintentar" loads the events', async ({ page }) => {
  await page.setViewportSize(WIDE);
  let failing = true;
  await page.route(/\/api\/calendar\/event\?/, (route) =>
    failing ? route.fulfill({ status: 502, json: { message: calendarMsg.googleUnavailable } }) : route.continue(),
  );
  await openCalendar(page);
  const alert = page.getByRole('alert').filter({ hasText: calendarMsg.eventsFailed });
  await expect(alert).toContainText(calendarMsg.googleUnavailable);
  // The calendar stays, so the owner can still move around.
  await expect(dayHeaders(page)).toHaveCount(7);
  await expectNoSeriousViolations(page);

  failing = false;
  await alert.getByRole('button', { name: msg.retry }).click();
  await expect(alert).toHaveCount(0);
  await expect(calendarRegion(page).getByText(MEETING)).toBeVisible();
});

test('a revoked account asks to link again: collaborators are told to ask an owner, the owner links it again', async ({
  page,
  browser,
  request,
}) => {
  const email = await createCollaborator(request, true);
  await revokeFakeGoogleAccount(request);

  // A collaborator sees the message, without a link button.
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: NARROW });
  const other = await context.newPage();
  await openCalendar(other, email, PASSWORD);
  await expect(other.getByText(calendarMsg.relinkNeeded)).toBeVisible();
  await expect(other.getByText(calendarMsg.relinkAskOwner)).toBeVisible();
  await expect(other.getByRole('button', { name: calendarMsg.relinkAccount })).toHaveCount(0);
  await context.close();

  // The owner goes through Google again from the message.
  await page.setViewportSize(WIDE);
  await openCalendar(page);
  await expect(page.getByText(calendarMsg.relinkNeeded)).toBeVisible();
  await expect(calendarRegion(page).getByText(MEETING)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: calendarMsg.relinkAccount }).click();
  await expect(page.getByText(calendarMsg.linked)).toBeVisible();
  await expect(page).toHaveURL(/\/calendario$/);
  await expect(page.getByText(calendarMsg.relinkNeeded)).toHaveCount(0);
  await expect(calendarRegion(page).getByText(MEETING)).toBeVisible();
});

test('without Google configured the week still shows, with a plain message; only owners read the set-up hint; no events are asked for', async ({
  browser,
  playwright,
}) => {
  // The second real server of playwright.config.ts, started without GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET.
  const api = await playwright.request.newContext({ baseURL: NO_GOOGLE_URL });
  const email = await createCollaborator(api, true);
  await api.dispose();
  const { locale, timezoneId } = test.info().project.use;

  for (const who of [
    { email: OWNER.email, password: OWNER.password, owner: true },
    { email, password: PASSWORD, owner: false },
  ]) {
    const context = await browser.newContext({ baseURL: NO_GOOGLE_URL, locale, timezoneId, viewport: WIDE });
    const page = await context.newPage();
    const eventCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/calendar/event') eventCalls.push(request.url());
    });
    await openCalendar(page, who.email, who.password);

    // The week grid, 08:00 to 21:00, with 'Hoy' and the arrows.
    const region = calendarRegion(page);
    await expect(dayHeaders(page)).toHaveCount(7);
    await expect(region.getByText('08:00', { exact: true })).toBeVisible();
    await expect(region.getByText('20:00', { exact: true })).toBeVisible();
    await expect(region.getByText('07:00', { exact: true })).toHaveCount(0);
    await expect(region.getByRole('button', { name: calendarMsg.today })).toBeVisible();
    await region.getByRole('button', { name: calendarMsg.nextWeek }).click();
    await region.getByRole('button', { name: calendarMsg.today }).click();

    await expect(page.getByText(calendarMsg.notConfigured)).toBeVisible();
    if (who.owner) {
      await expect(page.getByText(calendarMsg.notConfiguredHint)).toBeVisible();
    } else {
      await expect(page.getByText(calendarMsg.notConfiguredHint)).toHaveCount(0);
      await expect(page.getByText(/GOOGLE_/)).toHaveCount(0);
    }
    // Nothing to link or choose while Google is not set up.
    await expect(calendarsCard(page)).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: test.info().outputPath(`sin-google-${who.owner ? 'duena' : 'colaboradora'}.png`) });
    expect(eventCalls, who.email).toEqual([]);
    await context.close();
  }
});
