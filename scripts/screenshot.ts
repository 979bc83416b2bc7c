// Signs in and saves a full-page screenshot: node --import tsx scripts/screenshot.ts URL OUT.png [WIDTH] [EMAIL] [PASSWORD]
// (set CLICK="button name" to press a button first). For looking at screens while building them.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../apps/web/e2e/support/chromium.ts';

const [, , url, out, width = '1280', email = 'duena@estudio.cl', password = 'clave-duena-1'] = process.argv;
if (!url || !out)
  throw new Error('usage: node --import tsx scripts/screenshot.ts URL OUT.png [WIDTH] [EMAIL] [PASSWORD]');
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
const base = new URL(url).origin;
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Contraseña').fill(password);
await page.getByRole('button', { name: 'Ingresar' }).click();
await page.waitForURL(`${base}/`);
await page.goto(url);
await page.waitForTimeout(1500);
if (process.env.CLICK) {
  await page.getByRole('button', { name: process.env.CLICK }).first().click();
  await page.waitForTimeout(800);
}
await page.screenshot({ path: out, fullPage: true });
await browser.close();
