import fs from 'node:fs';

/**
 * Debian's Chromium and the flags it runs with on these machines (never a downloaded browser:
 * PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1). Shared by the browser tests, the benchmark and the
 * screenshot script.
 *
 * Debian's headless shell (package chromium-headless-shell) is preferred when it is installed: the
 * same Blink without the full browser's interface, which under `--headless` still runs a renderer of
 * its own per browser. The browser tests took ~40 % less time with it on a 2-core machine.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
