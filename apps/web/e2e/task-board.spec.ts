import { chileanDueDate, nextChileanBusinessDay } from '@app/shared/due-dates-cl';
import { emptyCardMsg } from '@app/shared/messages-board-period';
import { currentPeriod, santiagoDate } from '@app/shared/period';
import { type Browser, expect, type Page, test } from '@playwright/test';
import * as board from './support/board-cells';
import { mockTaskBoard } from './support/board-mocks';
import {
  beforeSantiagoMidnight,
  cellButton,
  changeWhileOffline,
  chooseOnCellWithKeyboard,
  escapeRegExp,
  expectMonthInRange,
  expectNarrowBoard,
  numberedCompany,
  openTaskBoard,
  otherBrowser,
  typeValueWithKeyboard,
} from './support/boards';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  OWNER,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { monthTitle, shiftPeriod } from './support/months';
import { expectNoSeriousViolations } from './support/page-checks';
import { addBusinessToTaskViaApi, createTaskViaApi, setTaskStateViaApi } from './support/task-board-fixtures';
import { runTimersAndPaint, watchLiveSocket } from './support/waits';

const period = currentPeriod();
/** The dash of a summary card with no company to count. */
const NO_PERCENT_SHOWN = '—';

/** A second browser, signed in on the task board as someone else. */
async function openOtherBrowser(browser: Browser, email: string, password: string, search: string) {
  const other = await otherBrowser(browser);
  await openTaskBoard(other.page, email, password, search);
  return other;
}

/** The table cell of a company and a task, whatever it holds (found by the task's column). */
async function tableCell(page: Page, task: string, company: string) {
  const table = page.getByRole('table');
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => text.startsWith(task));
  expect(column, `column of ${task}`).toBeGreaterThan(1);
  return table.getByRole('row').filter({ hasText: company }).getByRole('cell').nth(column);
}

const summaryCard = (page: Page, task: string) =>
  page.getByRole('listitem', { name: new RegExp(`^${escapeRegExp(task)}: \\d+% terminado$`) });

/** A task of a collaborator with two companies in it (Alfa and Beta), and a third company outside it. */
async function seedTask(request: Parameters<typeof createBusinessViaApi>[0], label: string) {
  const javier = await createCollaboratorViaApi(request, 'Javier', 'Pérez');
  const prefix = uniqueName(label);
  const first = await createBusinessViaApi(request, `${prefix} Alfa`);
  const second = await createBusinessViaApi(request, `${prefix} Beta`);
  const outside = await createBusinessViaApi(request, `${prefix} Gamma`);
  const task = await createTaskViaApi(request, {
    name: uniqueName('Conciliación'),
    responsableCollaborator: javier.id,
  });
  await addBusinessToTaskViaApi(request, task.id, first.id);
  await addBusinessToTaskViaApi(request, task.id, second.id);
  return { javier, prefix, first, second, outside, task };
}

