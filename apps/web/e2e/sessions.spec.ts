import { type Browser, type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { createCollaboratorViaApi, signIn, signInAsOwner } from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

// 'Sesiones activas' in Mi perfil and the owner's end of a user's sessions: each browser
// context is another device (its own user agent), so the list names them apart.

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:120.0) Gecko/20100101 Firefox/120.0';

async function device(browser: Browser, testInfo: TestInfo, userAgent: string, width = 1280) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    userAgent,
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  return { context, page: await context.newPage() };
}

const sessionsRegion = (page: Page) => page.getByRole('region', { name: 'Sesiones activas' });
const sessionItem = (page: Page, name: string) => sessionsRegion(page).getByRole('listitem', { name });

async function openSessions(page: Page) {
  await page.goto('/perfil');
  await expect(sessionsRegion(page)).toBeVisible();
}

/** Answers the confirmation dialog titled `title` with its red button of the same name. */
async function confirm(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: title }).click();
}

/** A page whose session was ended elsewhere goes to the sign-in page at once, without any action, saying why. */
async function expectSentToSignInAtOnce(page: Page) {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status').filter({ hasText: 'Tu sesión se cerró' })).toHaveText(
    'Tu sesión se cerró (desde otro dispositivo o porque expiró). Inicia sesión de nuevo.',
  );
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
}

/** The ended session's page is sent to the sign-in page on its next action. */
async function expectSignedOutOnNextAction(page: Page) {
  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
}

test('a user sees their sessions on two devices, ends the other, then all others, then this one', async ({
  browser,
  request,
}, testInfo) => {
  // Four devices: over 30 s on a busy machine.
  test.setTimeout(90_000);
  const user = await createCollaboratorViaApi(request, 'Sesiones', 'Dos Equipos');
  const contexts: BrowserContext[] = [];
  try {
    const windows = await device(browser, testInfo, WINDOWS_CHROME);
    const iphone = await device(browser, testInfo, IPHONE_SAFARI, 390);
    contexts.push(windows.context, iphone.context);
    await signIn(windows.page, user.email, user.password);
    await signIn(iphone.page, user.email, user.password);

    // Both are listed with their devices; this one is marked.
    await openSessions(windows.page);
    const here = sessionItem(windows.page, 'Chrome en Windows');
    await expect(here).toBeVisible();
    await expect(here.getByText('Esta sesión')).toBeVisible();
    await expect(here).toContainText('Desde: 127.0.0.1');
    await expect(here).toContainText('Último uso: Ahora');
    await expect(sessionItem(windows.page, 'Safari en iPhone')).toBeVisible();
    await expect(sessionItem(windows.page, 'Safari en iPhone').getByText('Esta sesión')).toHaveCount(0);
    await expectNoSeriousViolations(windows.page);
    await windows.page.screenshot({ path: testInfo.outputPath('sessions-1280.png'), fullPage: true });

    // The phone at 390 px: its own session marked, the buttons within the screen.
    await openSessions(iphone.page);
    await expect(sessionItem(iphone.page, 'Safari en iPhone').getByText('Esta sesión')).toBeVisible();
    const endOthersOnPhone = sessionsRegion(iphone.page).getByRole('button', { name: 'Cerrar todas las demás' });
    await endOthersOnPhone.scrollIntoViewIfNeeded();
    const box = await endOthersOnPhone.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await iphone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sessionsRegion(iphone.page).screenshot({ path: testInfo.outputPath('sessions-390.png') });

    // Ending the phone's session: the phone is signed out on its next action.
    await sessionItem(windows.page, 'Safari en iPhone')
      .getByRole('button', { name: /^Cerrar sesión/ })
      .click();
    await confirm(windows.page, 'Cerrar sesión');
    await expect(windows.page.getByText('Sesión cerrada')).toBeVisible();
    await expect(sessionItem(windows.page, 'Safari en iPhone')).toHaveCount(0);
    await expectSignedOutOnNextAction(iphone.page);

    // Two more devices, then 'Cerrar todas las demás'.
    const mac = await device(browser, testInfo, MAC_FIREFOX);
    contexts.push(mac.context);
    await signIn(iphone.page, user.email, user.password);
    await signIn(mac.page, user.email, user.password);
    await windows.page.reload();
    await expect(sessionItem(windows.page, 'Firefox en macOS')).toBeVisible();
    await expect(sessionItem(windows.page, 'Safari en iPhone')).toBeVisible();
    for (const other of [iphone.page, mac.page]) await expect(other).not.toHaveURL(/\/login/);
    await sessionsRegion(windows.page).getByRole('button', { name: 'Cerrar todas las demás' }).click();
    await confirm(windows.page, 'Cerrar todas las demás');
    await expect(windows.page.getByText('2 sesiones cerradas')).toBeVisible();
    await expect(sessionsRegion(windows.page).getByRole('listitem')).toHaveCount(1);
    await expect(sessionsRegion(windows.page).getByRole('button', { name: 'Cerrar todas las demás' })).toHaveCount(0);
    // The other two browsers leave the app by themselves, at once.
    await expectSentToSignInAtOnce(iphone.page);
    await expectSentToSignInAtOnce(mac.page);
    await mac.page.screenshot({ path: testInfo.outputPath('sessions-ended-elsewhere.png') });
    await expectSignedOutOnNextAction(iphone.page);

    // Ending this one signs out here at once.
    await sessionItem(windows.page, 'Chrome en Windows')
      .getByRole('button', { name: /^Cerrar sesión/ })
      .click();
    await confirm(windows.page, 'Cerrar sesión');
    await expect(windows.page).toHaveURL(/\/login/);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('the owner ends every session of a collaborator from /usuarios', async ({ browser, page, request }, testInfo) => {
  const collaborator = await createCollaboratorViaApi(request, 'Cierre', 'Remoto');
  const theirs = await device(browser, testInfo, WINDOWS_CHROME);
  try {
    await signIn(theirs.page, collaborator.email, collaborator.password);

    await signInAsOwner(page, '/usuarios');
    const row = page.getByRole('row').filter({ hasText: collaborator.email });
    await row.getByRole('button', { name: 'Seguridad de Cierre Remoto' }).click();
    await expect(page.getByRole('menuitem', { name: 'Restablecer verificación en dos pasos' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('users-security-menu-1280.png') });
    await page.getByRole('menuitem', { name: 'Cerrar todas sus sesiones' }).click();
    await confirm(page, 'Cerrar todas sus sesiones');
    await expect(page.getByText('1 sesión cerrada')).toBeVisible();
    await expectSignedOutOnNextAction(theirs.page);

    // For their own row the owner is not offered the reset of the second factor.
    await page.keyboard.press('Escape');
    const ownRow = page.getByRole('row').filter({ hasText: 'duena@estudio.cl' });
    await ownRow.getByRole('button', { name: /^Seguridad de / }).click();
    await expect(page.getByRole('menuitem', { name: 'Cerrar todas sus sesiones' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Restablecer verificación en dos pasos' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // At 390 px the menu's button stays reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Seguridad de Cierre Remoto' }).scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'Seguridad de Cierre Remoto' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('users-390.png'), fullPage: true });
  } finally {
    await theirs.context.close();
  }
});
