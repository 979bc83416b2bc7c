import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { fakeBrowserKeys, verifyVapidAuthorization } from '../../server/src/test/fake-push-service';
import { createCollaboratorViaApi, signInAsOwner, signInWithForm, uniqueName } from './support/fixtures';
import { pickReminder } from './support/reminder-picker';

/**
 * A note's reminder, from the owner's form to the collaborator's browser, through the real server's
 * scheduler and the Web Push protocol. Chromium's own push service (Google's FCM) is out of reach
 * here, so a local relay plays its part: the browser's subscription names the relay, the server
 * encrypts and signs the message for it (RFC 8291, RFC 8292) as it would for FCM, and the relay
 * decrypts it and hands it to the browser's service worker through the DevTools protocol, which is
 * what the browser does with a message from its push service. The e2e server runs with
 * PUSH_TEST_LOOPBACK=on (the relay is on 127.0.0.1) and a 5-second scheduler tick.
 */

interface RelayedPush {
  receivedAt: number;
  payload: { title: string; body: string; url: string };
}

async function startPushRelay(keys: ReturnType<typeof fakeBrowserKeys>, deliver: (data: string) => Promise<void>) {
  const received: RelayedPush[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        verifyVapidAuthorization(request.headers.authorization ?? '', origin);
        const data = keys.decrypt(Buffer.concat(chunks));
        received.push({ receivedAt: Date.now(), payload: JSON.parse(data) });
        await deliver(data);
        response.writeHead(201, { location: `/message/${received.length}` }).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint: `${origin}/push/colaborador`, received, close: () => server.close() };
}

/** The service worker's registration id for the app's scope, as the DevTools protocol names it. */
async function serviceWorkerRegistrationId(cdp: CDPSession, scopeURL: string): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string })?.url }));
  });

test('a note written for a collaborator reaches their browser as a notification at the reminder time', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const appOrigin = new URL(baseURL ?? '').origin;
  const collaborator = await createCollaboratorViaApi(request, 'Rosa', uniqueName('Recordatorio'));
  const text = uniqueName('Revisar el F29 de Los Aromos');

  // The collaborator's browser: notifications allowed, its push subscription naming the relay.
  const keys = fakeBrowserKeys();
  const context = await browser.newContext({ permissions: ['notifications'] });
  const collaboratorPage = await context.newPage();
  const cdp = await context.newCDPSession(collaboratorPage);
  const registrationId = serviceWorkerRegistrationId(cdp, `${appOrigin}/`);
  const relay = await startPushRelay(keys, async (data) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: appOrigin,
      registrationId: await registrationId,
      data,
    });
  });
  await collaboratorPage.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const subscription = { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }) };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => subscription as unknown as PushSubscription;
    },
    { endpoint: relay.endpoint, ...keys.keys },
  );
  const tokenSaved = collaboratorPage.waitForResponse(
    (response) => response.url().endsWith('/api/user/me/notification-token') && response.status() === 200,
  );
  await signInWithForm(collaboratorPage, collaborator.email, collaborator.password);
  await tokenSaved;
  await registrationId;

  // The owner writes the note for a minute that is at least 20 s away, so that it cannot fire early unseen.
  const reminderAt = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Notas' }).click();
  await page.getByRole('button', { name: 'Añadir Nueva Nota' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva Nota' });
  await modal.getByLabel('Descripción').fill(text);
  await modal.getByRole('combobox', { name: 'Encargado' }).fill(collaborator.lastName);
  await page.getByRole('option', { name: `${collaborator.name} ${collaborator.lastName}` }).click();
  await pickReminder(page, modal, reminderAt);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();

  // The collaborator's browser shows it: the note's text, opening the notes screen.
  await expect
    .poll(() => shownNotifications(collaboratorPage), { timeout: 120_000, intervals: [1_000] })
    .toContainEqual({ title: 'Recordatorio', body: text, url: `${appOrigin}/notas` });
  expect(relay.received).toHaveLength(1);
  const [push] = relay.received;
  expect(push?.payload).toEqual({ title: 'Recordatorio', body: text, url: '/notas' });
  // Not before its time, and within the scheduler's tick (5 s here) and a little slack after it.
  expect(push?.receivedAt).toBeGreaterThanOrEqual(reminderAt.getTime());
  expect(push?.receivedAt).toBeLessThan(reminderAt.getTime() + 15_000);

  relay.close();
  await context.close();
});
