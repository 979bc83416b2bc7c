import { currentPeriod, type Period, santiagoDate } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import { cellButton } from './support/boards';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { monthName, monthTitle, shiftPeriod } from './support/months';
import { addBusinessToTaskViaApi, createTaskViaApi } from './support/task-board-fixtures';

// A firm onboarding an existing client: its cells of months before 'Seguimiento desde' were late
// (never worked on here); once the month is set, both boards show them 'N/A', no longer late.

const current = currentPeriod();
const late: Period = shiftPeriod(current, -2);
const monthUrl = (path: string, period: Period) => `${path}?anio=${period.year}&mes=${period.month}`;

/** Picks a month in the company form's 'Seguimiento desde' picker (it opens on this year). */
async function pickTrackingSince(page: Page, target: Period) {
  await page.getByRole('button', { name: 'Seguimiento desde' }).click();
  const thisYear = Number(santiagoDate().slice(0, 4));
  if (target.year < thisYear) await page.getByRole('button', { name: /Previous|Anterior/i }).click();
  await page.getByRole('button', { name: new RegExp(`^${monthName(target).slice(0, 3)}`, 'i') }).click();
  await expect(page.getByRole('button', { name: 'Seguimiento desde' })).toHaveText(
    new RegExp(`^${monthTitle(target)}$`, 'i'),
  );
}

test("setting 'Seguimiento desde' turns a company's late cells of earlier months into N/A on both boards", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const headers = await ownerHeaders(request);
  const created = await request.post('/api/service', {
    headers,
    data: { name: uniqueName('F29'), startMonthDay: 1, lastMonthDay: 20, order: 0, dueDay: 1, dueDayElectronic: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const service = (await created.json()).service as { id: number; name: string };
  // Two states: a cell at the last one is done, never late.
  for (const [order, name] of ['Pendiente', 'Declarado'].entries()) {
    const state = await request.post(`/api/service/${service.id}/state`, {
      headers,
      data: { name, color: '#3498DB', pctProgress: order * 100, hasValue: false, showResume: false, order },
    });
    expect(state.status(), await state.text()).toBe(201);
  }
  const company = await createBusinessViaApi(request, uniqueName('Onboarding'));
  await linkServiceViaApi(request, company.id, service.id);
  const collaborator = await createCollaboratorViaApi(request, 'Tomás', uniqueName('Lagos'));
  const task = await createTaskViaApi(request, {
    name: uniqueName('Conciliación'),
    responsableCollaborator: collaborator.id,
    expirationDate: 1,
  });
  await addBusinessToTaskViaApi(request, task.id, company.id);

  // Before: both cells of two months ago are late.
  await signInAsOwner(page, monthUrl('/', late));
  await page.getByLabel('Buscar empresa').fill(company.name);
  await expect(cellButton(page, service.name, company.name)).toHaveAccessibleName(/: Pendiente, Atrasada, venció/);
  await page.goto(monthUrl('/seguimiento-tareas', late));
  await page.getByLabel('Buscar empresa').fill(company.name);
  await expect(cellButton(page, task.name, company.name)).toHaveAccessibleName(/: No comenzado, Atrasada, venció/);

  // The firm tracks it from the current month on.
  await page.goto(`/empresas/${company.id}`);
  await pickTrackingSince(page, current);
  // The company's own form: the page also has the WhatsApp section's 'Guardar'.
  await page.getByRole('region', { name: 'Datos de la empresa' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La empresa se editó correctamente')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Seguimiento desde' })).toHaveText(
    new RegExp(`^${monthTitle(current)}$`, 'i'),
  );

  // After: N/A on both boards (plain text, not a button, no alarm), and the current month still a cell.
  await page.goto(monthUrl('/', late));
  await page.getByLabel('Buscar empresa').fill(company.name);
  const monthlyRow = page.getByRole('row').filter({ hasText: company.name });
  await expect(monthlyRow).toContainText('N/A');
  await expect(cellButton(page, service.name, company.name)).toHaveCount(0);
  await expect(monthlyRow.locator('[data-mark]')).toHaveCount(0);
  await page.goto(monthUrl('/seguimiento-tareas', late));
  await page.getByLabel('Buscar empresa').fill(company.name);
  const taskRow = page.getByRole('row').filter({ hasText: company.name });
  await expect(taskRow).toContainText('N/A');
  await expect(cellButton(page, task.name, company.name)).toHaveCount(0);
  await page.goto(monthUrl('/seguimiento-tareas', current));
  await page.getByLabel('Buscar empresa').fill(company.name);
  await expect(cellButton(page, task.name, company.name)).toHaveAccessibleName(/^.*: No comenzado/);
});
