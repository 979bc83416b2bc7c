import { emptyCardMsg } from '@app/shared/messages-board-period';
import { currentPeriod, santiagoDate } from '@app/shared/period';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import * as board from './support/board-cells';
import { mockMonthlyBoard } from './support/board-mocks';
import {
  beforeSantiagoMidnight,
  cellButton,
  changeWhileOffline,
  chooseOnCellWithKeyboard,
  expectMonthInRange,
  expectNarrowBoard,
  numberedCompany,
  openMonthlyBoard,
  otherBrowser,
  seedServiceBoard,
  typeValueWithKeyboard,
} from './support/boards';
import {
  businessBody,
  createBusinessViaApi,
  createCollaboratorViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  OWNER,
  ownerHeaders,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { monthName, monthTitle } from './support/months';
import { expectNoSeriousViolations } from './support/page-checks';
import { watchLiveSocket } from './support/waits';

const period = currentPeriod();

/** Pendiente 0 %, Declarado 50 % on the summary, Pagado 100 % with a value, on the summary. */
const STATES = [
  { name: 'Pendiente', color: '#E74C3C', pctProgress: 0 },
  { name: 'Declarado', color: '#F1C40F', pctProgress: 50, showResume: true },
  { name: 'Pagado', color: '#2ECC71', pctProgress: 100, hasValue: true, showResume: true },
];

/** A service with the three STATES and two companies that have it; names share a prefix for the search. */
async function seedBoard(request: APIRequestContext, label: string) {
  const seeded = await seedServiceBoard(request, label, STATES, ['Alfa', 'Beta']);
  return { ...seeded, first: seeded.companies.Alfa, second: seeded.companies.Beta };
}

const summaryCard = (page: Page, service: string, state: string) =>
  page.getByRole('listitem', { name: new RegExp(`^${service}, ${state}: `) });

test('choosing a state moves the badge, the progress and the summary card; a value shows as money; the tooltip and the history say who changed it', async ({
  page,
  request,
}) => {
  // Many changes, each waiting for the server: over 30 s on a busy machine.
  test.setTimeout(60_000);
  const { prefix, service, first, second } = await seedBoard(request, 'Tablero');
  // A second service only the first company has: the second one's cell is 'N/A'.
  const other = await createServiceWithStatesViaApi(request, uniqueName('Contabilidad'), [
    { name: 'Sin iniciar' },
    { name: 'Cerrada', pctProgress: 100, showResume: true },
  ]);
  await linkServiceViaApi(request, first.id, other.id);
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);

  // Greeting, breadcrumb, the month's title and both companies with their first state.
  await expect(page.getByRole('heading', { name: 'Hola Administrador! Bienvenido/a de nuevo' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Vista mensual');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: service.name })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Pendiente`,
  );
  await expect(table.getByRole('link', { name: first.name })).toHaveAttribute('href', `/empresas/${first.id}`);

  // The search also finds a company by its RUT typed without format.
  await page.getByLabel('Buscar empresa').fill(second.rut.replace(/[.-]/g, ''));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(second.name);
  await page.getByLabel('Buscar empresa').fill(prefix.toUpperCase());
  await expect(table.getByRole('row')).toHaveCount(3);

  // 'N/A' is plain text, not a button; the card counts only the companies that have the service.
  await expect(cellButton(page, other.name, second.name)).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: second.name })).toContainText('N/A');
  await expect(cellButton(page, other.name, first.name)).toHaveAccessibleName(
    `${other.name} de ${first.name}: Sin iniciar`,
  );
  await expect(summaryCard(page, other.name, 'Cerrada')).toHaveAccessibleName(`${other.name}, Cerrada: 0 de 1, 0%`);

  const declared = summaryCard(page, service.name, 'Declarado');
  await expect(declared).toHaveAccessibleName(`${service.name}, Declarado: 0 de 2, 0%`);
  await expect(declared.locator('[data-color]')).toHaveAttribute('data-color', 'red');

  // Choose 'Declarado': badge, progress and card move.
  await cellButton(page, service.name, first.name).click();
  await page.getByRole('menuitem', { name: 'Declarado' }).click();
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Declarado`,
  );
  const firstRow = table.getByRole('row').filter({ hasText: first.name });
  // Progress: the average over the company's two services (50 % and 0 %).
  await expect(firstRow).toContainText('25%');
  await expect(declared).toHaveAccessibleName(`${service.name}, Declarado: 1 de 2, 50%`);
  await expect(declared.locator('[data-color]')).toHaveAttribute('data-color', 'yellow');

  // 'Pagado' asks for its value first; it is required, then shown as money.
  await cellButton(page, service.name, first.name).click();
  await page.getByRole('menuitem', { name: 'Pagado' }).click();
  const valueModal = page.getByRole('dialog', { name: 'Valor' });
  await valueModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(valueModal.getByText('Este estado requiere un valor')).toBeVisible();
  await valueModal.getByLabel('Valor').fill('1234567');
  await valueModal.getByLabel('Valor').blur();
  await expect(valueModal.getByLabel('Valor')).toHaveValue('1.234.567');
  await valueModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(valueModal).toBeHidden();
  await expect(cellButton(page, service.name, first.name)).toHaveText('$1.234.567');
  await expect(firstRow).toContainText('50%');
  await expect(summaryCard(page, service.name, 'Pagado')).toHaveAccessibleName(`${service.name}, Pagado: 1 de 2, 50%`);

  // The second company reaches 100 % of 'Declarado' too: the card's badge turns to its full colour.
  await cellButton(page, service.name, second.name).click();
  await page.getByRole('menuitem', { name: 'Declarado' }).click();
  await expect(declared).toHaveAccessibleName(`${service.name}, Declarado: 2 de 2, 100%`);
  await expect(declared.locator('[data-color]')).toHaveAttribute('data-color', 'green');

  // Who changed it and when, in a tooltip.
  await cellButton(page, service.name, first.name).hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^Administrador.*, \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

  // A new amount is kept with the one it replaced; the same amount saved again is no change at all.
  for (const amount of ['1500000', '1500000']) {
    await cellButton(page, service.name, first.name).click();
    await page.getByRole('menuitem', { name: 'Pagado' }).click();
    await valueModal.getByLabel('Valor').fill(amount);
    await valueModal.getByRole('button', { name: 'Guardar' }).click();
    await expect(valueModal).toBeHidden();
    await expect(cellButton(page, service.name, first.name)).toHaveText('$1.500.000');
  }

  // The cell's history: every change, newest first, the amount with the one it replaced.
  await cellButton(page, service.name, first.name).click();
  await page.getByRole('menuitem', { name: 'Historial' }).click();
  const history = await board.expectHistory(page, [
    ['Pagado', 'Pagado', '$1.234.567 → $1.500.000'],
    ['Declarado', 'Pagado', '$1.234.567'],
    ['Pendiente'],
  ]);
  await page.screenshot({ path: test.info().outputPath('board-history.png') });
  await history.getByRole('button', { name: 'Cerrar' }).click();

  // It all survives a reload.
  await page.reload();
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(cellButton(page, service.name, first.name)).toHaveText('$1.500.000');
});

test('a change made by a collaborator in another browser arrives live, names who made it, and the collaborator has the envelope but no e-mail log', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers and a filter choice: over 30 s on a busy machine.
  test.setTimeout(60_000);
  const { prefix, service, first } = await seedBoard(request, 'EnVivo');
  const collaborator = await createCollaboratorViaApi(request, 'Javier', 'Pérez');

  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(page.getByRole('button', { name: `Enviar correo a ${first.name}` })).toBeVisible();
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Pendiente`,
  );
  await board.markWindow(page);

  const { context: otherContext, page: other } = await otherBrowser(browser);
  // A collaborator starts on their own companies ('Mis empresas'); these are nobody's.
  await openMonthlyBoard(other, collaborator.email, collaborator.password, prefix, true);
  await expect(cellButton(other, service.name, first.name)).toBeVisible();
  // Collaborators e-mail a company from the board's envelope, but the 'Email' log stays the owners'.
  await expect(other.getByRole('button', { name: `Enviar correo a ${first.name}` })).toBeVisible();
  await expect(other.getByRole('button', { name: `Contraseñas de ${first.name}` })).toBeVisible();
  await expect(
    other.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Email' }),
  ).toHaveCount(0);

  await cellButton(other, service.name, first.name).click();
  await other.getByRole('menuitem', { name: 'Declarado' }).click();
  await expect(cellButton(other, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Declarado`,
  );

  // The owner's screen follows within a second, without reloading.
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Declarado`,
    {
      timeout: 1_500,
    },
  );
  await board.expectNotReloaded(page);
  await expect(summaryCard(page, service.name, 'Declarado')).toHaveAccessibleName(
    `${service.name}, Declarado: 1 de 2, 50%`,
  );
  await cellButton(page, service.name, first.name).hover();
  await expect(page.getByRole('tooltip')).toHaveText(new RegExp(`^Javier P\\., ${board.CHANGED_AT.source}`));

  // And back the other way: the owner's value reaches the collaborator.
  await cellButton(page, service.name, first.name).click();
  await page.getByRole('menuitem', { name: 'Pagado' }).click();
  await page.getByRole('dialog', { name: 'Valor' }).getByLabel('Valor').fill('89000');
  await page.getByRole('dialog', { name: 'Valor' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(cellButton(other, service.name, first.name)).toHaveText('$89.000', { timeout: 1_500 });
  await otherContext.close();
});

test('after the connection drops, the board reloads once back online and shows what changed meanwhile', async ({
  page,
  context,
  request,
}) => {
  const { prefix, service, first } = await seedBoard(request, 'Reconexion');
  const liveSocket = watchLiveSocket(page);
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Pendiente`,
  );

  // Offline: the socket closes; a change made meanwhile cannot arrive live.
  await changeWhileOffline(
    context,
    liveSocket,
    async () => {
      const changed = await request.put(`/api/monthly-states/year/${period.year}/month/${period.month}`, {
        headers: await ownerHeaders(request),
        data: { businessId: first.id, serviceId: service.id, stateId: service.states[1]?.id },
      });
      expect(changed.status(), await changed.text()).toBe(200);
    },
    () =>
      expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
        `${service.name} de ${first.name}: Pendiente`,
      ),
  );

  // Back online: the socket reconnects and the board is fetched again (TanStack Query's own
  // refetch on reconnect does the same here; a dropped socket alone, e.g. a server restart, relies
  // on the socket's reconnect).
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Declarado`,
    {
      timeout: 15_000,
    },
  );
});

