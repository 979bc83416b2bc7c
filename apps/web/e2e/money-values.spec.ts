import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  createServiceWithStatesViaApi,
  linkServiceViaApi,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { addBusinessToTaskViaApi, createTaskViaApi } from './support/task-board-fixtures';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cell = (page: Page, column: string, company: string) =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(column)} de ${escapeRegExp(company)}: `) });

const AMBIGUOUS =
  'Monto ambiguo: use el punto solo para separar miles (1.234.567) y la coma para los decimales (1234567,89)';

test('the monthly board reads every Chilean way of writing 1.234.567 pesos, and refuses ambiguous dots, garbage and negatives', async ({
  page,
  request,
}) => {
  const prefix = uniqueName('Montos');
  const service = await createServiceWithStatesViaApi(request, uniqueName('IVA'), [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  const company = await createBusinessViaApi(request, `${prefix} Alfa`);
  await linkServiceViaApi(request, company.id, service.id);
  await signInAsOwner(page);
  await page.getByLabel('Buscar empresa').fill(prefix);

  const modal = page.getByRole('dialog', { name: 'Valor' });
  const input = modal.getByLabel('Valor');
  const openModal = async () => {
    await cell(page, service.name, company.name).click();
    await page.getByRole('menuitem', { name: 'Pagado' }).click();
    await expect(input).toBeFocused();
  };

  await openModal();
  for (const [typed, message] of [
    ['1234567.89', AMBIGUOUS],
    ['1234.5', AMBIGUOUS],
    ['1.23', AMBIGUOUS],
    ['doce mil', 'Ingrese un monto en pesos, por ejemplo 1.234.567'],
    ['-1.000', 'El monto no puede ser negativo'],
  ] as const) {
    await input.fill(typed);
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(modal.getByText(message), typed).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal).toBeHidden();

  for (const typed of ['1234567,89', '1.234.567', '1234567', '$1.234.567']) {
    await openModal();
    await input.fill(typed);
    const sent = page.waitForRequest((req) => req.method() === 'PUT' && req.url().includes('/api/monthly-states/'));
    await modal.getByRole('button', { name: 'Guardar' }).click();
    expect((await sent).postDataJSON().optionalValue, typed).toBe(1_234_567);
    await expect(modal).toBeHidden();
    await expect(cell(page, service.name, company.name)).toHaveText('$1.234.567');
  }

  // The modal offers the saved value again, written as money; a typed amount is rewritten so on leaving the field.
  await openModal();
  await expect(input).toHaveValue('1.234.567');
  await input.fill('89000,5');
  await input.blur();
  await expect(input).toHaveValue('89.000');
});

test('the task board value modal writes an amount as money and refuses an ambiguous one; free text stays as typed', async ({
  page,
  request,
}) => {
  const prefix = uniqueName('Montos tarea');
  const javier = await createCollaboratorViaApi(request, 'Javier', 'Pérez');
  const company = await createBusinessViaApi(request, `${prefix} Alfa`);
  const task = await createTaskViaApi(request, { name: uniqueName('Retención'), responsableCollaborator: javier.id });
  await addBusinessToTaskViaApi(request, task.id, company.id);
  await signInAsOwner(page, '/seguimiento-tareas');
  await page.getByLabel('Buscar empresa').fill(prefix);

  const modal = page.getByRole('dialog', { name: 'Valor' });
  const input = modal.getByLabel('Valor (opcional)');
  const openModal = async () => {
    await cell(page, task.name, company.name).click();
    await page.getByRole('menuitem', { name: 'Valor' }).click();
    await expect(input).toBeFocused();
  };

  await openModal();
  await input.fill('1234.5');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText(AMBIGUOUS)).toBeVisible();
  await input.fill('1234567,89');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(cell(page, task.name, company.name)).toHaveText('$1.234.567');

  await openModal();
  await input.fill('Folio 4512');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(cell(page, task.name, company.name)).toHaveText('Folio 4512');
});
