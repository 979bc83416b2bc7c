import { expect, type Locator, type Page, test } from '@playwright/test';
import { companyWithFolders } from './support/documents-fixtures';
import {
  createBusinessViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  OWNER,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations, seriousViolations } from './support/page-checks';
import { addBusinessToTaskViaApi, createTaskViaApi } from './support/task-board-fixtures';
import { staffUserId } from './support/tasks-fixtures';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Scans the page as it is at a wide and a phone-sized window, and adds each serious or critical
 * problem to `found` as 'screen @width: problem'; the test then lists them all at once.
 */
async function scanAtBothWidths(page: Page, screen: string, found: string[]) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    for (const problem of await seriousViolations(page, { wcag21: true }))
      found.push(`${screen} @${size.width}: ${problem}`);
  }
}

/** Opens a screen and waits for its title, which is the page's one `<h1>`. */
async function openScreen(page: Page, path: string, title: string | RegExp) {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('h1'), `${path} has one h1`).toHaveCount(1);
}

/**
 * What the staff screens show: a service with states and a folder, a company in it, a task, a group, a note.
 * Made once per worker and shared by the scans: each scan making its own would leave the shared
 * server's board with a summary card per scan, pushing other specs' tables below the window.
 */
let staffDataMade: ReturnType<typeof makeStaffData> | undefined;
const staffData = (request: Parameters<typeof companyWithFolders>[0]) => {
  staffDataMade ??= makeStaffData(request);
  return staffDataMade;
};

async function makeStaffData(request: Parameters<typeof companyWithFolders>[0]) {
  const headers = await ownerHeaders(request);
  const documents = await companyWithFolders(request);
  const service = await createServiceWithStatesViaApi(request, uniqueName('IVA mensual'), [
    { name: 'Pendiente', color: '#E74C3C' },
    { name: 'Declarado', color: '#2ECC71', pctProgress: 100, showResume: true },
  ]);
  await linkServiceViaApi(request, documents.business.id, service.id);
  await request.post('/api/password', {
    headers,
    data: { businessId: documents.business.id, user: 'ana', portal: 'sii', password: 'clave', description: 'SII' },
  });
  const ownerId = await staffUserId(request, OWNER.email);
  const task = await createTaskViaApi(request, { name: uniqueName('Conciliación'), responsableCollaborator: ownerId });
  await addBusinessToTaskViaApi(request, task.id, documents.business.id);
  const group = (
    await (await request.post('/api/business-group', { headers, data: { name: uniqueName('Grupo') } })).json()
  ).group as { id: number; name: string };
  await request.post('/api/note', { headers, data: { description: 'Llamar al contador', userId: ownerId } });
  return { ...documents, boardService: service, task, group };
}

// The scan itself finds what it looks for: a scan that found nothing for any page would pass them all.
test('the scan reports a serious problem put on the page: a button without a name', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page, { wcag21: true })).toEqual([]);
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'boton-sin-nombre';
    document.body.append(button);
  });
  const found = await seriousViolations(page, { wcag21: true });
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^button-name: #boton-sin-nombre /);
});

// Every screen, at 1280 px and at 390 px, has no serious or critical WCAG 2 A/AA problem (axe).
test('the sign-in and recovery screens have no serious accessibility problems at either width', async ({ page }) => {
  test.setTimeout(60_000); // six scans
  const found: string[] = [];
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scanAtBothWidths(page, '/login', found);
  // A failed sign-in: the error shown with the fields.
  await page.setViewportSize(WIDTHS[0]);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await scanAtBothWidths(page, '/login (error)', found);
  await page.goto('/recuperar-contraseña');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scanAtBothWidths(page, '/recuperar-contraseña', found);
  expect(found).toEqual([]);
});

