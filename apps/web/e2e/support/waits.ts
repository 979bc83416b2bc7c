import type { Page } from '@playwright/test';

/**
 * The page's live-update socket (socket.io over WebSocket), watched from before the page opens it:
 * call before signing in or navigating.
 */
export function watchLiveSocket(page: Page) {
  const opened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  return {
    /** Resolves once the socket has closed: from then on no live event can reach the page. */
    async closed() {
      const socket = await opened;
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