test('a cell is changed with the keyboard alone: Enter opens the states, arrows choose, the value is typed', async ({
  page,
  request,
}) => {
  const { prefix, service, first } = await seedBoard(request, 'Teclado');
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  const target = cellButton(page, service.name, first.name);
  await chooseOnCellWithKeyboard(page, target, 'Declarado', `${service.name} de ${first.name}: Declarado`);

  await board.chooseWithKeyboard(page, 'Pagado');
  await typeValueWithKeyboard(page, target, 'Valor', '5000', '$5.000');
});

test('a change the server refuses shows it was saving, then rolls back with the server message', async ({
  page,
  request,
}) => {
  const { prefix, service, first } = await seedBoard(request, 'Rechazo');
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Pendiente`,
  );

  const notApplying = 'El servicio no aplica a esa empresa en ese período (N/A)';
  const server = await board.refuseCellChanges(page, '**/api/monthly-states/year/*/month/*', 400, notApplying);
  // Shown at once, marked as being saved.
  const saving = `${service.name} de ${first.name}: Declarado (guardando)`;
  await board.chooseAndSeeSaving(page, cellButton(page, service.name, first.name), 'Declarado', saving);
  server.refuse();

  await expect(page.getByText(notApplying)).toBeVisible();
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Pendiente`,
  );
  await expect(summaryCard(page, service.name, 'Declarado')).toHaveAccessibleName(
    `${service.name}, Declarado: 0 de 2, 0%`,
  );
});

