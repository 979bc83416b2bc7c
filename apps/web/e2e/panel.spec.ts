import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { PanelProgress } from '@app/shared/schemas/panel';
import { expect, type Page, test } from '@playwright/test';
import {
  businessBody,
  createCollaboratorViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

/** The states and counts the progress chart's text alternative gives for a service ('Pendiente: 2'…). */
async function progressOf(page: Page, period: PanelProgress, service: string) {
  const table = page.getByRole('table', { name: `Avance de ${monthTitle(period)} por servicio` });
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service, exact: true }) });
  await expect(rows.first()).toBeAttached();
  const texts = await rows.getByRole('cell').allTextContents();
  return Object.fromEntries(
    texts.map((text) => {
      const [name, count] = text.split(': ');
      return [name, Number(count?.replace(/\./g, ''))];
    }),
  );
}

/** What the progress chart draws for a service: each part's state and the count written inside it. */
async function drawnProgressOf(page: Page, service: string) {
  const parts = page.locator(`[data-testid="panel-chart"] [data-service="${service}"] [data-state]`);
  await expect(parts.first()).toBeVisible();
  const drawn: Record<string, number> = {};
  for (const part of await parts.all())
    drawn[(await part.getAttribute('data-state')) as string] = Number((await part.textContent())?.replace(/\./g, ''));
  return drawn;
}

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];
const monthTitle = (period: { year: number; month: number }) => `${MONTHS[period.month - 1]} ${period.year}`;

test("'Panel': the progress chart counts as the board does, its bar opens the filtered board; a collaborator sees only their companies; axe clean at 1280 and 390 px", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // two people, two widths, an accessibility scan at each
  const headers = await ownerHeaders(request);
  const collaborator = await createCollaboratorViaApi(request, 'Renata', 'Panel');
  const name = uniqueName('IVA panel');
  const service = await createServiceWithStatesViaApi(request, name, [
    { name: 'Pendiente', color: '#E74C3C' },
    { name: 'Declarado', color: '#2ECC71', pctProgress: 100 },
  ]);
  const companies = [];
  for (const [index, responsibleUserId] of [collaborator.id, collaborator.id, null].entries()) {
    const created = await request.post('/api/business', {
      headers,
      data: { ...businessBody(uniqueName(`Panel ${index + 1}`)), responsibleUserId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const company = (await created.json()).business as { id: number; name: string };
    await linkServiceViaApi(request, company.id, service.id);
    companies.push(company);
  }
  const current = (await (await request.get('/api/panel/progress', { headers })).json()) as PanelProgress;
  const boardUrl = `/api/monthly-states/year/${current.year}/month/${current.month}`;
  // One of the collaborator's companies and the one without an owner are 'Declarado'.
  for (const company of [companies[0], companies[2]]) {
    const saved = await request.put(boardUrl, {
      headers,
      data: { businessId: company?.id, serviceId: service.id, stateId: service.states[1]?.id },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  // The board's count of this service's cells by state name, of every company or of the collaborator's.
  const board = (await (await request.get(boardUrl, { headers })).json()) as MonthlyBoard;
  const stateName = new Map(service.states.map((state) => [state.id, state.name]));
  const boardCounts = (responsible?: number) => {
    const counts: Record<string, number> = {};
    for (const row of board.rows) {
      if (responsible !== undefined && row.business.responsibleUserId !== responsible) continue;
      for (const cell of row.cells)
        if (cell.serviceId === service.id && cell.applies && cell.stateId !== null) {
          const state = stateName.get(cell.stateId) as string;
          counts[state] = (counts[state] ?? 0) + 1;
        }
    }
    return { Pendiente: 0, Declarado: 0, ...counts };
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOwner(page, '/panel');
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
  expect(await progressOf(page, current, name)).toEqual(boardCounts());
  expect(await progressOf(page, current, name)).toEqual({ Pendiente: 1, Declarado: 2 });
  // The bar shows the same counts: a part per state with companies, its count written inside.
  expect(await drawnProgressOf(page, name)).toEqual({ Pendiente: 1, Declarado: 2 });
  await expect(page.getByRole('heading', { name: 'Facturado y cobrado, últimos 12 meses' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Por cobrar según antigüedad' })).toBeVisible();
  await page.screenshot({ path: 'test-results/panel-owner-1280.png', fullPage: true });
  await expectNoSeriousViolations(page);
  // At 390 px the charts stack in one column and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  // The charts take their new width when their container reports it.
  await expect.poll(() => pageOverflowsSideways(page)).toBe(false);
  await page.screenshot({ path: 'test-results/panel-owner-390.png', fullPage: true });
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The collaborator's companies: the chart has this service's row alone, with the board's numbers.
  await page.goto(`/panel?encargado=${collaborator.id}`);
  expect(await progressOf(page, current, name)).toEqual(boardCounts(collaborator.id));
  // The workload follows the same filter: that 'Encargado''s row alone.
  await expect(page.getByRole('table', { name: 'Carga por encargado' }).getByRole('rowheader')).toHaveText([
    'Renata Panel',
  ]);
  const progressChart = page.getByTestId('panel-chart').filter({ hasText: `Avance de ${monthTitle(current)}` });
  // The service's 'Declarado' part of its bar opens the board narrowed to that service, state and owner.
  await progressChart.locator(`[data-service="${name}"] [data-state="Declarado"]`).click();
  await expect(page).toHaveURL(
    `/?anio=${current.year}&mes=${current.month}&orden=${service.id}&estado=${service.states[1]?.id}&encargado=${collaborator.id}`,
  );
  await expect(page.getByRole('row').filter({ hasText: companies[0]?.name as string })).toBeVisible();

  // A collaborator sees their own companies, without the money charts.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, collaborator.email, collaborator.password, '/panel');
  await expect(page.getByText('Tus empresas: las que tienes como encargado')).toBeVisible();
  expect(await progressOf(page, current, name)).toEqual({ Pendiente: 1, Declarado: 1 });
  const workload = page.getByRole('table', { name: 'Carga por encargado' });
  await expect(workload.getByRole('rowheader')).toHaveText(['Renata Panel']);
  await expect(page.getByRole('heading', { name: 'Facturado y cobrado, últimos 12 meses' })).toHaveCount(0);
  // The charts take their new width when their container reports it.
  await expect.poll(() => pageOverflowsSideways(page)).toBe(false);
  await page.screenshot({ path: 'test-results/panel-collaborator-390.png', fullPage: true });
  await expectNoSeriousViolations(page);
});
