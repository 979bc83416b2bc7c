import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createServiceViaApi,
  ownerHeaders,
  signInAsOwner,
  toggleSwitch,
  uniqueName,
  uniqueRut,
} from './support/fixtures';
import { expectText } from './support/page-checks';

/**
 * Screens keep their answers cached for a while (lib/query-client.ts), so a change made on one
 * screen must reach the others through the mutations' invalidations. Every step here navigates
 * inside the app (menu and links, never a reload or page.goto) after the other screen has already
 * been shown once, i.e. while its answer is cached and still fresh.
 */

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
async function openServiceFromMenu(page: Page, serviceName: string) {
  await menu(page).getByRole('link', { name: 'Servicios', exact: true }).click();
  await page.getByRole('link', { name: `Editar ${serviceName}` }).click();
  await expect(page.getByRole('heading', { name: serviceName, level: 1 })).toBeVisible();
}

async function openGroupFromMenu(page: Page, groupName: string) {
  await menu(page).getByRole('link', { name: 'Grupos de empresas' }).click();
  await page.getByRole('link', { name: `Editar ${groupName}` }).click();
  await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
}

/** Narrows the group's companies to one name: the list pages 50 at a time, and other tests add companies. */
async function findInGroup(page: Page, companyName: string) {
  await page.getByLabel('Buscar empresa').fill(companyName);
}

test('a service switched on from the company page shows on in the service page, and switched off there shows on the company page, without a reload', async ({
  page,
  request,
}) => {
  const business = await createBusinessViaApi(request, uniqueName('Imprenta'), { startContract: '2024-03-01' });
  const serviceName = uniqueName('PPM');
  await createServiceViaApi(request, serviceName);

  await signInAsOwner(page);
  // The service page first: its company rows are now cached with the company not linked.
  await openServiceFromMenu(page, serviceName);
  const companyRow = page.getByRole('region', { name: 'Empresas' }).getByRole('row').filter({ hasText: business.name });
  const companySwitch = companyRow.getByRole('switch', { name: `Servicio activo en ${business.name}` });
  await expect(companySwitch).not.toBeChecked();

  // To the company through its link, and activate the service there.
  await companyRow.getByRole('link', { name: business.name }).click();
  await expect(page.getByRole('heading', { name: business.name, level: 1 })).toBeVisible();
  const serviceRow = page.getByRole('row').filter({ hasText: serviceName });
  await expect(serviceRow.getByRole('cell').nth(1)).toHaveText('No');
  await serviceRow.getByRole('button', { name: /^Activar/ }).click();
  const activate = page.getByRole('dialog', { name: 'Activar servicio' });
  await activate.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Servicio activado.');
  await expect(serviceRow.getByRole('cell').nth(1)).toHaveText('Sí');

  // Back on the service page: the company's switch is on.
  await openServiceFromMenu(page, serviceName);
  await expect(companySwitch).toBeChecked();
  await expect(companyRow).toContainText('01-03-2024');

  // Switched off there, the company page (cached a moment ago) says 'No'.
  await toggleSwitch(companySwitch);
  await expectText(page, 'Servicio desactivado.');
  await expect(companySwitch).not.toBeChecked();
  await companyRow.getByRole('link', { name: business.name }).click();
  await expect(page.getByRole('heading', { name: business.name, level: 1 })).toBeVisible();
  await expect(serviceRow.getByRole('cell').nth(1)).toHaveText('No');
  await expect(serviceRow.getByRole('button', { name: /^Activar/ })).toBeEnabled();
});

test('a company created or deleted on the Empresas page shows in a group detail shown before, without a reload', async ({
  page,
  request,
}) => {
  const doomed = await createBusinessViaApi(request, uniqueName('Lavandería'));
  const groupName = uniqueName('Grupo sur');
  const created = await request.post('/api/business-group', {
    headers: await ownerHeaders(request),
    data: { name: groupName, businessesIds: [doomed.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const name = uniqueName('Vulcanización');
  const rut = uniqueRut();

  await signInAsOwner(page);
  // The group detail first: the companies list and the group are now cached.
  await openGroupFromMenu(page, groupName);
  const doomedSwitch = page.getByRole('switch', { name: `${doomed.name} en el grupo` });
  const newSwitch = page.getByRole('switch', { name: `${name} en el grupo` });
  await findInGroup(page, doomed.name);
  await expect(doomedSwitch).toBeChecked();
  await findInGroup(page, name);
  await expect(newSwitch).toHaveCount(0);

  // A company created on the Empresas page...
  await menu(page).getByRole('link', { name: 'Empresas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva empresa' });
  await modal.getByLabel('Nombre').fill(name);
  await modal.getByLabel('Razón social').fill(`${name} SpA`);
  await modal.getByLabel('Representante legal').fill('Marcela Fuentes');
  await modal.getByLabel(/^RUT/).fill(rut.raw);
  await modal.getByLabel('Inicio de contrato').fill('01-03-2024');
  await modal.getByLabel('Inicio de contrato').press('Tab');
  await modal.getByLabel('Término de contrato').fill('31-12-2026');
  await modal.getByLabel('Término de contrato').press('Tab');
  const contact = modal.getByRole('combobox', { name: 'Contacto' });
  await contact.fill('pagos@vulcanizacion.cl');
  await contact.press('Enter');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'La empresa ha sido creada exitosamente');
  await expect(modal).toBeHidden();

  // ...is offered in the group.
  await openGroupFromMenu(page, groupName);
  await findInGroup(page, name);
  await expect(newSwitch).not.toBeChecked();
  await findInGroup(page, doomed.name);
  await expect(doomedSwitch).toBeChecked();

  // A member deleted on the Empresas page leaves the group, and the next switch saves without it.
  await menu(page).getByRole('link', { name: 'Empresas', exact: true }).click();
  await page
    .getByRole('row')
    .filter({ hasText: doomed.rut })
    .getByRole('button', { name: `Eliminar ${doomed.name}` })
    .click();
  await page.getByRole('dialog', { name: 'Eliminar Empresa' }).getByRole('button', { name: 'Eliminar' }).click();
  await expectText(page, 'Empresa eliminada!');
  await expect(page.getByRole('row').filter({ hasText: doomed.rut })).toHaveCount(0);
  await openGroupFromMenu(page, groupName);
  await findInGroup(page, doomed.name);
  await expect(doomedSwitch).toHaveCount(0);
  await findInGroup(page, name);
  await newSwitch.press('Space');
  await expectText(page, 'Grupo guardado correctamente');
  await expect(newSwitch).toBeChecked();
});
