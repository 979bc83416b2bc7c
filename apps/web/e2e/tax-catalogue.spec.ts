import { expect, test } from '@playwright/test';
import { createBusinessViaApi, ownerHeaders, signInAsOwner, toggleSwitch, uniqueName } from './support/fixtures';
import { expectText } from './support/page-checks';

test('an owner loads F29 and Previred from the catalogue, sets a company with employees and activates its suggested obligations', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const business = await createBusinessViaApi(request, uniqueName('Transportes'));

  // ---- Servicios: 'Cargar obligaciones del SII'
  await signInAsOwner(page, '/servicios');
  await page.getByRole('button', { name: 'Cargar obligaciones del SII' }).click();
  const catalogue = page.getByRole('dialog', { name: 'Cargar obligaciones del SII' });
  for (const name of ['F29 IVA y PPM', 'Previred cotizaciones']) {
    const row = catalogue.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Nueva');
    await row.getByRole('checkbox', { name: `Elegir ${name}` }).check();
  }
  await catalogue.getByRole('button', { name: 'Cargar seleccionadas' }).click();
  await expectText(page, 'Se cargaron 2 obligaciones');
  for (const name of ['F29 IVA y PPM', 'Previred cotizaciones']) {
    const row = catalogue.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Cargada');
    await expect(row.getByRole('checkbox')).toBeDisabled();
  }
  await catalogue.getByRole('button', { name: 'Cerrar' }).click();
  await expect(catalogue).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Previred cotizaciones' })).toContainText('10 / 13');

  // ---- The company's tax profile: employees, régimen 14 A
  await page.goto(`/empresas/${business.id}`);
  const data = page.getByRole('region', { name: 'Datos de la empresa' });
  await toggleSwitch(data.getByRole('switch', { name: 'Tiene trabajadores' }));
  await data.getByRole('combobox', { name: 'Régimen tributario', exact: true }).click();
  await page.getByRole('option', { name: '14 A', exact: true }).click();
  await data.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'La empresa se editó correctamente');

  // ---- Suggestions: the two loaded ones to activate, the rest not loaded yet
  const suggestions = page.getByRole('alert', { name: 'Obligaciones según el perfil tributario' });
  await expect(suggestions).toContainText('Según su perfil aplican: F29 IVA y PPM, Previred cotizaciones');
  await expect(suggestions).toContainText(
    'Aún no cargadas en Servicios: Libro de Remuneraciones Electrónico, F22 Operación Renta',
  );
  await suggestions.getByRole('button', { name: 'Activar', exact: true }).click();
  await expectText(page, 'Se activaron 2 obligaciones en la empresa');
  await expect(suggestions).not.toContainText('Según su perfil aplican');

  // Both links are active (read from the company's detail: on the shared test server 'Servicios en
  // empresa' lists every other spec's services too, and draws only the rows in view).
  const detail = await request.get(`/api/business/${business.id}`, { headers: await ownerHeaders(request) });
  const links = ((await detail.json()).business.services as { active: boolean; service: { name: string } }[])
    .filter((link) => link.active)
    .map((link) => link.service.name);
  expect(links.sort()).toEqual(['F29 IVA y PPM', 'Previred cotizaciones']);
});
