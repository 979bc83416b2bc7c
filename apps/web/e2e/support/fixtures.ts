import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

export const OWNER = { email: 'duena@estudio.cl', password: 'clave-duena-1', name: 'Administrador' };

let counter = 0;
/** An e-mail no other test (or worker) uses. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@estudio.cl`;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
}

export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

/** Creates a user through the API as the owner. */
export async function createUserViaApi(
  request: APIRequestContext,
  user: { name: string; lastName?: string; email: string; role: string; password: string; allowCalendarView?: boolean },
) {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const response = await request.post('/api/user', {
    data: { lastName: '', ...user },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).user as { id: number };
}

function decodeQuotedPrintable(text: string) {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads the newest recovery link mailed to the address from the server's outbox. */
export async function readRecoveryLink(email: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
      for (const file of files) {
        const mail = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'latin1'));
        if (!mail.includes(`To: ${email}`)) continue;
        link = mail.match(/https?:\/\/\S+\/recuperar-contraseña\/[A-Za-z0-9_-]+/)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link as string;
}
