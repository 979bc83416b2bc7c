import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createServiceViaApi,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
  uniqueRut,
} from './support/fixtures';

async function openCompanies(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Empresas', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
}

test('an owner creates a company typing the RUT without format; wrong RUT, bad e-mail and duplicate RUT are refused', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = uniqueName('Panadería');
  const rut = uniqueRut();
  const wrongDigit = computeRutCheckDigit(rut.body) === '1' ? '2' : '1';
  await signInAsOwner(page);
  await openCompanies(page);

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva empresa' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Campo requerido')).toHaveCount(7);

  await modal.getByLabel('Nombre').fill(name);
  await modal.getByLabel('Razón social').fill(`${name} SpA`);
  await modal.getByLabel('Representante legal').fill('Marcela Fuentes');

  // Dots and dash appear while typing; a wrong check digit is refused.
  await modal.getByLabel(/^RUT/).pressSequentially(`${rut.body}${wrongDigit}`);
  await expect(modal.getByLabel(/^RUT/)).toHaveValue(formatRut(`${rut.body}${wrongDigit}`));
  await modal.getByLabel('Razón social').focus();
  await expect(modal.getByText('No es un rut valido')).toBeVisible();
  await modal.getByLabel(/^RUT/).fill('');
  await modal.getByLabel(/^RUT/).pressSequentially(rut.raw);
  await expect(modal.getByLabel(/^RUT/)).toHaveValue(rut.formatted);
  await modal.getByLabel('Razón social').focus();
  await expect(modal.getByText('No es un rut valido')).toHaveCount(0);

  await modal.getByLabel('Inicio de contrato').fill('01-03-2024');
  await modal.getByLabel('Inicio de contrato').press('Tab');
  await modal.getByLabel('Término de contrato').fill('31-12-2026');
  await modal.getByLabel('Término de contrato').press('Tab');

  // An address that is not an e-mail is marked and keeps the form from saving.
  const contact = modal.getByRole('combobox', { name: 'Contacto' });
  await contact.fill('no-es-correo');
  await contact.press('Enter');
  await expect(modal.getByText('Debe ser un email válido: no-es-correo')).toBeVisible();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Debe ser un email válido: no-es-correo')).toBeVisible();
  await modal.getByRole('button', { name: 'Quitar no-es-correo' }).click();
  await contact.fill('pagos@panaderia.cl');
  await contact.press('Enter');
  await expect(modal.getByText(/Debe ser un email válido/)).toHaveCount(0);

  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La empresa ha sido creada exitosamente')).toBeVisible();
  await expect(modal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: rut.formatted });
  await expect(row).toContainText(name);
  await expect(row).toContainText('01-03-2024');
  await expect(row).toContainText('pagos@panaderia.cl');

  // The same RUT again: the server refuses it and the form shows it on the field.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await modal.getByLabel('Nombre').fill(`${name} bis`);
  await modal.getByLabel('Razón social').fill(`${name} bis SpA`);
  await modal.getByLabel('Representante legal').fill('Otra Persona');
  await modal.getByLabel(/^RUT/).pressSequentially(rut.raw);
  await modal.getByLabel('Inicio de contrato').fill('01-01-2025');
  await modal.getByLabel('Inicio de contrato').press('Tab');
  await modal.getByLabel('Término de contrato').fill('31-12-2025');
  await modal.getByLabel('Término de contrato').press('Tab');
  await modal.getByRole('combobox', { name: 'Contacto' }).fill('otra@panaderia.cl');
  await modal.getByRole('combobox', { name: 'Contacto' }).press('Enter');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Ya existe una empresa con este RUT')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancelar' }).click();

  // The search box filters by RUT typed without format.
  await page.getByLabel('Buscar empresa').fill(rut.raw);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(name);
});