test('the key icon opens the company credentials, fetched when the modal opens; a password is shown and copied', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { prefix, first, second } = await seedBoard(request, 'Claves');
  const secret = `clave-${Date.now()}`;
  const created = await request.post('/api/password', {
    headers: await ownerHeaders(request),
    data: { businessId: first.id, user: 'ana.sii', portal: 'sii', password: secret, description: 'Clave tributaria' },
  });
  expect(created.status()).toBe(201);

  let fetches = 0;
  page.on('request', (sent) => {
    if (sent.url().includes(`/api/password?businessId=${first.id}`)) fetches += 1;
  });
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(page.getByRole('button', { name: `Contraseñas de ${first.name}` })).toBeVisible();
  expect(fetches).toBe(0);

  await page.getByRole('button', { name: `Contraseñas de ${first.name}` }).click();
  const modal = page.getByRole('dialog', { name: `Contraseñas de ${first.name}` });
  const row = modal.getByRole('row').filter({ hasText: 'Clave tributaria' });
  await expect(row).toContainText('SII');
  await expect(row).toContainText('ana.sii');
  await expect(row).not.toContainText(secret);
  await row.getByRole('button', { name: 'Mostrar contraseña de ana.sii (SII)' }).click();
  await expect(row).toContainText(secret);
  await row.getByRole('button', { name: 'Copiar contraseña de ana.sii (SII)' }).click();
  await expect(page.getByText('Contraseña copiada')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(fetches).toBe(1);

  // Closed (with the keyboard: the toast covers the close button), the passwords are not kept:
  // opening again asks the server again, hidden again.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: `Contraseñas de ${first.name}` }).click();
  await expect(modal.getByRole('row').filter({ hasText: 'Clave tributaria' })).not.toContainText(secret);
  expect(fetches).toBe(2);

  // A company without credentials says so.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: `Contraseñas de ${second.name}` }).click();
  await expect(
    page
      .getByRole('dialog', { name: `Contraseñas de ${second.name}` })
      .getByText('La empresa no tiene contraseñas registradas.'),
  ).toBeVisible();
});

