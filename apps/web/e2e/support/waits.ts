import { expect, type Page, type WebSocket } from '@playwright/test';

/**
 * The page's live-update socket (socket.io over WebSocket), watched from before the page opens it:
 * call before signing in or navigating. A navigation replaces the socket, so the latest one counts.
 */
export function watchLiveSocket(page: Page) {
  let latest: WebSocket | undefined;
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) latest = socket;
  });
  return {
    /** Resolves once the page's socket has closed: from then on no live event can reach the page. */
    async closed() {
      await expect.poll(() => latest !== undefined, { message: 'the page opened its live socket' }).toBe(true);
      const socket = latest as WebSocket;
      if (!socket.isClosed()) await socket.waitForEvent('close');
    },
  };
}

/**
 * Runs the page's timers `ms` ahead on its fake clock (page.clock.install() before the page
 * loads), then lets it paint a frame: whatever those timers would show is on screen by then.
 */
export async function runTimersAndPaint(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