test('the monthly board and the task board have no serious accessibility problems at either width, with a cell menu and the user menu open', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const data = await staffData(request);
  const found: string[] = [];
  await signInAsOwner(page);
  const company = data.business.name;

  await openScreen(page, '/', /Bienvenido/);
  await scanAtBothWidths(page, 'board', found);
  // A cell's state menu, and the user menu.
  await page.setViewportSize(WIDTHS[0]);
  await page
    .getByRole('region', { name: 'Tabla mensual de empresas' })
    .getByRole('button', { name: `${data.boardService.name} de ${company}: Pendiente` })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  for (const problem of await seriousViolations(page, { wcag21: true })) found.push(`board cell menu: ${problem}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /menú de usuario/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  for (const problem of await seriousViolations(page, { wcag21: true })) found.push(`user menu: ${problem}`);
  await page.keyboard.press('Escape');

  await openScreen(page, '/seguimiento-tareas', 'Seguimiento de tareas');
  await scanAtBothWidths(page, 'task board', found);
  expect(found).toEqual([]);
});

test('the companies, services, groups and tasks screens have no serious accessibility problems at either width', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const data = await staffData(request);
  const found: string[] = [];
  await signInAsOwner(page);
  const company = data.business.name;
  for (const [path, title] of [
    ['/empresas', 'Empresas'],
    [`/empresas/${data.business.id}`, company],
    ['/servicios', 'Servicios'],
    [`/servicios/${data.boardService.id}`, new RegExp(data.boardService.name)],
    ['/grupos-empresas', 'Grupos de Empresas'],
    [`/grupos-empresas/${data.group.id}`, new RegExp(data.group.name)],
    ['/tareas', 'Tareas'],
    [`/tareas/${data.task.id}`, new RegExp(data.task.name)],
  ] as const) {
    await openScreen(page, path, title);
    await scanAtBothWidths(page, path, found);
  }
  expect(found).toEqual([]);
});

test('the documents, requests, calendar and e-mail screens have no serious accessibility problems at either width', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const data = await staffData(request);
  const found: string[] = [];
  await signInAsOwner(page);
  for (const [path, title] of [
    ['/documentos', 'Documentos'],
    [`/documentos/empresa/${data.business.id}`, data.business.name],
    ['/solicitudes', /Solicitudes/],
    ['/calendario', 'Calendario'],
    ['/email', /Email/],
  ] as const) {
    await openScreen(page, path, title);
    await scanAtBothWidths(page, path, found);
  }
  expect(found).toEqual([]);
});

test('the notes, users, activity and profile screens have no serious accessibility problems at either width, with the security menu open', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await staffData(request);
  const found: string[] = [];
  await signInAsOwner(page);
  for (const [path, title] of [
    ['/notas', 'Notas'],
    ['/usuarios', 'Usuarios'],
    ['/actividad', /Actividad/],
    ['/perfil', 'Mi perfil'],
  ] as const) {
    await openScreen(page, path, title);
    await scanAtBothWidths(page, path, found);
  }
  // An owner's 'Seguridad' menu on a user's row.
  await openScreen(page, '/usuarios', 'Usuarios');
  await page
    .getByRole('button', { name: /Seguridad/ })
    .first()
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  for (const problem of await seriousViolations(page, { wcag21: true })) found.push(`security menu: ${problem}`);
  expect(found).toEqual([]);
});

test("a client's documents screens have no serious accessibility problems at either width", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const data = await companyWithFolders(request);
  const found: string[] = [];
  await signIn(page, data.client.email, data.client.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await scanAtBothWidths(page, 'client home', found);
  // A folder, with its upload box.
  await page.setViewportSize(WIDTHS[0]);
  await page.getByRole('link', { name: new RegExp(`^${data.folders.declaraciones.name}`) }).click();
  await expect(page).toHaveURL(/\/carpeta\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await scanAtBothWidths(page, 'client folder', found);
  expect(found).toEqual([]);
});

test('signing in works with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  // The e-mail field takes the focus when the page opens.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(OWNER.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OWNER.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
});

test('the user form modal has no serious accessibility problems', async ({ page }) => {
  await signInAsOwner(page, '/usuarios');
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await page.getByRole('dialog', { name: 'Crear usuario' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Este campo es requerido')).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** Presses Tab until `target` has the focus (at most 40 times). */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('never reached with Tab');
}

/** The outline the focused element draws (e.g. 'solid 2px'); 'none 0px' when it shows no focus. */
const focusOutline = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });

test('a failed sign-in puts the focus on the first field in error, the eye button is in the tab order, and signing in lands on the title', async ({
  page,
}) => {
  await page.goto('/login');
  // Nothing typed: the check fails and the focus moves from the button to the e-mail.
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Contraseña')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type(OWNER.email);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByLabel('Contraseña')).toBeFocused();
  await page.keyboard.type(OWNER.password);
  // The eye button comes after the password with Tab, named in Spanish; Space shows the password.
  await page.keyboard.press('Tab');
  const eye = page.getByRole('button', { name: 'Mostrar clave' });
  await expect(eye).toBeFocused();
  await expect(eye).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(eye).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Contraseña')).toHaveAttribute('type', 'text');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Signed in: the focus is on the new screen's title, not lost on <body>.
  await expect(page.getByRole('heading', { level: 1, name: /Bienvenido\/a de nuevo/ })).toBeFocused();
  // A navigation moves it to the next screen's title.
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Empresas', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Empresas' })).toBeFocused();
});

test('under 700 px the menu drawer says whether it is open, keeps the focus inside and closes with Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOwner(page);
  const burger = page.getByRole('button', { name: 'Mostrar menú' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  const close = page.getByRole('button', { name: 'Ocultar menú' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Inicio' })).toBeFocused();
  // Round and round the drawer's links: Tab never walks into the page behind it.
  const links = await menu.getByRole('link').count();
  for (let step = 0; step < links + 3; step += 1) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();
  await expect(menu.getByRole('link', { name: 'Inicio' })).not.toBeInViewport();
});

test("the folder tiles, the staff's and the client's, show the keyboard's focus", async ({ page, request }) => {
  const data = await companyWithFolders(request);
  await signInAsOwner(page, `/documentos/empresa/${data.business.id}`);
  const staffTile = page.getByRole('link', { name: new RegExp(`^${data.folders.declaraciones.name}`) });
  await tabTo(page, staffTile);
  expect(await focusOutline(staffTile)).toBe('solid 2px');

  await page.getByRole('button', { name: /menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await signIn(page, data.client.email, data.client.password);
  const clientTile = page.getByRole('link', { name: new RegExp(`^${data.folders.declaraciones.name}`) });
  await tabTo(page, clientTile);
  expect(await focusOutline(clientTile)).toBe('solid 2px');
});

test('a sortable column stays a column header, says how the list is sorted (aria-sort) and sorts with its button, in Spanish', async ({
  page,
  request,
}) => {
  await createBusinessViaApi(request, uniqueName('Orden'));
  await signInAsOwner(page, '/empresas');
  const name = page.getByRole('columnheader', { name: 'Nombre' });
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: 'RUT' })).not.toHaveAttribute('aria-sort');
  await name.getByRole('button', { name: 'Nombre', exact: true }).click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  // No header is itself a button, and none is named in English ('Sorted ascending', 'Not sorted').
  await expect(page.locator('th[role="button"]')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /sorted/i })).toHaveCount(0);
});

test("a control is named by the text it shows: the menu's count, a date picker's date; a hidden password is words, not a named paragraph", async ({
  page,
  request,
}) => {
  // Its company takes the service from 01-01-2023.
  const data = await staffData(request);
  await page.route('**/api/requests/to-review', (route) => route.fulfill({ json: { total: 3, byBusiness: [] } }));
  await signInAsOwner(page);
  const documents = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: /^Documentos/ });
  await expect(documents).toHaveAccessibleName(/^Documentos\s*3$/);
  await expect(documents).toHaveAccessibleDescription('3 documentos por revisar');

  await page.goto(`/servicios/${data.boardService.id}`);
  await expect(page.getByRole('button', { name: `Fecha inicio ${data.business.name}` })).toHaveAccessibleName(
    `Fecha inicio ${data.business.name}: 01-01-2023`,
  );

  await page.goto(`/empresas/${data.business.id}`);
  await expect(page.getByText('Contraseña oculta')).toBeAttached();
  await expect(page.locator('p[aria-label]')).toHaveCount(0);
});
