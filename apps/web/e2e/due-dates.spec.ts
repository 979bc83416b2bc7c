import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  createServiceViaApi,
  signIn,
  signInAsOwner,
  toggleSwitch,
  uniqueName,
} from './support/fixtures';
import { expectText } from './support/page-checks';

// A service's due days, a company's owner ('Encargado') and electronic filing.

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

test("the service form's due days are validated, saved, listed and survive a reload", async ({ page, request }) => {
  const service = await createServiceViaApi(request, uniqueName('F29'));
  await signInAsOwner(page, `/servicios/${service.id}`);
  const form = section(page, 'Datos del servicio');
  await expect(form.getByLabel('Día de vencimiento', { exact: true })).toHaveValue('');

  await form.getByLabel('Día de vencimiento', { exact: true }).fill('32');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Debe estar entre 1 y 31')).toBeVisible();

  await form.getByLabel('Día de vencimiento', { exact: true }).fill('12');
  await form.getByLabel('Día de vencimiento en línea').fill('20');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Servicio editado correctamente');

  await page.reload();
  await expect(form.getByLabel('Día de vencimiento', { exact: true })).toHaveValue('12');
  await expect(form.getByLabel('Día de vencimiento en línea')).toHaveValue('20');

  // Emptied, the electronic day means "the same day".
  await form.getByLabel('Día de vencimiento en línea').fill('');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'Servicio editado correctamente');
  await page.reload();
  await expect(form.getByLabel('Día de vencimiento en línea')).toHaveValue('');
  await expect(form.getByLabel('Día de vencimiento', { exact: true })).toHaveValue('12');

  await page.goto('/servicios');
  await expect(page.getByRole('row').filter({ hasText: service.name })).toContainText('12 / 12');
});

test("a collaborator sets a company's Encargado and paper filing; the list shows and filters them, kept in the URL", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const lastName = uniqueName('Rojas');
  const collaborator = await createCollaboratorViaApi(request, 'Renata', lastName);
  const owned = await createBusinessViaApi(request, uniqueName('Botillería'));
  const other = await createBusinessViaApi(request, uniqueName('Librería'));
  await signIn(page, collaborator.email, collaborator.password, `/empresas/${owned.id}`);
  const encargado = page.getByRole('combobox', { name: 'Encargado' });
  await expect(encargado).toHaveValue('');
  const filing = page.getByRole('switch', { name: /^Declara y paga en línea/ });
  await expect(filing).toBeChecked();

  await encargado.click();
  await encargado.fill(lastName);
  await page.getByRole('option', { name: `Renata ${lastName}` }).click();
  await toggleSwitch(filing);
  await expect(filing).not.toBeChecked();
  // The company's own form: the page also has the WhatsApp section's 'Guardar'.
  await page.getByRole('region', { name: 'Datos de la empresa' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La empresa se editó correctamente')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveValue(`Renata ${lastName}`);
  await expect(page.getByRole('switch', { name: /^Declara y paga en línea/ })).not.toBeChecked();

  // The list: the column names the owner; 'Mis empresas' keeps it and drops the other, after a reload too.
  await page.goto('/empresas');
  await expect(page.getByRole('row').filter({ hasText: owned.rut })).toContainText(`Renata ${lastName}`);
  await expect(page.getByRole('row').filter({ hasText: other.rut })).toContainText('Sin encargado');
  const filter = page.getByRole('combobox', { name: 'Encargado' });
  await filter.click();
  await page.getByRole('option', { name: 'Mis empresas' }).click();
  // The boards' spelling: the user's own id.
  await expect(page).toHaveURL(new RegExp(`encargado=${collaborator.id}$`));
  await expect(page.getByRole('row').filter({ hasText: owned.rut })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: other.rut })).toHaveCount(0);
  // An old link with ?encargado=mine opens the same list, and its address is rewritten.
  await page.goto('/empresas?encargado=mine');
  await expect(page).toHaveURL(new RegExp(`/empresas\\?encargado=${collaborator.id}$`));
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveValue('Mis empresas');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveValue('Mis empresas');
  await expect(page.getByRole('row').filter({ hasText: owned.rut })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: other.rut })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Encargado' }).click();
  await page.getByRole('option', { name: 'Sin encargado' }).click();
  await expect(page.getByRole('row').filter({ hasText: other.rut })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: owned.rut })).toHaveCount(0);
  // A link naming an owner the filter does not offer (a user since deleted) shows every company, not none.
  await page.goto('/empresas?encargado=999999');
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveValue('Todos');
  await expect(page.getByRole('row').filter({ hasText: owned.rut })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: other.rut })).toBeVisible();
});