test('the month selector starts at the current period, goes back in time and never past it; the group select narrows the companies', async ({
  page,
  request,
}) => {
  const { prefix, first, second } = await seedBoard(request, 'Meses');
  const headers = await ownerHeaders(request);
  const groupName = uniqueName('Grupo tablero');
  const group = await request.post('/api/business-group', {
    headers,
    data: { name: groupName, businessesIds: [second.id] },
  });
  expect(group.status()).toBe(201);

  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(second.name);
  await expect(table).not.toContainText(first.name);
  await page.getByRole('button', { name: 'Quitar grupo' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);

  // A month after the current period in the address is brought back to it; one before 2010 to January 2010.
  await expectMonthInRange(page, '/');

  // Back to the current period, then one month earlier with the picker.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: monthTitle(period), level: 3 })).toBeVisible();
  const previous = period.month === 1 ? { year: period.year - 1, month: 12 } : { ...period, month: period.month - 1 };
  const previousName = monthName(previous);
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  if (previous.year !== period.year) {
    await page.getByRole('button', { name: /Previous|Anterior/i }).click();
  }
  await page.getByRole('button', { name: new RegExp(`^${previousName.slice(0, 3)}`, 'i') }).click();
  await expect(page.getByRole('heading', { name: `${previousName} ${previous.year}`, level: 3 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`anio=${previous.year}&mes=${previous.month}`));
});

test('2,000 companies: only the rows in view are rendered, the header stays put and the last company is reached by scrolling', async ({
  page,
}) => {
  const services = Array.from({ length: 12 }, (_, index) => `Servicio ${index + 1}`);
  await mockMonthlyBoard(page, period, { companies: 2000, columns: services, companyName: numberedCompany });

  await signInAsOwner(page);
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await board.expectOnlyRowsInViewDrawn(region, region.getByRole('columnheader', { name: 'Servicio 1', exact: true }), {
    first: numberedCompany(0),
    last: numberedCompany(1999),
  });
});

test('the board at 1280 px and at 700 px', async ({ page, request }, testInfo) => {
  const { prefix, service, first } = await seedBoard(request, 'Pantalla');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  await cellButton(page, service.name, first.name).click();
  await page.getByRole('menuitem', { name: 'Declarado' }).click();
  await expect(cellButton(page, service.name, first.name)).toHaveAccessibleName(
    `${service.name} de ${first.name}: Declarado`,
  );
  await page.getByLabel('Buscar empresa').fill('');
  const region = page.getByRole('region', { name: 'Tabla mensual de empresas' });
  await region.evaluate((element) => {
    element.scrollLeft = 0;
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: testInfo.outputPath('board-1280.png'), fullPage: true });
  // No serious accessibility problem with coloured badges, a changed cell and the summary cards showing.
  await expectNoSeriousViolations(page);

  // The page itself never scrolls sideways: the table scrolls inside its own region.
  await expectNarrowBoard(page, region);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('board-700.png'), fullPage: true });
});

