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
const FULL_BROWSER = '/usr/bin/chromium';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER),
  args,
};

/** The full browser, for what the headless shell does not do: showing a service worker's notifications. */
export const fullChromiumLaunchOptions = { executablePath: process.env.CHROMIUM_PATH ?? FULL_BROWSER, args };
