import { chileanDueDate } from '@app/shared/due-dates-cl';
import { currentPeriod, type Period } from '@app/shared/period';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { menuLink } from './support/board-fixtures';
import {
  businessBody,
  createCollaboratorViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  toggleSwitch,
  uniqueName,
} from './support/fixtures';
import { monthTitle, shiftPeriod } from './support/months';
import { addBusinessToTaskViaApi, createTaskViaApi, setTaskStateViaApi } from './support/task-board-fixtures';

// Due marks on the boards, and their filters kept in the address.

// The server's real clock, whatever the day: two periods before the current one (three when that
// is a January, so that the month before it is in the picker's year), its due days fell last month
// at the latest, so its unfinished cells are always late.
const current = currentPeriod();
const late: Period = shiftPeriod(current, current.month === 3 ? -3 : -2);
const earlier: Period = shiftPeriod(late, -1);
const monthUrl = (period: Period, extra = '') => `/?anio=${period.year}&mes=${period.month}${extra}`;
const shownDate = (iso: string) => iso.split('-').reverse().join('-');

/** A service due on the 1st (online filers too) with three states, the last one done. */
async function createDueService(request: APIRequestContext, name: string) {
  const headers = await ownerHeaders(request);
  const response = await request.post('/api/service', {
    headers,
    data: { name, startMonthDay: 1, lastMonthDay: 20, order: 0, dueDay: 1, dueDayElectronic: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  const service = (await response.json()).service as { id: number; name: string };
  const states: Record<string, number> = {};
  for (const [order, stateName] of ['Pendiente', 'Declarado', 'Pagado'].entries()) {
    const created = await request.post(`/api/service/${service.id}/state`, {
      headers,
      data: { name: stateName, color: '#3498DB', pctProgress: order * 50, hasValue: false, showResume: false, order },
    });
    expect(created.status(), await created.text()).toBe(201);
    states[stateName] = (await created.json()).state.id;
  }
  return { ...service, states };
}

/** The companies a test made: deleted after it, so that its late cells leave the other specs' boards and cards. */
const madeCompanies: number[] = [];

async function createOwnedBusiness(request: APIRequestContext, name: string, responsibleUserId: number | null) {
  const response = await request.post('/api/business', {
    headers: await ownerHeaders(request),
    data: { ...businessBody(name), responsibleUserId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const business = (await response.json()).business as { id: number; name: string; rut: string };
  madeCompanies.push(business.id);
  return business;
}

test.afterEach(async ({ request }) => {
  const headers = await ownerHeaders(request);
  for (const id of madeCompanies.splice(0)) await request.delete(`/api/business/${id}`, { headers });
});

async function setStateViaApi(
  request: APIRequestContext,
  period: Period,
  businessId: number,
  serviceId: number,
  stateId: number,
) {
  const response = await request.put(`/api/monthly-states/year/${period.year}/month/${period.month}`, {
    headers: await ownerHeaders(request),
    data: { businessId, serviceId, stateId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const table = (page: Page) => page.getByRole('region', { name: 'Tabla mensual de empresas' });
/** The company links of the rows drawn: the name cell is the first, or the second after the monthly board's checkbox. */
const companyNames = (region: Locator) =>
  region.locator('tbody tr[aria-rowindex] > td:nth-child(-n+2):not(:has(input[type="checkbox"])) a');
const combo = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function choose(page: Page, label: string, option: string) {
  await combo(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an owner sees the late cells with their due date and owner, filters and sorts them, and the address keeps it through reload, Back and month changes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const prefix = uniqueName('Atraso');
  const collaborator = await createCollaboratorViaApi(request, 'Ramona', uniqueName('Vera'));
  const service = await createDueService(request, uniqueName('F29'));
  const states = service.states as Record<'Pendiente' | 'Declarado' | 'Pagado', number>;
  const alfa = await createOwnedBusiness(request, `${prefix} Alfa`, collaborator.id);
  const delta = await createOwnedBusiness(request, `${prefix} Delta`, collaborator.id);
  const golf = await createOwnedBusiness(request, `${prefix} Golf`, collaborator.id);
  const eco = await createOwnedBusiness(request, `${prefix} Eco`, null);
  for (const business of [alfa, delta, golf, eco]) await linkServiceViaApi(request, business.id, service.id);
  await setStateViaApi(request, late, delta.id, service.id, states.Pagado);
  await setStateViaApi(request, late, golf.id, service.id, states.Declarado);
  const due = shownDate(chileanDueDate(late, 1));

  await signInAsOwner(page, monthUrl(late));
  await expect(page.getByRole('heading', { name: monthTitle(late), level: 3 })).toBeVisible();
  // An owner sees every company until they choose.
  await expect(combo(page, 'Encargado')).toHaveValue('Todos');

  // The late cell: its mark, and its due date in its accessible name and tooltip; a done one has none.
  await page.getByLabel('Buscar empresa').fill(prefix);
  const alfaCell = page.getByRole('button', { name: new RegExp(`^${service.name} de ${alfa.name}: `) });
  await expect(alfaCell).toHaveAccessibleName(`${service.name} de ${alfa.name}: Pendiente, Atrasada, venció ${due}`);
  await expect(alfaCell.locator('[data-mark="overdue"]')).toBeVisible();
  // Said once: the description (the tooltip's other lines) leaves the due text out.
  await expect(alfaCell).not.toHaveAttribute('aria-description', /venció/);
  await alfaCell.hover();
  await expect(page.getByRole('tooltip')).toHaveText(`Atrasada, venció ${due}`);
  const deltaCell = page.getByRole('button', { name: new RegExp(`^${service.name} de ${delta.name}: `) });
  await expect(deltaCell).toHaveAccessibleName(`${service.name} de ${delta.name}: Pagado`);
  await expect(deltaCell.locator('[data-mark]')).toHaveCount(0);
  await page.getByLabel('Buscar empresa').fill('');

  // Whose they are: the collaborator's companies, in one choice; the card counts their late cells.
  await choose(page, 'Encargado', `Ramona ${collaborator.lastName}`);
  await expect(page).toHaveURL(new RegExp(`encargado=${collaborator.id}`));
  const region = table(page);
  await expect(companyNames(region)).toHaveText([alfa.name, delta.name, golf.name]);
  await expect(region.getByRole('row').filter({ hasText: alfa.name })).toContainText(
    `Encargado: Ramona ${collaborator.lastName}`,
  );
  await expect(page.getByRole('listitem', { name: `${service.name}: 2 atrasadas` })).toBeVisible();

  // Sorted by the service's states: Pendiente, Declarado, Pagado.
  await choose(page, 'Ordenar por', service.name);
  await expect(page).toHaveURL(new RegExp(`orden=${service.id}`));
  await expect(companyNames(region)).toHaveText([alfa.name, golf.name, delta.name]);

  // One state of the service.
  await choose(page, 'Estado', `${service.name}: Declarado`);
  await expect(page).toHaveURL(new RegExp(`estado=${states.Declarado}`));
  await expect(companyNames(region)).toHaveText([golf.name]);
  await choose(page, 'Estado', 'Todos los estados');
  await expect(page).not.toHaveURL(/estado=/);

  // Only the late ones: one click.
  await toggleSwitch(page.getByRole('switch', { name: 'Solo atrasadas' }));
  await expect(page).toHaveURL(/atrasadas=1/);
  await expect(companyNames(region)).toHaveText([alfa.name, golf.name]);

  // A reload keeps all of it.
  await page.reload();
  await expect(combo(page, 'Encargado')).toHaveValue(`Ramona ${collaborator.lastName}`);
  await expect(combo(page, 'Ordenar por')).toHaveValue(service.name);
  await expect(page.getByRole('switch', { name: 'Solo atrasadas' })).toBeChecked();
  await expect(companyNames(table(page))).toHaveText([alfa.name, golf.name]);

  // Away by the menu and Back: the same filtered rows are drawn again.
  await menuLink(page, 'Empresas').click();
  await expect(table(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/atrasadas=1/);
  await expect(companyNames(table(page))).toHaveText([alfa.name, golf.name]);

  // Another month keeps the filters (the month before: every cell of it is late, none paid).
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^${monthTitle(earlier).slice(0, 3)}`, 'i') }).click();
  await expect(page.getByRole('heading', { name: monthTitle(earlier), level: 3 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`encargado=${collaborator.id}`));
  await expect(page).toHaveURL(/atrasadas=1/);
  await expect(companyNames(table(page))).toHaveText([alfa.name, delta.name, golf.name]);
  await page.goto(monthUrl(late, `&encargado=${collaborator.id}&atrasadas=1`));
  await expect(companyNames(table(page))).toHaveText([alfa.name, golf.name]);

  // An owner the filter does not offer (a user since deleted) shows every company.
  await page.goto(monthUrl(late, '&encargado=999999'));
  await expect(combo(page, 'Encargado')).toHaveValue('Todos');
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(companyNames(table(page))).toHaveText([alfa.name, delta.name, eco.name, golf.name]);
});

test("a collaborator finds 'Mis empresas' chosen, and their choice of 'Todos' stays on the next visit", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const prefix = uniqueName('Propias');
  const collaborator = await createCollaboratorViaApi(request, 'Tomás', uniqueName('Ibarra'));
  const service = await createDueService(request, uniqueName('Previred'));
  const mine = await createOwnedBusiness(request, `${prefix} Mía`, collaborator.id);
  const other = await createOwnedBusiness(request, `${prefix} Otra`, null);
  for (const business of [mine, other]) await linkServiceViaApi(request, business.id, service.id);

  await signIn(page, collaborator.email, collaborator.password);
  await expect(combo(page, 'Encargado')).toHaveValue('Mis empresas');
  await expect(page).not.toHaveURL(/encargado=/);
  await expect(companyNames(table(page))).toHaveText([mine.name]);

  await choose(page, 'Encargado', 'Todos');
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(companyNames(table(page))).toHaveText([mine.name, other.name]);

  await page.goto('/');
  await expect(combo(page, 'Encargado')).toHaveValue('Todos');
  await page.getByLabel('Buscar empresa').fill(prefix);
  await expect(companyNames(table(page))).toHaveText([mine.name, other.name]);

  // Back to their own: remembered too, and the address of a link still wins.
  await choose(page, 'Encargado', 'Mis empresas');
  await expect(page).toHaveURL(new RegExp(`encargado=${collaborator.id}`));
  await page.goto('/');
  await expect(combo(page, 'Encargado')).toHaveValue('Mis empresas');
  await page.goto('/?encargado=none');
  await expect(combo(page, 'Encargado')).toHaveValue('Sin encargado');
});

test("an owner's companies are listed in the Spanish order: 'Óptica' before 'Peluquería'", async ({
  page,
  request,
}) => {
  const javier = await createCollaboratorViaApi(request, 'Javier', uniqueName('Orden'));
  const service = await createDueService(request, uniqueName('F29 orden'));
  const suffix = uniqueName('Clara');
  // Peluquería first, so that neither the ids nor the bytes of the names give the Spanish order.
  const peluqueria = await createOwnedBusiness(request, `Peluquería ${suffix}`, javier.id);
  const optica = await createOwnedBusiness(request, `Óptica Visión ${suffix}`, javier.id);
  for (const business of [peluqueria, optica]) await linkServiceViaApi(request, business.id, service.id);

  await signInAsOwner(page, monthUrl(current, `&encargado=${javier.id}`));
  await expect(companyNames(table(page))).toHaveText([optica.name, peluqueria.name]);
});

test('the task board keeps its owner, responsible and late filters in the address', async ({ page, request }) => {
  test.setTimeout(90_000);
  const prefix = uniqueName('Tareas');
  const javiera = await createCollaboratorViaApi(request, 'Javiera', uniqueName('Soto'));
  const nicolas = await createCollaboratorViaApi(request, 'Nicolás', uniqueName('Rey'));
  // Both fall due in the month after `late`, so both are late there; Nicolás' is done everywhere.
  const lateTask = await createTaskViaApi(request, {
    name: uniqueName('IVA'),
    responsableCollaborator: javiera.id,
    expirationDate: 1,
  });
  const laterTask = await createTaskViaApi(request, {
    name: uniqueName('Libros'),
    responsableCollaborator: nicolas.id,
    expirationDate: 31,
  });
  const first = await createOwnedBusiness(request, `${prefix} Uno`, javiera.id);
  const second = await createOwnedBusiness(request, `${prefix} Dos`, javiera.id);
  const third = await createOwnedBusiness(request, `${prefix} Tres`, null);
  for (const business of [first, second, third]) {
    await addBusinessToTaskViaApi(request, lateTask.id, business.id);
    await addBusinessToTaskViaApi(request, laterTask.id, business.id);
  }
  await setTaskStateViaApi(request, late, second.id, lateTask.id, { state: 'Terminado' });
  for (const business of [first, second, third]) {
    await setTaskStateViaApi(request, late, business.id, laterTask.id, { state: 'Terminado' });
  }

  await signInAsOwner(page, `/seguimiento-tareas?anio=${late.year}&mes=${late.month}`);
  const region = page.getByRole('region', { name: 'Tabla de seguimiento de tareas' });
  await choose(page, 'Encargado', `Javiera ${javiera.lastName}`);
  await expect(companyNames(region)).toHaveText([second.name, first.name]);
  await toggleSwitch(page.getByRole('switch', { name: 'Solo atrasadas' }));
  await expect(companyNames(region)).toHaveText([first.name]);
  await choose(page, 'Responsable', `Nicolás ${nicolas.lastName}`);
  await expect(page).toHaveURL(new RegExp(`responsable=${nicolas.id}`));
  await expect(region.getByRole('columnheader', { name: lateTask.name })).toHaveCount(0);
  await expect(region.getByRole('columnheader', { name: laterTask.name })).toBeVisible();
  // Nothing of Nicolás' task is late: it is done.
  await expect(companyNames(region)).toHaveCount(0);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`encargado=${javiera.id}`));
  await expect(combo(page, 'Responsable')).toHaveValue(`Nicolás ${nicolas.lastName}`);
  await choose(page, 'Responsable', 'Todos');
  await expect(companyNames(region)).toHaveText([first.name]);
  await expect(
    region.getByRole('button', {
      name: `${lateTask.name} de ${first.name}: No comenzado, Atrasada, venció ${shownDate(chileanDueDate(late, 1))}`,
    }),
  ).toBeVisible();
});
