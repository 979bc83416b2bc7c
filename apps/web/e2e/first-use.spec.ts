import { expect, test } from '@playwright/test';
import {
  createBusinessesViaApi,
  createBusinessViaApi,
  OWNER,
  ownerHeaders,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueName,
  uniqueRut,
} from './support/fixtures';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

// What a new user trips on: lost addresses, nameless tabs, a date that vanishes, a list wider than
// the window, a keyboard with nowhere to start, a bin that does nothing, a toast a screen reader
// cannot close.

test('an unknown address says "Página no encontrada" with a way home', async ({ page }) => {
  await signInAsOwner(page, '/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Página no encontrada · Estudio Contable');
  // The menu stays, so the user is not stranded either.
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
});

test('a record that does not exist says so, in the same place as a page of no screen, with the way back to its list', async ({
  page,
}) => {
  await signInAsOwner(page, '/empresas/999999');
  const missing = page.getByRole('alert').filter({ hasText: 'La empresa no existe' });
  await expect(missing).toBeVisible();
  // Not a failure to retry: nothing to try again.
  await expect(missing.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await missing.getByRole('link', { name: 'Volver a Empresas' }).click();
  await expect(page).toHaveURL(/\/empresas$/);
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
});

test('a list whose load failed says what failed and why, and "Reintentar" loads it (not an empty list)', async ({
  page,
}) => {
  await signInAsOwner(page);
  let failing = true;
  await page.route('**/api/user', (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Servicio no disponible"}' })
      : route.fallback(),
  );
  await page.goto('/usuarios');
  const failed = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar los usuarios' });
  await expect(failed).toContainText('Servicio no disponible', { timeout: 15_000 });
  await expect(page.getByText('No hay usuarios')).toHaveCount(0);
  failing = false;
  await failed.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('cell', { name: OWNER.email })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a collaborator opening an owner-only page (/usuarios) is sent Home, not told the page does not exist', async ({
  page,
  request,
}) => {
  await signInAsNewCollaborator(page, request, 'Rosa');
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toHaveCount(0);
});

test('the browser tab names the screen: "Iniciar sesión · Estudio Contable", "Empresas · Estudio Contable"', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Iniciar sesión · Estudio Contable');
  await signInAsOwner(page, '/empresas');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Empresas · Estudio Contable');
});