test('a responsible collaborator changes a cell and gives it a value; the owner sees the cell and the summary card change live', async ({
  page,
  browser,
  request,
}) => {
  const { javier, prefix, first, second, task } = await seedTask(request, 'EnVivo');

  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Seguimiento de tareas');
  // The column: the task's name over its responsible's name with last initial.
  await expect(
    page.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(task.name)}\\s*Javier P\\.$`) }),
  ).toBeVisible();
  await expect(cellButton(page, task.name, first.name)).toHaveAccessibleName(
    `${task.name} de ${first.name}: No comenzado`,
  );
  const card = summaryCard(page, task.name);
  await expect(card).toHaveAccessibleName(`${task.name}: 0% terminado`);
  await expect(card).toHaveAttribute('data-color', 'red');
  await board.markWindow(page);

  const other = await openOtherBrowser(browser, javier.email, javier.password, prefix);
  await cellButton(other.page, task.name, first.name).click();
  await other.page.getByRole('menuitem', { name: 'Terminado' }).click();
  await expect(cellButton(other.page, task.name, first.name)).toHaveAccessibleName(
    `${task.name} de ${first.name}: Terminado`,
  );

  // The owner's cell and card follow within a second or so, without reloading.
  await expect(cellButton(page, task.name, first.name)).toHaveAccessibleName(
    `${task.name} de ${first.name}: Terminado`,
    { timeout: 1_500 },
  );
  await expect(card).toHaveAccessibleName(`${task.name}: 50% terminado`);
  await expect(card).toHaveAttribute('data-color', 'yellow');
  await board.expectNotReloaded(page);
  await cellButton(page, task.name, first.name).hover();
  await expect(page.getByRole('tooltip')).toHaveText(new RegExp(`^Javier P\\., ${board.CHANGED_AT.source}`));

  // A value ('Valor'): shown instead of the state's name, here and in the owner's browser.
  await cellButton(other.page, task.name, second.name).click();
  await other.page.getByRole('menuitem', { name: 'Valor' }).click();
  const modal = other.page.getByRole('dialog', { name: 'Valor' });
  await expect(modal.getByRole('radio', { name: 'No comenzado' })).toBeChecked();
  await modal.getByRole('radio', { name: 'Terminado' }).check();
  await modal.getByLabel('Valor (opcional)').fill('x'.repeat(101));
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El valor no debe tener más de 100 caracteres')).toBeVisible();
  await modal.getByLabel('Valor (opcional)').fill('Folio 4512');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(cellButton(other.page, task.name, second.name)).toHaveText('Folio 4512');

  await expect(cellButton(page, task.name, second.name)).toHaveText('Folio 4512', { timeout: 1_500 });
  await expect(cellButton(page, task.name, second.name)).toHaveAccessibleName(
    `${task.name} de ${second.name}: Terminado, Folio 4512`,
  );
  await expect(card).toHaveAccessibleName(`${task.name}: 100% terminado`);
  await expect(card).toHaveAttribute('data-color', 'green');

  // Choosing a state again clears the value; the owner's change reaches the collaborator.
  await cellButton(page, task.name, second.name).click();
  await page.getByRole('menuitem', { name: 'En proceso' }).click();
  await expect(cellButton(other.page, task.name, second.name)).toHaveText('En proceso', { timeout: 1_500 });
  await expect(summaryCard(other.page, task.name)).toHaveAccessibleName(`${task.name}: 50% terminado`);
  await other.context.close();

  // It all survives a reload.
  await page.reload();
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(cellButton(page, task.name, first.name)).toHaveText('Terminado');
  await expect(cellButton(page, task.name, second.name)).toHaveText('En proceso');
});

test('a collaborator sees read-only badges for a task of someone else, and changes the task they are responsible for', async ({
  page,
  request,
}) => {
  const { prefix, first, second, task } = await seedTask(request, 'Lectura');
  const matias = await createCollaboratorViaApi(request, 'Matías', 'González');
  const own = await createTaskViaApi(request, { name: uniqueName('Boletas'), responsableCollaborator: matias.id });
  await addBusinessToTaskViaApi(request, own.id, first.id);
  await setTaskStateViaApi(request, period, second.id, task.id, { state: 'Terminado', value: 'Folio 77' });

  await openTaskBoard(page, matias.email, matias.password, prefix);
  await expect(
    page.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(own.name)}\\s*Matías G\\.$`) }),
  ).toBeVisible();

  // Javier's task: badges, not buttons; they still say the state (and the value, with its state).
  await expect(cellButton(page, task.name, first.name)).toHaveCount(0);
  await expect(cellButton(page, task.name, second.name)).toHaveCount(0);
  const readOnly = await tableCell(page, task.name, first.name);
  await expect(readOnly).toHaveText('No comenzado');
  await expect(readOnly.getByRole('button')).toHaveCount(0);
  await expect(await tableCell(page, task.name, second.name)).toHaveText('Folio 77 (Terminado)');
  await readOnly.click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await (await tableCell(page, task.name, second.name)).locator('span').first().hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    new RegExp(`^Solo lectura · Terminado · Administrador.*, ${board.CHANGED_AT.source}`),
  );

  // Their own task: a button with the three states.
  await cellButton(page, own.name, first.name).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'No comenzado',
    'En proceso',
    'Terminado',
    'Valor',
    'Historial',
  ]);
  await menu.getByRole('menuitem', { name: 'En proceso' }).click();
  await expect(cellButton(page, own.name, first.name)).toHaveAccessibleName(`${own.name} de ${first.name}: En proceso`);
  await page.reload();
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(cellButton(page, own.name, first.name)).toHaveText('En proceso');
  await expectNoSeriousViolations(page);
  // The server holds the rule too: Matías may not change Javier's task.
  const login = await page.request.post('/api/login', { data: { email: matias.email, password: matias.password } });
  const token = (await login.json()).token as string;
  const refused = await page.request.put(
    `/api/business-task-states/year/${period.year}/month/${period.month}/businessId/${first.id}/taskId/${task.id}`,
    { headers: { authorization: `Bearer ${token}` }, data: { state: 'Terminado' } },
  );
  expect(refused.status()).toBe(403);
});

