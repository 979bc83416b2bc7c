import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createServiceViaApi,
  ownerHeaders,
  signInAsNewCollaborator,
  signInAsOwner,
  toggleSwitch,
  uniqueName,
} from './support/fixtures';
import { expectText } from './support/page-checks';

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The order this spec's service takes: above every other service's on the shared test server. */
const HIGHEST_ORDER = 9_000;

/**
 * Sorts the services list by 'Orden', highest first: the column's sort button turns the order around,
 * pressed again until the header says descending (a press while the list still loads can be lost).
 */
async function highestOrderFirst(page: Page) {
  const header = page.getByRole('columnheader', { name: 'Orden' });
  await expect(async () => {
    if ((await header.getAttribute('aria-sort')) !== 'descending') await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function addFolder(page: Page, opener: Locator, dialogName: string, name: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Nombre de la carpeta').fill(name);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
}

test('an owner builds a service from nothing, it survives a reload, and deletes it from the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const serviceName = uniqueName('Servicio E2E');
  const businessName = uniqueName('Empresa E2E');
  const business = await createBusinessViaApi(request, businessName);

  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Servicios' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios' })).toBeVisible();

  // The create modal validates with the shared schema and shows its Spanish messages.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo servicio' });
  await expect(create.getByLabel('Orden')).toHaveValue('0');
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expect(create.getByText('Campo requerido').first()).toBeVisible();
  await create.getByLabel('Nombre').fill(serviceName);
  await create.getByLabel('Día inicio').fill('40');
  await create.getByLabel('Día termino').fill('20');
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expect(create.getByText('Debe estar entre 1 y 31')).toBeVisible();
  await create.getByLabel('Día inicio').fill('5');
  // The shared test server holds many services of order 0 and the list pages by 50: the highest order
  // and the list sorted by it, highest first, put this one on the first page.
  await create.getByLabel('Orden').fill(String(HIGHEST_ORDER));
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Servicio creado correctamente');
  await expect(create).toBeHidden();
  await highestOrderFirst(page);
  const listRow = page.getByRole('row').filter({ hasText: serviceName });
  await expect(listRow).toContainText('5');
  await expect(listRow).toContainText('20');

  // Detail: heading, breadcrumb and the edit form.
  await listRow.getByRole('link', { name: `Editar ${serviceName}` }).click();
  await expect(page).toHaveURL(/\/servicios\/\d+$/);
  await expect(page.getByRole('heading', { name: `Editar ${serviceName}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Detalle servicio');
  const form = section(page, 'Datos del servicio');
  await expect(form.getByLabel('Día inicio')).toHaveValue('5');
  await form.getByLabel('Día termino').fill('25');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Servicio editado correctamente');

  // Two states, with a validation message on the way.
  const states = section(page, 'Estados del servicio');
  await states.getByRole('button', { name: 'Nuevo estado' }).click();
  let stateDialog = page.getByRole('dialog', { name: 'Nuevo estado' });
  await stateDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(stateDialog.getByText('Campo requerido').first()).toBeVisible();
  await stateDialog.getByLabel('Nombre').fill('Pendiente');
  await stateDialog.getByLabel('Rojo').check();
  await stateDialog.getByLabel('% de progreso').fill('150');
  await stateDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(stateDialog.getByText('El porcentaje debe ser menor o igual a 100')).toBeVisible();
  await stateDialog.getByLabel('% de progreso').fill('0');
  await stateDialog.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Estado creado correctamente');
  await expect(stateDialog).toBeHidden();

  await states.getByRole('button', { name: 'Nuevo estado' }).click();
  stateDialog = page.getByRole('dialog', { name: 'Nuevo estado' });
  await expect(stateDialog.getByLabel('Orden')).toHaveValue('1');
  await stateDialog.getByLabel('Nombre').fill('Terminado');
  await stateDialog.getByLabel('Verde').check();
  await stateDialog.getByLabel('% de progreso').fill('100');
  await stateDialog.getByLabel('Mostrar en el resumen').check();
  await stateDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(stateDialog).toBeHidden();
  await expect(states.getByRole('row').filter({ hasText: 'Pendiente' })).toContainText('Rojo');
  await expect(states.getByRole('row').filter({ hasText: 'Terminado' })).toContainText('Verde');
  await expect(states.getByRole('row').filter({ hasText: 'Terminado' })).toContainText('100%');

  // A folder tree two levels deep; the subfolder is switched off.
  const folders = section(page, 'Creación de carpetas');
  await folders.getByRole('button', { name: 'Nueva carpeta' }).click();
  const emptyFolder = page.getByRole('dialog', { name: 'Nueva carpeta' });
  await emptyFolder.getByRole('button', { name: 'Guardar' }).click();
  await expect(emptyFolder.getByText('Campo requerido')).toBeVisible();
  await emptyFolder.getByRole('button', { name: 'Cancelar' }).click();
  await addFolder(page, folders.getByRole('button', { name: 'Nueva carpeta' }), 'Nueva carpeta', 'Declaraciones');
  await addFolder(
    page,
    folders.getByRole('button', { name: 'Agregar subcarpeta en Declaraciones' }),
    'Nueva subcarpeta en Declaraciones',
    'Borradores',
  );
  await addFolder(
    page,
    folders.getByRole('button', { name: 'Agregar subcarpeta en Declaraciones' }),
    'Nueva subcarpeta en Declaraciones',
    'Comprobantes',
  );
  const parent = folders.getByRole('listitem', { name: 'Declaraciones' });
  await expect(parent.getByRole('listitem', { name: 'Borradores' })).toBeVisible();
  await expect(parent.getByRole('listitem', { name: 'Comprobantes' })).toBeVisible();
  const borradoresSwitch = folders.getByRole('switch', { name: 'Carpeta Borradores activa' });
  await expect(borradoresSwitch).toBeChecked();
  await toggleSwitch(borradoresSwitch);
  await expectText(page, 'Carpeta editada correctamente');
  await expect(borradoresSwitch).not.toBeChecked();

  // A notification, refused with day 40 first; a second one is deleted.
  const notifications = section(page, 'Creación de notificaciones');
  await notifications.getByRole('button', { name: 'Nueva notificación' }).click();
  let notificationDialog = page.getByRole('dialog', { name: 'Nueva notificación' });
  await notificationDialog.getByLabel('Día').fill('40');
  await notificationDialog.getByLabel('Asunto').fill('Recordatorio de documentos');
  await notificationDialog.getByLabel('Mensaje').fill('Envíenos las facturas del mes.');
  await notificationDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(notificationDialog.getByText('El día debe estar entre 1 y 31')).toBeVisible();
  await notificationDialog.getByLabel('Día').fill('10');
  await notificationDialog.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Notificación creada correctamente');
  await expect(notificationDialog).toBeHidden();

  await notifications.getByRole('button', { name: 'Nueva notificación' }).click();
  notificationDialog = page.getByRole('dialog', { name: 'Nueva notificación' });
  await notificationDialog.getByLabel('Día').fill('15');
  await notificationDialog.getByLabel('Asunto').fill('Aviso temporal');
  await notificationDialog.getByLabel('Mensaje').fill('Se borrará.');
  await notificationDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(notificationDialog).toBeHidden();
  await notifications.getByRole('button', { name: 'Eliminar notificación Aviso temporal' }).click();
  await page.getByRole('dialog', { name: 'Eliminar notificación' }).getByRole('button', { name: 'Eliminar' }).click();
  await expectText(page, 'La notificación se eliminó correctamente');
  await expect(notifications.getByRole('row').filter({ hasText: 'Aviso temporal' })).toHaveCount(0);

  // Months: March off, saved at once.
  const months = section(page, 'Meses activo');
  await toggleSwitch(months.getByRole('switch', { name: 'Marzo' }));
  await expectText(page, 'Meses activos guardados correctamente');
  await expect(months.getByRole('switch', { name: 'Marzo' })).not.toBeChecked();

  // Everything above comes back from the server after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Editar ${serviceName}` })).toBeVisible();
  await expect(section(page, 'Datos del servicio').getByLabel('Día termino')).toHaveValue('25');
  await expect(section(page, 'Meses activo').getByRole('switch', { name: 'Marzo' })).not.toBeChecked();
  await expect(section(page, 'Meses activo').getByRole('switch', { name: 'Abril' })).toBeChecked();
  await expect(
    section(page, 'Creación de carpetas').getByRole('switch', { name: 'Carpeta Borradores activa' }),
  ).not.toBeChecked();
  await expect(
    section(page, 'Creación de carpetas').getByRole('switch', { name: 'Carpeta Declaraciones activa' }),
  ).toBeChecked();
  await expect(section(page, 'Estados del servicio').getByRole('row')).toHaveCount(3);
  await expect(section(page, 'Creación de notificaciones').getByRole('row').filter({ hasText: '10' })).toContainText(
    'Recordatorio de documentos',
  );

  // Companies: one switched on by hand, then 'Desactivar todo' and 'Activar todo'.
  const companies = section(page, 'Empresas');
  const companyRow = companies.getByRole('row').filter({ hasText: businessName });
  await expect(companyRow.getByRole('link', { name: businessName })).toHaveAttribute(
    'href',
    `/empresas/${business.id}`,
  );
  await expect(companyRow).toContainText(business.rut);
  const companySwitch = companyRow.getByRole('switch', { name: `Servicio activo en ${businessName}` });
  await expect(companySwitch).not.toBeChecked();
  await toggleSwitch(companySwitch);
  await expectText(page, 'Servicio activado.');
  await expect(companySwitch).toBeChecked();

  await companies.getByRole('button', { name: 'Desactivar todo', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Desactivar todo' })
    .getByRole('button', { name: 'Desactivar todo', exact: true })
    .click();
  await expectText(page, 'Servicio desactivado en todas las empresas');
  await expect(companySwitch).not.toBeChecked();

  await companies.getByRole('button', { name: 'Activar todo', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Activar todo' })
    .getByRole('button', { name: 'Activar todo', exact: true })
    .click();
  await expectText(page, 'Servicio activado en todas las empresas');
  await expect(companySwitch).toBeChecked();
  await expect(companyRow).toContainText('01-01-2021');

  // Delete from the list: the modal names the company that has the service and warns.
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Servicios' }).click();
  await highestOrderFirst(page);
  await page
    .getByRole('row')
    .filter({ hasText: serviceName })
    .getByRole('button', { name: `Eliminar ${serviceName}` })
    .click();
  const confirm = page.getByRole('dialog', { name: '¿Estás Seguro?' });
  await expect(confirm).toContainText(businessName);
  await expect(confirm).toContainText('irreversible');
  await expect(confirm).toContainText('carpetas, los documentos, los estados de avance');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expectText(page, 'Servicio eliminado!');
  await expect(page.getByRole('row').filter({ hasText: serviceName })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Servicios' })).toBeVisible();
  await highestOrderFirst(page);
  await expect(page.getByRole('row').filter({ hasText: serviceName })).toHaveCount(0);
  const left = (await (await request.get('/api/service', { headers: await ownerHeaders(request) })).json()) as {
    name: string;
  }[];
  expect(left.map((service) => service.name)).not.toContain(serviceName);
});

test('a company start date is edited from the service detail', async ({ page, request }) => {
  const serviceName = uniqueName('Servicio Fecha');
  // 'Empresas' lists every company by name, 50 a page: on the shared test server a name starting with a
  // digit keeps this one on the first page.
  const businessName = uniqueName('0 Empresa Fecha');
  const service = await createServiceViaApi(request, serviceName);
  const business = await createBusinessViaApi(request, businessName);
  const headers = await ownerHeaders(request);
  const link = await request.post(`/api/business/${business.id}/service`, {
    headers,
    data: { serviceId: service.id, startDate: '2024-03-10' },
  });
  expect(link.status()).toBe(201);

  await signInAsOwner(page, `/servicios/${service.id}`);
  const row = page.getByRole('region', { name: 'Empresas' }).getByRole('row').filter({ hasText: businessName });
  const dateButton = row.getByRole('button', { name: `Fecha inicio ${businessName}` });
  await expect(dateButton).toContainText('10-03-2024');
  await dateButton.click();
  await page.getByRole('button', { name: /^15 marzo 2024/ }).click();
  await expectText(page, 'Fecha de inicio actualizada correctamente');
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Empresas' })
      .getByRole('row')
      .filter({ hasText: businessName })
      .getByRole('button', { name: `Fecha inicio ${businessName}` }),
  ).toContainText('15-03-2024');
});

test('at 700 px the service detail fits the screen and its tables scroll inside', async ({ page, request }) => {
  const serviceName = uniqueName('Servicio Angosto');
  const service = await createServiceViaApi(request, serviceName);
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAsOwner(page, `/servicios/${service.id}`);
  await expect(page.getByRole('heading', { name: `Editar ${serviceName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Empresas' }).getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a collaborator does not see Servicios and is sent home from /servicios', async ({ page, request }) => {
  await signInAsNewCollaborator(page, request, 'Ignacio');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Servicios' })).toHaveCount(0);
  await page.goto('/servicios');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hola Ignacio! Bienvenido/a de nuevo' })).toBeVisible();
  await page.goto('/servicios/1');
  await expect(page).toHaveURL(/\/$/);
});
