import { expect, type Page, test } from '@playwright/test';
import { createUserViaApi, OWNER, signIn, signInAsOwner, uniqueEmail } from './support/fixtures';

async function openUsers(page: Page) {
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
}

test('an owner creates, edits and deletes a staff user, with every validation message', async ({ page }) => {
  const email = uniqueEmail('camila');
  await openUsers(page);
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog', { name: 'Crear usuario' });

  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Este campo es requerido')).toBeVisible();
  await expect(modal.getByText('Debe ser un email válido')).toBeVisible();
  await expect(modal.getByText('La contraseña debe tener 8 o más caracteres')).toBeVisible();

  await modal.getByLabel('Nombre').fill('Camila');
  await modal.getByLabel('Apellido').fill('Araya');
  await modal.getByLabel('Email').fill('no-es-email');
  await modal.getByLabel(/^Contraseña/).fill('clave-segura');
  await modal.getByLabel('Repetir contraseña').fill('otra-clave');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe ser un email válido')).toBeVisible();
  await expect(modal.getByText('La contraseña no coinciden')).toBeVisible();

  // 'Permitir ver calendario' is offered for collaborators only.
  await modal.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Dueño' }).click();
  await expect(modal.getByLabel('Permitir ver calendario')).toHaveCount(0);
  await modal.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Colaborador' }).click();
  await modal.getByLabel('Permitir ver calendario').check();

  // The server refuses a duplicate e-mail, shown under the field.
  await modal.getByLabel('Email').fill(OWNER.email.toUpperCase());
  await modal.getByLabel('Repetir contraseña').fill('clave-segura');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El email ya existe')).toBeVisible();

  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El usuario ha sido creado exitosamente')).toBeVisible();
  await expect(modal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Camila');
  await expect(row).toContainText('Colaborador');

  await row.getByRole('button', { name: 'Editar Camila Araya' }).click();
  const editModal = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(editModal.getByLabel('Nueva contraseña (opcional)')).toHaveValue('');
  await expect(editModal.getByLabel('Permitir ver calendario')).toBeChecked();
  await editModal.getByLabel('Apellido').fill('Araya Fuentes');
  await editModal.getByLabel('Nueva contraseña (opcional)').fill('1234567');
  await editModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(editModal.getByText('La contraseña debe tener 8 o más caracteres')).toBeVisible();
  await editModal.getByLabel('Nueva contraseña (opcional)').fill('');
  await editModal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El usuario se editó correctamente')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Araya Fuentes');

  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: /^Eliminar/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Usuario' });
  await expect(confirm).toContainText('Camila Araya Fuentes');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('El usuario se eliminó correctamente')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // Survives a reload: the list comes from the server.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: OWNER.email })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('the users table sorts by its columns', async ({ page, request }) => {
  await createUserViaApi(request, {
    name: 'Aarón',
    email: uniqueEmail('aaron'),
    role: 'collaborator',
    password: 'clave-segura',
  });
  await createUserViaApi(request, {
    name: 'Zoe',
    email: uniqueEmail('zoe'),
    role: 'collaborator',
    password: 'clave-segura',
  });
  await openUsers(page);
  const firstName = () => page.getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstName()).toHaveText('Aarón');
  await page.getByRole('button', { name: /^Nombre/ }).click();
  await expect(firstName()).toHaveText('Zoe');
});

test('a collaborator does not see Usuarios and is sent home from /usuarios', async ({ page, request }) => {
  const email = uniqueEmail('colab');
  await createUserViaApi(request, { name: 'Tomás', email, role: 'collaborator', password: 'clave-segura' });
  await signIn(page, email, 'clave-segura');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hola Tomás! Bienvenido/a de nuevo' })).toBeVisible();
});
