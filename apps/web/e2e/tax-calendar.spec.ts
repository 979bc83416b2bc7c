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
import { expectText, pageOverflowsSideways, truncatedTexts } from './support/page-checks';

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

test("'Calendario AT': the owner changes a published date and goes back to it, adds one for a year without dates and removes it; the table fits 700 px", async ({
  page,
}) => {
  await signInAsOwner(page, '/calendario-tributario/at/2027');
  await expect(page.getByRole('heading', { name: 'Calendario AT 2027' })).toBeVisible();
  const dj1887 = 'DJ 1887 Sueldos y retenciones (art. 42 N° 1)';
  const row = page.getByRole('row').filter({ hasText: dj1887 });
  await expect(row).toContainText('19-03-2027');
  await expect(row).toContainText('Publicado');

  await row.getByRole('button', { name: `Editar ${dj1887}` }).click();
  const dialog = page.getByRole('dialog', { name: `Fecha de ${dj1887}` });
  await dialog.getByRole('textbox', { name: 'Fecha', exact: true }).fill('2027-03-22');
  await dialog.getByLabel('Confirmada en el calendario del SII').check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Fecha guardada');
  await expect(row).toContainText('22-03-2027');
  await expect(row).toContainText('publicado 19-03-2027');
  await expect(row).toContainText('Confirmada');
  await expect(row).toContainText('Cambiado por el estudio');

  // At 700 px the table scrolls in its box: the page does not, and no badge is cut.
  await page.setViewportSize({ width: 700, height: 900 });
  expect(await pageOverflowsSideways(page)).toBe(false);
  expect(await truncatedTexts(row)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole('button', { name: `Volver a la publicada: ${dj1887}` }).click();
  await expectText(page, 'Se volvió a la fecha del calendario publicado');
  await expect(row).toContainText('19-03-2027');
  await expect(row).toContainText('Publicado');

  // A tax year the app ships no dates for.
  await page.getByRole('link', { name: 'AT 2028' }).click();
  await expect(page.getByRole('heading', { name: 'Calendario AT 2028' })).toBeVisible();
  await expect(page.getByText('No hay fechas para el AT 2028. Agrégalas o impórtalas.')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar fecha' }).click();
  const adding = page.getByRole('dialog', { name: 'Agregar fecha' });
  await adding.getByRole('textbox', { name: 'Clave' }).fill('dj-1887');
  await adding.getByRole('textbox', { name: 'Fecha', exact: true }).fill('2028-03-20');
  await adding.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Fecha guardada');
  const added = page.getByRole('row').filter({ hasText: dj1887 });
  await expect(added).toContainText('20-03-2028');
  await expect(added).toContainText('Agregado por el estudio');
  await added.getByRole('button', { name: `Quitar: ${dj1887}` }).click();
  await expectText(page, 'Fecha eliminada');
  await expect(page.getByText('No hay fechas para el AT 2028. Agrégalas o impórtalas.')).toBeVisible();
});
