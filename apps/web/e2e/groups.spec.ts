import { expect, test } from '@playwright/test';
import {
  createBusinessViaApi,
  ownerHeaders,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';

test('an owner creates a group, switches two companies on, sees them after a reload and deletes the group', async ({
  page,
  request,
}) => {
  const first = await createBusinessViaApi(request, uniqueName('Agrícola'));
  const second = await createBusinessViaApi(request, uniqueName('Botillería'));
  const other = await createBusinessViaApi(request, uniqueName('Clínica'));
  const groupName = uniqueName('Grupo norte');

  await signInAsOwner(page);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Grupos de empresas' })
    .click();
  await expect(page.getByRole('heading', { name: 'Grupos de Empresas', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo grupo' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Campo requerido')).toBeVisible();
  await modal.getByLabel('Nombre').fill(groupName);
  await modal.getByLabel('Descripción').fill('Clientes de la zona norte');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Grupo guardado correctamente')).toBeVisible();
  await expect(modal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: groupName });
  await expect(row).toContainText('Clientes de la zona norte');

  await row.getByRole('link', { name: `Editar ${groupName}` }).click();
  await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  const firstSwitch = page.getByRole('switch', { name: `${first.name} en el grupo` });
  const secondSwitch = page.getByRole('switch', { name: `${second.name} en el grupo` });
  const otherSwitch = page.getByRole('switch', { name: `${other.name} en el grupo` });
  await expect(firstSwitch).not.toBeChecked();
  await firstSwitch.press('Space');
  await expect(page.getByText('Grupo guardado correctamente').first()).toBeVisible();
  await expect(firstSwitch).toBeChecked();
  await expect(secondSwitch).toBeEnabled();
  await secondSwitch.press('Space');
  await expect(secondSwitch).toBeChecked();
  await expect(otherSwitch).toBeEnabled();

  // The group's own form saves name and description without touching its companies.
  await page.getByLabel('Descripción').fill('Zona norte y centro');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Grupo guardado correctamente').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Descripción')).toHaveValue('Zona norte y centro');
  await expect(firstSwitch).toBeChecked();
  await expect(secondSwitch).toBeChecked();
  await expect(otherSwitch).not.toBeChecked();

  // Switching one off keeps the other.
  await firstSwitch.press('Space');
  await expect(firstSwitch).not.toBeChecked();
  await expect(secondSwitch).toBeEnabled();
  await page.reload();
  await expect(secondSwitch).toBeChecked();
  await expect(firstSwitch).not.toBeChecked();

  await page
    .getByRole('navigation', { name: 'Ruta de navegación' })
    .getByRole('link', { name: 'Grupos de Empresas' })
    .click();
  await page
    .getByRole('row')
    .filter({ hasText: groupName })
    .getByRole('button', { name: `Eliminar ${groupName}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Grupo' });
  await expect(confirm).toContainText(groupName);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Grupo eliminado correctamente')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: groupName })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Grupos de Empresas', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: groupName })).toHaveCount(0);
});

test('a collaborator sees the groups list without actions and is sent home from a group detail', async ({
  page,
  request,
}) => {
  const groupName = uniqueName('Grupo sur');
  const response = await request.post('/api/business-group', {
    headers: await ownerHeaders(request),
    data: { name: groupName, description: 'Clientes del sur' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { group } = (await response.json()) as { group: { id: number } };
  await signInAsNewCollaborator(page, request, 'Tomás');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Grupos de empresas' }),
  ).toHaveCount(0);
  await page.goto('/grupos-empresas');
  await expect(page.getByRole('heading', { name: 'Grupos de Empresas', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: groupName });
  await expect(row).toContainText('Clientes del sur');
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
  await expect(row.getByRole('link')).toHaveCount(0);
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.goto(`/grupos-empresas/${group.id}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hola Tomás! Bienvenido/a de nuevo' })).toBeVisible();
});