test('a summary card with no company left by the filter shows a grey dash, not a green 100 %', async ({
  page,
  request,
}) => {
  const { service } = await seedBoard(request, 'Vacía');
  const javier = await createCollaboratorViaApi(request, 'Javier', uniqueName('Vacío'));
  // Javier's only company does not have the service: under 'Encargado = Javier' the card counts 0 / 0.
  const created = await request.put(
    `/api/business/${(await createBusinessViaApi(request, uniqueName('Sin F29'))).id}`,
    {
      headers: await ownerHeaders(request),
      data: { ...businessBody(uniqueName('Sin F29')), responsibleUserId: javier.id },
    },
  );
  expect(created.status(), await created.text()).toBe(200);

  await signInAsOwner(page, `/?encargado=${javier.id}`);
  const card = summaryCard(page, service.name, 'Declarado');
  await expect(card).toHaveAccessibleName(`${service.name}, Declarado: 0 de 0, ${emptyCardMsg}`);
  const badge = card.locator('[data-color]');
  await expect(badge).toHaveText('—');
  await expect(badge).toHaveAttribute('data-color', 'gray');
  await expect(card.getByText('100%')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/rules-empty-card-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/rules-empty-card-390.png' });
});

test('a board left open past midnight in Santiago, back in focus, asks the board again and shows late the cell that fell due that day', async ({
  page,
  request,
}) => {
  const { prefix, service, first } = await seedBoard(request, 'Medianoche');
  const day = santiagoDate();
  const nextDay = new Date(`${day}T12:00:00Z`);
  nextDay.setUTCDate(nextDay.getUTCDate() + 1);
  const [year, month, dayOfMonth] = day.split('-');
  const dueOn = `${dayOfMonth}-${month}-${year}`;
  // The server's clock is not the page's: its answers are those it gives on `day` and, past
  // midnight, on the next day (the test's service falls due on `day`, late from the next one).
  let pastMidnight = false;
  const fetchedAfterMidnight: string[] = [];
  await page.route('**/api/monthly-states/year/*/month/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const board = (await (await route.fetch()).json()) as MonthlyBoard;
    if (pastMidnight) fetchedAfterMidnight.push(route.request().url());
    for (const row of board.rows)
      for (const cell of row.cells)
        if (cell.serviceId === service.id) Object.assign(cell, { dueDate: day, overdue: pastMidnight });
    return route.fulfill({ json: { ...board, today: pastMidnight ? nextDay.toISOString().slice(0, 10) : day } });
  });

  await page.clock.install({ time: beforeSantiagoMidnight() });
  await openMonthlyBoard(page, OWNER.email, OWNER.password, prefix);
  const due = cellButton(page, service.name, first.name);
  await expect(due).toHaveAccessibleName(new RegExp(`, Vence ${dueOn}$`));

  // Back to the computer at 00:01 (a sleeping one runs no timer): the page looks at the day on focus.
  pastMidnight = true;
  await page.clock.setSystemTime(new Date(beforeSantiagoMidnight().getTime() + 3 * 60_000));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(due).toHaveAccessibleName(new RegExp(`, Atrasada, venció ${dueOn}$`));
  await expect(due.locator('[data-mark="overdue"]')).toBeVisible();
  expect(fetchedAfterMidnight.length).toBeGreaterThan(0);
});
