import fs from 'node:fs';
import path from 'node:path';
import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

export const OWNER = { email: 'duena@estudio.cl', password: 'clave-duena-1', name: 'Administrador' };

let counter = 0;
/** An e-mail no other test (or worker) uses. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@estudio.cl`;
}

/** A name no other test (or worker) uses. */
export function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid}${counter}`;
}

/** A valid RUT no other test or worker uses: its body, unformatted ('760864285') and formatted. */
export function uniqueRut() {
  counter += 1;
  const body = 50_000_000 + ((Date.now() * 37 + process.pid * 1009 + counter * 7919) % 49_999_999);
  const raw = `${body}${computeRutCheckDigit(body)}`;
  return { body: String(body), raw, formatted: formatRut(raw) };
}

/** Signs in through the sign-in form, as a person does, and waits for the home page. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
}

/**
 * Signs in through the API and opens `path` signed in: the session the sign-in form would keep is
 * put in the browser's storage first (on a small answer of the app's own address, so no screen is
 * drawn for it). The form itself is tested by the specs about signing in (signInWithForm); every
 * other test saves the sign-in page's load and the home page it leads to. At the home page (the
 * default) it waits for the welcome, as the form does.
 */
export async function signIn(page: Page, email: string, password: string, path = '/') {
  const response = await page.request.post('/api/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { token, user } = await response.json();
  await page.goto('/api/health');
  await page.evaluate((session) => localStorage.setItem('session', session), JSON.stringify({ token, user }));
  await page.goto(path);
  if (path === '/') await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
}

/** Signs in as the first owner (the server's ADMIN_EMAIL). */
export const signInAsOwner = (page: Page, path = '/') => signIn(page, OWNER.email, OWNER.password, path);

export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

export async function ownerHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, OWNER.email, OWNER.password)}` };
}

/** A valid company with a fresh RUT, as the create form would send it. */
export function businessBody(name: string, overrides: { startContract?: string; trackingSince?: string } = {}) {
  return {
    name,
    razonSocial: `${name} SpA`,
    rut: uniqueRut().raw,
    startContract: '2023-01-01',
    endContract: '2030-12-31',
    legalRepresentative: 'Marcela Fuentes',
    contact: 'contacto@empresa.cl',
    ...overrides,
  };
}

/**
 * Creates `count` companies through the API as the owner, named '{prefix} 01', '{prefix} 02', …
 * (so they sort in that order by name), a few at a time over one sign-in.
 */
export async function createBusinessesViaApi(request: APIRequestContext, prefix: string, count: number) {
  const headers = await ownerHeaders(request);
  const names = Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`);
  const created: { id: number; name: string; rut: string }[] = [];
  for (let start = 0; start < names.length; start += 10) {
    const batch = await Promise.all(
      names.slice(start, start + 10).map(async (name) => {
        const response = await request.post('/api/business', { headers, data: businessBody(name) });
        expect(response.status(), await response.text()).toBe(201);
        return (await response.json()).business as { id: number; name: string; rut: string };
      }),
    );
    created.push(...batch);
  }
  return created;
}

/** Creates a company through the API as the owner, with a fresh valid RUT. */
export async function createBusinessViaApi(
  request: APIRequestContext,
  name: string,
  overrides: { startContract?: string; trackingSince?: string } = {},
) {
  const response = await request.post('/api/business', {
    headers: await ownerHeaders(request),
    data: businessBody(name, overrides),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).business as { id: number; name: string; rut: string };
}

/** Creates a service through the API as the owner. */
export async function createServiceViaApi(request: APIRequestContext, name: string) {
  const response = await request.post('/api/service', {
    headers: await ownerHeaders(request),
    data: { name, startMonthDay: 1, lastMonthDay: 20, order: 0 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).service as { id: number; name: string };
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

/** A collaborator with a fresh e-mail, created through the API as the owner; answers what signing in needs. */
export async function createCollaboratorViaApi(request: APIRequestContext, name: string, lastName = '') {
  const plain = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  const user = { email: uniqueEmail(plain), password: `clave-${plain}-1` };
  const { id } = await createUserViaApi(request, { name, lastName, role: 'collaborator', ...user });
  return { id, name, lastName, ...user };
}

/** Creates a collaborator (as createCollaboratorViaApi) and signs in as them. */
export async function signInAsNewCollaborator(page: Page, request: APIRequestContext, name: string, lastName = '') {
  const collaborator = await createCollaboratorViaApi(request, name, lastName);
  await signIn(page, collaborator.email, collaborator.password);
  return collaborator;
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
        link = mail.match(/https?:\/\/\S+\/recuperar-contrase(?:ñ|%C3%B1)a\/[A-Za-z0-9_-]+/)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link as string;
}

/** A service state as the API takes it; unnamed fields get the defaults of a plain state. */
export interface StateInput {
  name: string;
  color?: string;
  pctProgress?: number;
  hasValue?: boolean;
  showResume?: boolean;
}

/** Creates a service and its states (in the given order) through the API as the owner. */
export async function createServiceWithStatesViaApi(request: APIRequestContext, name: string, states: StateInput[]) {
  const headers = await ownerHeaders(request);
  const service = await createServiceViaApi(request, name);
  const created: { id: number; name: string }[] = [];
  for (const [order, state] of states.entries()) {
    const response = await request.post(`/api/service/${service.id}/state`, {
      headers,
      data: { color: '#3498DB', pctProgress: 0, hasValue: false, showResume: false, order, ...state },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push((await response.json()).state);
  }
  return { ...service, states: created };
}

/** Activates a service for a company through the API as the owner (from 2023-01-01 unless told). */
export async function linkServiceViaApi(
  request: APIRequestContext,
  businessId: number,
  serviceId: number,
  startDate = '2023-01-01',
) {
  const response = await request.post(`/api/business/${businessId}/service`, {
    headers: await ownerHeaders(request),
    data: { serviceId, startDate },
  });
  expect([200, 201], await response.text()).toContain(response.status());
}

/** Waits for a mail in the server's outbox whose decoded text holds `text`; answers its file name and text. */
export async function findOutboxMail(text: string): Promise<{ file: string; mail: string }> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let found: { file: string; mail: string } | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
      for (const file of files) {
        const mail = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'latin1'));
        if (mail.includes(text)) {
          found = { file, mail };
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found as { file: string; mail: string };
}

/**
 * Flips a Mantine switch with the keyboard (Space on its focused input). A pointer click lands on
 * whatever covers the switch at that moment, such as the toasts stacked top right after a few
 * saves; the keyboard reaches the switch itself.
 */
export async function toggleSwitch(control: Locator) {
  await control.press('Space');
}