test('N/A cells are grey and not clickable; summary cards only for tasks shown in the summary, a grey dash when no company applies; the group select narrows table and cards', async ({
  page,
  request,
}) => {
  const { javier, prefix, first, second, outside, task } = await seedTask(request, 'NoAplica');
  const empty = await createTaskViaApi(request, {
    name: uniqueName('Sin empresas'),
    responsableCollaborator: javier.id,
  });
  const hidden = await createTaskViaApi(request, {
    name: uniqueName('Fuera del resumen'),
    responsableCollaborator: javier.id,
    showInSummary: false,
  });
  await setTaskStateViaApi(request, period, first.id, task.id, { state: 'Terminado' });
  const groupName = uniqueName('Grupo tareas');
  const group = await request.post('/api/business-group', {
    headers: await ownerHeaders(request),
    data: { name: groupName, businessesIds: [second.id, outside.id] },
  });
  expect(group.status()).toBe(201);

  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);

  // The company outside the task: 'N/A', a grey badge, no button, no menu.
  await expect(cellButton(page, task.name, outside.name)).toHaveCount(0);
  const na = await tableCell(page, task.name, outside.name);
  await expect(na).toHaveText('N/A');
  await na.click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Mantine's gray-2.
  expect(
    await na
      .locator('span span')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor),
  ).toBe('rgb(233, 236, 239)');

  // Badge colours: red, green.
  const colorOf = (task: string, company: string) =>
    cellButton(page, task, company)
      .locator('span')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await colorOf(task.name, first.name)).toBe('rgb(46, 204, 113)');
  expect(await colorOf(task.name, second.name)).toBe('rgb(231, 76, 60)');

  await expect(summaryCard(page, task.name)).toHaveAccessibleName(`${task.name}: 50% terminado`);
  await expect(summaryCard(page, task.name)).toHaveAttribute('data-color', 'yellow');
  // No company applies (0 / 0): a grey dash, not a green 100 %.
  const emptyCard = page.getByRole('listitem', { name: new RegExp(`^${escapeRegExp(empty.name)}: `) });
  await expect(emptyCard).toHaveAccessibleName(`${empty.name}: 0 de 0, ${emptyCardMsg}`);
  await expect(emptyCard).toHaveAttribute('data-color', 'gray');
  await expect(emptyCard.locator('.mantine-Badge-root')).toHaveText(NO_PERCENT_SHOWN);
  await expect(emptyCard.locator('.mantine-Badge-root')).toHaveAttribute('data-color', 'gray');
  await expect(emptyCard.getByText('100%')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('empty-card-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await emptyCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('empty-card-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(summaryCard(page, hidden.name)).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(hidden.name)}`) })).toBeVisible();

  // The group: only its companies in the table, and the card counts only them (Beta: not finished).
  await page.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).not.toContainText(first.name);
  await expect(summaryCard(page, task.name)).toHaveAccessibleName(`${task.name}: 0% terminado`);
  await expect(summaryCard(page, task.name)).toHaveAttribute('data-color', 'red');
  await page.getByRole('button', { name: 'Quitar grupo' }).click();
  await expect(table.getByRole('row')).toHaveCount(4);

  // The month selector follows the monthly board's rules: never past the current period, never before 2010.
  await expectMonthInRange(page, '/seguimiento-tareas');
  await expect(page.getByText('No hay empresas activas en este mes.')).toBeVisible();
  await page.goto('/seguimiento-tareas');
  await page.getByLabel('Buscar empresa').fill(prefix);

  // The cards fold away and come back.
  await page.getByRole('button', { name: 'Mostrar / ocultar tarjetas' }).click();
  await expect(summaryCard(page, task.name)).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar / ocultar tarjetas' }).click();
  await expect(summaryCard(page, task.name)).toBeVisible();
});

test("past its due day, an unfinished cell of any period is marked 'Atrasada, venció …'; a finished one and one not yet due are not", async ({
  page,
  request,
}) => {
  const { javier, prefix, first, second, task } = await seedTask(request, 'Atrasada');
  const due = await createTaskViaApi(request, {
    name: uniqueName('Vence el 10'),
    responsableCollaborator: javier.id,
    expirationDate: 10,
  });
  await addBusinessToTaskViaApi(request, due.id, first.id);
  await addBusinessToTaskViaApi(request, due.id, second.id);
  // Two periods before the current one: its tasks fell due on the 10th of last month or the next
  // business day, whatever the day the test runs (the server's today decides, not the browser's clock).
  const old = shiftPeriod(period, -2);
  const dueOn = chileanDueDate(old, 10).split('-').reverse().join('-');
  await setTaskStateViaApi(request, old, second.id, due.id, { state: 'Terminado' });

  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  // The current period's tasks fall due next month; one due on its last day is never late nor close.
  await expect(cellButton(page, task.name, first.name)).toHaveAccessibleName(
    `${task.name} de ${first.name}: No comenzado`,
  );
  await page.goto(`/seguimiento-tareas?anio=${old.year}&mes=${old.month}`);
  await expect(page.getByRole('heading', { name: monthTitle(old), level: 3 })).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(prefix);
  const late = cellButton(page, due.name, first.name);
  await expect(late).toHaveAccessibleName(`${due.name} de ${first.name}: No comenzado, Atrasada, venció ${dueOn}`);
  // Said once: the description (the tooltip's other lines) leaves the due text out.
  await expect(late).not.toHaveAttribute('aria-description', /Atrasada/);
  await expect(late.locator('span').first()).toHaveCSS('outline-style', 'solid');
  await expect(late.locator('[data-mark="overdue"]')).toBeVisible();
  await late.hover();
  await expect(page.getByRole('tooltip')).toHaveText(`Atrasada, venció ${dueOn}`);
  await expect(cellButton(page, due.name, second.name)).toHaveAccessibleName(
    `${due.name} de ${second.name}: Terminado`,
  );
  await expectNoSeriousViolations(page);

  // Finished, it is no longer overdue.
  await late.click();
  await page.getByRole('menuitem', { name: 'Terminado' }).click();
  await expect(late).toHaveAccessibleName(`${due.name} de ${first.name}: Terminado`);
  await expect(late.locator('svg')).toHaveCount(0);
});

test('a board left open past midnight in Santiago marks late, within a minute, the cell that fell due that day', async ({
  page,
  request,
}) => {
  const { javier, prefix, first } = await seedTask(request, 'Medianoche');
  const todayDay = Number(santiagoDate().slice(8));
  // Last month's tasks fall due this month: on today's day of the month, this one is due today.
  const due = await createTaskViaApi(request, {
    name: uniqueName('Vence hoy'),
    responsableCollaborator: javier.id,
    expirationDate: todayDay,
  });
  await addBusinessToTaskViaApi(request, due.id, first.id);
  const last = shiftPeriod(period, -1);
  // A due date on a weekend or holiday moves to the next business day: the page's clock starts
  // just before that day's midnight (today's, on a business day).
  const dueDay = nextChileanBusinessDay(santiagoDate());
  const [year, month, day] = dueDay.split('-');
  const dueOn = `${day}-${month}-${year}`;

  await page.clock.install({ time: beforeSantiagoMidnight(dueDay) });
  await signIn(page, OWNER.email, OWNER.password, `/seguimiento-tareas?anio=${last.year}&mes=${last.month}`);
  await expect(page.getByRole('heading', { name: monthTitle(last), level: 3 })).toBeVisible();
  await page.getByLabel('Buscar empresa').fill(prefix);
  const cell = cellButton(page, due.name, first.name);
  // Due today: marked softly, not late.
  await expect(cell).toHaveAccessibleName(`${due.name} de ${first.name}: No comenzado, Vence ${dueOn}`);
  await expect(cell.locator('[data-mark="overdue"]')).toHaveCount(0);

  const boardFetched = page.waitForResponse((response) =>
    response.url().includes(`/business-task-states/year/${last.year}/month/${last.month}`),
  );
  await runTimersAndPaint(page, 3 * 60_000);
  await expect(cell).toHaveAccessibleName(`${due.name} de ${first.name}: No comenzado, Atrasada, venció ${dueOn}`);
  await expect(cell.locator('[data-mark="overdue"]')).toBeVisible();
  // And the board is asked again, so that what the server judges moves on too.
  await boardFetched;
});

test('a change the server refuses shows it was saving, then rolls back with the server message', async ({
  page,
  request,
}) => {
  const { prefix, first, task } = await seedTask(request, 'Rechazo');
  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(cellButton(page, task.name, first.name)).toHaveText('No comenzado');

  const notResponsible = 'Solo el responsable de la tarea o un Dueño puede cambiar este estado';
  const cellChanges = '**/api/business-task-states/year/*/month/*/businessId/*/taskId/*';
  const server = await board.refuseCellChanges(page, cellChanges, 403, notResponsible);
  const saving = `${task.name} de ${first.name}: Terminado (guardando)`;
  await board.chooseAndSeeSaving(page, cellButton(page, task.name, first.name), 'Terminado', saving);
  await expect(summaryCard(page, task.name)).toHaveAccessibleName(`${task.name}: 50% terminado`);
  server.refuse();

  const toast = page.getByRole('alert').filter({ hasText: 'Ocurrió un error!' });
  await expect(toast).toContainText(notResponsible);
  await expect(cellButton(page, task.name, first.name)).toHaveAccessibleName(
    `${task.name} de ${first.name}: No comenzado`,
  );
  await expect(summaryCard(page, task.name)).toHaveAccessibleName(`${task.name}: 0% terminado`);
});

test('after the connection drops, the board reloads once back online and shows what changed meanwhile', async ({
  page,
  context,
  request,
}) => {
  const { prefix, first, task } = await seedTask(request, 'Reconexion');
  const liveSocket = watchLiveSocket(page);
  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  await expect(cellButton(page, task.name, first.name)).toHaveText('No comenzado');

  // Offline: once the socket has closed, a change made meanwhile cannot arrive live.
  await changeWhileOffline(
    context,
    liveSocket,
    () => setTaskStateViaApi(request, period, first.id, task.id, { state: 'En proceso' }),
    () => expect(cellButton(page, task.name, first.name)).toHaveText('No comenzado'),
  );
  await expect(cellButton(page, task.name, first.name)).toHaveText('En proceso', { timeout: 15_000 });
  await expect(summaryCard(page, task.name)).toHaveAccessibleName(`${task.name}: 0% terminado`);
});

test('a cell is changed with the keyboard alone, value included; the history lists the changes', async ({
  page,
  request,
}) => {
  const { prefix, first, task } = await seedTask(request, 'Teclado');
  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  const target = cellButton(page, task.name, first.name);
  await chooseOnCellWithKeyboard(page, target, 'En proceso', `${task.name} de ${first.name}: En proceso`);

  await board.chooseWithKeyboard(page, 'Valor');
  await typeValueWithKeyboard(page, target, 'Valor (opcional)', 'Pendiente cliente', 'Pendiente cliente');

  await board.chooseWithKeyboard(page, 'Historial');
  await board.expectHistory(page, [['En proceso', 'Pendiente cliente'], ['No comenzado']]);
});

test('2,000 companies × 10 tasks: only the rows in view are rendered, the header stays put and the last company is reached', async ({
  page,
}) => {
  const tasks = Array.from({ length: 10 }, (_, index) => `Tarea ${index + 1}`);
  await mockTaskBoard(page, period, { companies: 2000, columns: tasks, companyName: numberedCompany });

  await signInAsOwner(page, '/seguimiento-tareas');
  const region = page.getByRole('region', { name: 'Tabla de seguimiento de tareas' });
  await expect(region.getByRole('link', { name: numberedCompany(0) })).toBeVisible();
  // Computed from the rows: a third of the applicable cells of each task is finished.
  await expect(summaryCard(page, 'Tarea 1')).toHaveAccessibleName('Tarea 1: 33% terminado');
  await board.expectOnlyRowsInViewDrawn(
    region,
    region.getByRole('columnheader', { name: /^Tarea 1\s*Valentina S\.$/ }),
    {
      first: numberedCompany(0),
      last: numberedCompany(1999),
    },
  );
});

test('the board at 1280 px and at 700 px: the company column stays while the tasks scroll sideways', async ({
  page,
  request,
}, testInfo) => {
  const { prefix, first, task } = await seedTask(request, 'Pantalla');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTaskBoard(page, OWNER.email, OWNER.password, prefix);
  await cellButton(page, task.name, first.name).click();
  await page.getByRole('menuitem', { name: 'En proceso' }).click();
  await expect(cellButton(page, task.name, first.name)).toHaveText('En proceso');
  await page.screenshot({ path: testInfo.outputPath('task-board-1280.png'), fullPage: true });
  await expectNoSeriousViolations(page);

  const region = page.getByRole('region', { name: 'Tabla de seguimiento de tareas' });
  // The page never scrolls sideways: the table scrolls inside its own region, the company column stays.
  await expectNarrowBoard(page, region);
  await region.scrollIntoViewIfNeeded();
  const company = region.getByRole('link', { name: first.name });
  const before = (await company.boundingBox())?.x;
  await region.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect((await company.boundingBox())?.x).toBe(before);
  await expect(company).toBeInViewport();
  await cellButton(page, task.name, first.name).scrollIntoViewIfNeeded();
  expect((await company.boundingBox())?.x).toBe(before);
  // Still usable there: the menu opens and saves.
  await cellButton(page, task.name, first.name).click();
  await page.getByRole('menuitem', { name: 'Terminado' }).click();
  await expect(cellButton(page, task.name, first.name)).toHaveText('Terminado');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('task-board-700.png'), fullPage: true });
});
