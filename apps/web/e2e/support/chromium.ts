/**
 * Debian's Chromium and the flags it runs with on these machines (never a downloaded browser:
 * PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1). Shared by the browser tests, the benchmark and the
 * screenshot script.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
