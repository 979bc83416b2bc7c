import { santiagoDate } from '@app/shared/period';
import { expect, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  ownerHeaders,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';

// October 2026: Monday 12 is a holiday (Encuentro de Dos Mundos), so September's work with due day 12
// falls due on Tuesday 13.

test("'Calendario tributario' shows September's service due on Tuesday 13 October with its company, and the count opens the board", async ({
  page,
  request,
}) => {
  const name = uniqueName('F29 calendario');
  const service = await createServiceWithStatesViaApi(request, name, [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 100 },
  ]);
  const updated = await request.put(`/api/service/${service.id}`, {
    headers: await ownerHeaders(request),
    data: { name, startMonthDay: 1, lastMonthDay: 20, order: 0, dueDay: 12 },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const company = await createBusinessViaApi(request, uniqueName('Calendario'));
  await linkServiceViaApi(request, company.id, service.id);

  await signInAsOwner(page, '/calendario-tributario?anio=2026&mes=10');
  await expect(page.getByTestId('mes-mostrado')).toHaveText('Octubre 2026');
  const tuesday = page.getByRole('cell', { name: '13 de Octubre' });
  const obligation = tuesday.getByTestId('obligacion').filter({ hasText: name });
  // The company's cell is at its first state: pending until the due date, late after it.
  const late = santiagoDate() > '2026-10-13';
  const count = obligation.getByRole('link', { name: late ? '1 atrasada' : '1 pendiente' });
  await expect(count).toHaveAttribute('href', `/?anio=2026&mes=9&orden=${service.id}${late ? '&atrasadas=1' : ''}`);
  await expect(page.getByRole('cell', { name: '12 de Octubre' }).getByText(name)).toHaveCount(0);

  await count.click();
  await expect(page).toHaveURL(new RegExp(`/\\?anio=2026&mes=9&orden=${service.id}`));
  await expect(page.getByRole('row').filter({ hasText: company.name })).toBeVisible();
});