test('company detail: a service is activated, re-dated and deactivated; a client user and a credential are managed; all survives a reload; the company is deleted', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const business = await createBusinessViaApi(request, uniqueName('Ferretería'), { startContract: '2024-03-01' });
  const serviceName = uniqueName('IVA');
  await createServiceViaApi(request, serviceName);
  const clientEmail = uniqueEmail('cliente');
  const portalUser = `${business.rut}`;
  const secret = 'Secreta#2024';

  await signInAsOwner(page, `/empresas/${business.id}`);
  await expect(page.getByRole('heading', { name: business.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText(business.name);
  await expect(page.getByLabel(/^RUT/)).toHaveValue(business.rut);

  // ---- Servicios en empresa
  // The page's recent activity names the same services, users and credentials: rows are looked up in their own section.
  const serviceRow = page
    .getByRole('region', { name: 'Servicios en empresa' })
    .getByRole('row')
    .filter({ hasText: serviceName });
  await expect(serviceRow).toContainText('No');
  await expect(serviceRow).toContainText('N/A');
  await expect(serviceRow.getByRole('button', { name: /^Desactivar/ })).toBeDisabled();
  await expect(serviceRow.getByRole('button', { name: /^Editar/ })).toBeDisabled();
  await serviceRow.getByRole('button', { name: /^Activar/ }).click();
  const activate = page.getByRole('dialog', { name: 'Activar servicio' });
  // The start date defaults to the company's contract start.
  await expect(activate.getByLabel('Fecha de inicio')).toHaveValue('01-03-2024');
  await activate.getByLabel('Fecha de inicio').fill('');
  await activate.getByLabel('Fecha de inicio').press('Tab');
  await activate.getByRole('button', { name: 'Guardar' }).click();
  await expect(activate.getByText('Campo requerido')).toBeVisible();
  await activate.getByLabel('Fecha de inicio').fill('15-04-2024');
  await activate.getByLabel('Fecha de inicio').press('Tab');
  await activate.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Servicio activado.')).toBeVisible();
  await expect(activate).toBeHidden();
  await expect(serviceRow).toContainText('Sí');
  await expect(serviceRow).toContainText('15-04-2024');
  await expect(serviceRow.getByRole('button', { name: /^Activar/ })).toBeDisabled();

  await serviceRow.getByRole('button', { name: /^Editar/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar fecha de inicio' });
  await expect(edit.getByLabel('Fecha de inicio')).toHaveValue('15-04-2024');
  await edit.getByLabel('Fecha de inicio').fill('01-05-2024');
  await edit.getByLabel('Fecha de inicio').press('Tab');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Fecha de inicio actualizada correctamente')).toBeVisible();
  await expect(serviceRow).toContainText('01-05-2024');

  await serviceRow.getByRole('button', { name: /^Desactivar/ }).click();
  const confirmDeactivate = page.getByRole('dialog', { name: 'Desactivar servicio' });
  await confirmDeactivate.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Servicio desactivado.')).toBeVisible();
  await expect(serviceRow.getByRole('cell').nth(1)).toHaveText('No');
  await expect(serviceRow.getByRole('button', { name: /^Activar/ })).toBeEnabled();
  await expect(serviceRow.getByRole('button', { name: /^Editar/ })).toBeDisabled();

  // ---- Usuarios en empresa
  await page.getByRole('button', { name: 'Crear usuario de empresa' }).click();
  const userModal = page.getByRole('dialog', { name: 'Crear usuario de empresa' });
  await userModal.getByLabel('Nombre').fill('Rosa');
  await userModal.getByLabel('Apellido').fill('Pérez');
  await userModal.getByLabel('Email').fill(clientEmail);
  await userModal.getByLabel('Contraseña').fill('1234567');
  await userModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(userModal.getByText('La contraseña debe contener 8 o más caracteres')).toBeVisible();
  await userModal.getByLabel('Contraseña').fill('clave-cliente');
  await userModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El usuario ha sido creado exitosamente')).toBeVisible();
  const clientUsers = page.getByRole('region', { name: 'Usuarios en empresa' });
  const userRow = clientUsers.getByRole('row').filter({ hasText: clientEmail });
  await expect(userRow).toContainText('Rosa Pérez');
  await userRow.getByRole('button', { name: `Editar ${clientEmail}` }).click();
  const editUser = page.getByRole('dialog', { name: 'Editar usuario de empresa' });
  await expect(editUser.getByLabel('Nueva contraseña (opcional)')).toHaveValue('');
  await editUser.getByLabel('Apellido').fill('Pérez Soto');
  await editUser.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El usuario se editó correctamente')).toBeVisible();
  await expect(userRow).toContainText('Rosa Pérez Soto');

  // ---- Contraseñas de empresa (the page's recent activity names the same descriptions)
  const credentials = page.getByRole('region', { name: 'Contraseñas de empresa' });
  await page.getByRole('button', { name: 'Crear contraseña' }).click();
  const credentialModal = page.getByRole('dialog', { name: 'Crear contraseña' });
  await credentialModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(credentialModal.getByText('Este campo es requerido')).toHaveCount(2);
  await expect(credentialModal.getByText('Campo requerido', { exact: true })).toBeVisible();
  await credentialModal.getByLabel('Usuario').fill(portalUser);
  await credentialModal.getByRole('combobox', { name: 'Portal' }).click();
  await page.getByRole('option', { name: 'SII' }).click();
  await credentialModal.getByLabel('Contraseña').fill(secret);
  await credentialModal.getByLabel('Descripción').fill('Clave tributaria');
  await credentialModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña ha sido creada exitosamente')).toBeVisible();
  const credentialRow = credentials.getByRole('row').filter({ hasText: 'Clave tributaria' });
  await expect(credentialRow).toContainText('SII');
  await expect(credentialRow).not.toContainText(secret);
  await credentialRow.getByRole('button', { name: `Mostrar contraseña de ${portalUser} (SII)` }).click();
  await expect(credentialRow).toContainText(secret);
  await credentialRow.getByRole('button', { name: `Ocultar contraseña de ${portalUser} (SII)` }).click();
  await expect(credentialRow).not.toContainText(secret);
  await credentialRow.getByRole('button', { name: `Copiar contraseña de ${portalUser} (SII)` }).click();
  await expect(page.getByText('Contraseña copiada')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  await credentialRow.getByRole('button', { name: `Editar contraseña de ${portalUser} (SII)` }).click();
  const editCredential = page.getByRole('dialog', { name: 'Editar contraseña' });
  // The page never knows the password: left empty, the stored one stays.
  await expect(editCredential.getByLabel('Contraseña')).toHaveValue('');
  await editCredential.getByLabel('Descripción').fill('Clave tributaria SII');
  await editCredential.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña se editó correctamente')).toBeVisible();
  await expect(credentials.getByRole('row').filter({ hasText: 'Clave tributaria SII' })).toBeVisible();

  // ---- Everything comes back from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: business.name, level: 1 })).toBeVisible();
  await expect(serviceRow.getByRole('cell').nth(1)).toHaveText('No');
  await expect(clientUsers.getByRole('row').filter({ hasText: clientEmail })).toContainText('Rosa Pérez Soto');
  const savedCredential = credentials.getByRole('row').filter({ hasText: 'Clave tributaria SII' });
  await expect(savedCredential).toContainText(portalUser);
  await savedCredential.getByRole('button', { name: `Mostrar contraseña de ${portalUser} (SII)` }).click();
  await expect(savedCredential).toContainText(secret);

  await savedCredential.getByRole('button', { name: `Eliminar contraseña de ${portalUser} (SII)` }).click();
  await page.getByRole('dialog', { name: 'Eliminar Contraseña' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('La contraseña ha sido eliminada correctamente')).toBeVisible();
  await expect(credentials.getByRole('row').filter({ hasText: 'Clave tributaria SII' })).toHaveCount(0);

  await clientUsers
    .getByRole('row')
    .filter({ hasText: clientEmail })
    .getByRole('button', { name: `Eliminar ${clientEmail}` })
    .click();
  await page.getByRole('dialog', { name: 'Eliminar Usuario' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('El usuario se eliminó correctamente')).toBeVisible();
  await expect(clientUsers.getByRole('row').filter({ hasText: clientEmail })).toHaveCount(0);

  // ---- Delete the company from the list, with the warning about its clients and files.
  await page
    .getByRole('navigation', { name: 'Ruta de navegación' })
    .getByRole('link', { name: 'Empresas', exact: true })
    .click();
  await page
    .getByRole('row')
    .filter({ hasText: business.rut })
    .getByRole('button', { name: `Eliminar ${business.name}` })
    .click();
  const confirmDelete = page.getByRole('dialog', { name: 'Eliminar Empresa' });
  await expect(confirmDelete).toContainText('Se eliminarán también los clientes y archivos de la empresa.');
  await confirmDelete.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Empresa eliminada!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: business.rut })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: business.rut })).toHaveCount(0);
});

test('a collaborator manages a company but cannot delete it', async ({ page, request }) => {
  const business = await createBusinessViaApi(request, uniqueName('Óptica'), { startContract: '2024-03-01' });
  await signInAsNewCollaborator(page, request, 'Tomás');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Empresas', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Grupos de empresas' })).toHaveCount(0);
  await openCompanies(page);

  const row = page.getByRole('row').filter({ hasText: business.rut });
  await expect(row.getByRole('link', { name: `Editar ${business.name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Eliminar ${business.name}` })).toHaveCount(0);

  await row.getByRole('link', { name: `Editar ${business.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/empresas/${business.id}$`));
  await page.getByLabel('Representante legal').fill('Nuevo Representante');
  // The company's own form: the page also has the WhatsApp section's 'Guardar'.
  await page.getByRole('region', { name: 'Datos de la empresa' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La empresa se editó correctamente')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Representante legal')).toHaveValue('Nuevo Representante');
});

test('at 700 px the companies list and detail do not overflow sideways', async ({ page, request }) => {
  const business = await createBusinessViaApi(request, uniqueName('Librería'), { startContract: '2024-03-01' });
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAsOwner(page);
  for (const path of ['/empresas', `/empresas/${business.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
