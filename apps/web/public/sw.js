// Service worker: shows the server's Web Push messages (note reminders) and opens the notes on click.
const NOTES_PATH = '/notas';

/** The message's screen, kept on this app's origin (a push names a path, never another site). */
function screenUrl(path) {
  try {
    const url = new URL(path || NOTES_PATH, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // Not a URL: the notes screen below.
  }
  return new URL(NOTES_PATH, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Estudio Contable', {
      body: data.body || '',
      icon: '/favicon.svg',
      data: { url: screenUrl(data.url) },
    }),
  );
});

async function showScreen(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!tab) return self.clients.openWindow(url);
  // Focus first, while the click still allows it; a tab this worker does not control cannot be navigated.
  const focused = await tab.focus();
  if (focused.url === url) return focused;
  try {
    return (await focused.navigate(url)) ?? self.clients.openWindow(url);
  } catch {
    return self.clients.openWindow(url);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(showScreen(screenUrl(event.notification.data?.url)));
});