test('an impossible typed date (31-02-2026) stays in the input, says "Fecha inválida" and is not saved; a valid date clears the message', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = uniqueName('Fecha imposible');
  const rut = uniqueRut();
  await signInAsOwner(page, '/empresas');
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva empresa' });
  await modal.getByLabel('Nombre').fill(name);
  await modal.getByLabel('Razón social').fill(`${name} SpA`);
  await modal.getByLabel('Representante legal').fill('Marcela Fuentes');
  await modal.getByLabel(/^RUT/).pressSequentially(rut.raw);
  await modal.getByLabel('Término de contrato').fill('31-12-2026');
  await modal.getByLabel('Término de contrato').press('Tab');
  await modal.getByRole('combobox', { name: 'Contacto' }).fill('pagos@fecha.cl');
  await modal.getByRole('combobox', { name: 'Contacto' }).press('Enter');

  // Leaving with Shift+Tab: Tab would land in 'Término de contrato', whose calendar opens over 'Guardar'.
  const start = modal.getByLabel('Inicio de contrato');
  await start.fill('31-02-2026');
  await start.press('Shift+Tab');
  await expect(start).toHaveValue('31-02-2026');
  await expect(modal.getByText('Fecha inválida')).toBeVisible();
  await expect(modal.getByText('Campo requerido')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeVisible();
  await expect(start).toHaveValue('31-02-2026');
  await expect(modal.getByText('Fecha inválida')).toBeVisible();
  await expect(modal.getByText('Campo requerido')).toHaveCount(0);

  // A valid date clears the message.
  await start.fill('15-03-2026');
  await start.press('Shift+Tab');
  await expect(modal.getByText('Fecha inválida')).toHaveCount(0);
  await expect(start).toHaveValue('15-03-2026');

  // Over a valid date, the impossible one still stays and still cannot be saved: the form does not
  // quietly keep the 15-03-2026 it replaced.
  await start.fill('30-02-2026');
  await start.press('Shift+Tab');
  await expect(start).toHaveValue('30-02-2026');
  await expect(modal.getByText('Fecha inválida')).toBeVisible();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeVisible();
  await expect(start).toHaveValue('30-02-2026');
  await expect(modal.getByText('Fecha inválida')).toBeVisible();
  const headers = await ownerHeaders(request);
  const stored = (await (await request.get('/api/business', { headers })).json()) as { name: string }[];
  expect(stored.filter((business) => business.name === name)).toEqual([]);

  // Picking a day in the calendar replaces the impossible text and its message.
  await start.click();
  await page.getByRole('button', { name: '10 marzo 2026' }).click();
  await expect(start).toHaveValue('10-03-2026');
  await expect(modal.getByText('Fecha inválida')).toHaveCount(0);

  // Clearing it says the date is required, like an empty field.
  await start.fill('');
  await start.press('Shift+Tab');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(start).toHaveValue('');
  await expect(modal.getByText('Fecha inválida')).toHaveCount(0);
  await expect(modal.getByText('Campo requerido')).toBeVisible();

  await start.fill('01-03-2024');
  await start.press('Shift+Tab');
  await expect(modal.getByText('Campo requerido')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La empresa ha sido creada exitosamente')).toBeVisible();
  await expect(modal).toBeHidden();
  await page.getByLabel('Buscar empresa').fill(rut.raw);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('01-03-2024');
});

test('at 700 px the companies list fits the window with its actions, pages itself at 50 rows and says when a search finds nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const prefix = uniqueName('Lista');
  const companies = await createBusinessesViaApi(request, prefix, 51);
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAsOwner(page, '/empresas');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();

  // Every company of the database (other test files add theirs), 50 a page.
  const pager = page.getByText(/^1-50 de [\d.]+$/);
  await expect(pager).toBeVisible();
  const total = Number((await pager.innerText()).replace(/^1-50 de /, '').replace(/\./g, ''));
  expect(total).toBeGreaterThanOrEqual(51);
  await expect(page.getByRole('row')).toHaveCount(51); // header + 50
  expect(await pageOverflowsSideways(page)).toBe(false);

  // Only this test's companies: exactly 51, the last on page 2.
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(page.getByText('1-50 de 51', { exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(51);
  expect(await pageOverflowsSideways(page)).toBe(false);

  const first = companies[0] as { id: number; name: string; rut: string };
  const row = page.getByRole('row').filter({ hasText: first.name });
  // Sortable column titles are buttons.
  await expect(page.getByRole('button', { name: /^Nombre/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^RUT/ })).toBeInViewport();
  await expect(row.getByText(first.name, { exact: true })).toBeInViewport();
  await expect(row.getByText(first.rut, { exact: true })).toBeInViewport();
  const edit = row.getByRole('link', { name: `Editar ${first.name}` });
  const remove = row.getByRole('button', { name: `Eliminar ${first.name}` });
  await expect(edit).toBeInViewport({ ratio: 1 });
  await expect(remove).toBeInViewport({ ratio: 1 });

  // The bin opens its confirmation (left unanswered here), the pencil opens the company.
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Empresa' });
  await expect(confirm).toContainText(first.name);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();

  const last = companies[50] as { name: string };
  await page.getByRole('button', { name: /^(Next page|Página siguiente)$/ }).click();
  await expect(page.getByText('51-51 de 51', { exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(last.name);

  await page.getByRole('button', { name: /^(Previous page|Página anterior)$/ }).click();
  await expect(page.getByText('1-50 de 51', { exact: true })).toBeVisible();
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/empresas/${first.id}$`));
  await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();

  await page.goBack();
  const nothing = `zzz sin coincidencia ${Date.now()}`;
  await page.getByLabel('Buscar empresa').fill(nothing);
  // (The table keeps its empty-state text in the page, transparent, whenever it has rows; here it shows.)
  await expect(page.getByRole('cell').filter({ hasText: /\S/ })).toHaveCount(0);
  const emptyState = page.locator('.mantine-datatable-empty-state[data-active]');
  await expect(emptyState).toHaveText(`Sin resultados para “${nothing}”`);
  await expect(page.getByText('No hay empresas')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('the keyboard: the first Tab offers "Saltar al contenido", Enter lands in the content; a delete confirmation focuses "Cancelar"', async ({
  page,
  request,
}) => {
  const company = await createBusinessViaApi(request, uniqueName('Teclado'));
  await signInAsOwner(page, '/empresas');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#contenido')).toBeFocused();
  // The next Tab goes on inside the content, past the header and the menu.
  await page.keyboard.press('Tab');
  await expect(page.locator('main#contenido :focus')).toHaveCount(1);

  await page.getByLabel('Buscar empresa').fill(company.rut);
  const row = page.getByRole('row').filter({ hasText: company.name });
  await row.getByRole('button', { name: `Eliminar ${company.name}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Eliminar Empresa' });
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  // So Enter, pressed again out of habit, deletes nothing.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await page.reload();
  await page.getByLabel('Buscar empresa').fill(company.rut);
  await expect(page.getByRole('row').filter({ hasText: company.name })).toBeVisible();
});

test("the signed-in user's own row cannot be deleted, and the bin says why on hover and on focus", async ({ page }) => {
  await signInAsOwner(page, '/usuarios');
  const ownRow = page.getByRole('row').filter({ hasText: OWNER.email });
  const bin = ownRow.getByRole('button', { name: /^Eliminar/ });
  await expect(bin).toHaveAttribute('aria-disabled', 'true');
  await expect(bin).toHaveAccessibleName(/No puedes eliminar tu propio usuario/);

  await bin.hover();
  await expect(page.getByRole('tooltip', { name: 'No puedes eliminar tu propio usuario' })).toBeVisible();
  // It looks and reads disabled (Playwright will not click it unforced), and a forced click does nothing.
  await bin.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Eliminar Usuario' })).toHaveCount(0);

  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // Reached with the keyboard, from the pencil beside it.
  await ownRow.getByRole('button', { name: /^Editar/ }).focus();
  await page.keyboard.press('Tab');
  await expect(bin).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'No puedes eliminar tu propio usuario' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Eliminar Usuario' })).toHaveCount(0);
});

test('a toast and the menu entry under the pointer pass the accessibility check: the toast closes by name, its text reads clearly', async ({
  page,
  request,
}) => {
  const company = await createBusinessViaApi(request, uniqueName('Aviso'));
  await signInAsOwner(page);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Empresas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  // The pointer rests on the active entry of the menu.
  await menu.getByRole('link', { name: 'Empresas', exact: true }).hover();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page);

  await page.getByLabel('Buscar empresa').fill(company.rut);
  await page
    .getByRole('row')
    .filter({ hasText: company.name })
    .getByRole('button', { name: `Eliminar ${company.name}` })
    .click();
  await page.getByRole('dialog', { name: 'Eliminar Empresa' }).getByRole('button', { name: 'Eliminar' }).click();
  const toast = page.getByRole('alert').filter({ hasText: /eliminad/i });
  await expect(toast).toBeVisible();
  // The pointer on the toast keeps it open while axe reads the page.
  await toast.hover();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Cerrar' })).toBeVisible();

  await toast.getByRole('button', { name: 'Cerrar' }).click();
  await expect(toast).toBeHidden();
});
