import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  createCollaboratorViaApi,
  ownerHeaders,
  signIn,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations, expectText } from './support/page-checks';
import { openReminderPicker, pickReminder, reminderField, santiagoParts } from './support/reminder-picker';

/** Today, and a later day, as the screen shows them (DD-MM-YYYY on the firm's clock). */
const santiagoDay = (offsetDays = 0) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Santiago',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(Date.now() + offsetDays * 86_400_000));
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, value]));
  return `${part.day}-${part.month}-${part.year}`;
};

async function openNotes(page: Page) {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Notas' }).click();
  await expect(page).toHaveURL(/\/notas$/);
  await expect(page.getByRole('heading', { name: 'Notas', level: 1 })).toBeVisible();
}

const noteCard = (scope: Page | Locator, text: string) => scope.getByTestId('note-card').filter({ hasText: text });

test('an owner writes a note for a collaborator with a reminder, marks it done and not done, and deletes it', async ({
  page,
  request,
}) => {
  const collaborator = await createCollaboratorViaApi(request, 'Noemí', uniqueName('Notas'));
  const assignee = `${collaborator.name} ${collaborator.lastName}`;
  const text = uniqueName('Llamar al contador por el F29');

  await signInAsOwner(page);
  await openNotes(page);
  const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(breadcrumb.getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(breadcrumb.getByText('Notas')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('Fecha de Creación (desc)');
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveValue('Selecciona un Encargado.');

  await page.getByRole('button', { name: 'Añadir Nueva Nota' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva Nota' });
  // The description is required, as the shared schema says.
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Campo requerido')).toBeVisible();
  await modal.getByLabel('Descripción').fill(text);
  // The assignee starts as the signed-in owner.
  await expect(modal.getByRole('combobox', { name: 'Encargado' })).toHaveValue('Administrador');
  await modal.getByRole('combobox', { name: 'Encargado' }).fill(collaborator.lastName);
  await page.getByRole('option', { name: assignee }).click();
  // The reminder is a day and a time on one picker, in Santiago time.
  // Tomorrow in Santiago (from 21:00 there, UTC is already a day ahead), at 13:30 UTC: 10:30 in summer.
  const reminderDay = santiagoDay(1);
  const [day, month, year] = reminderDay.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year!, month! - 1, day, 13, 30));
  await pickReminder(page, modal, tomorrow);
  await expect(reminderField(modal)).toHaveText(`${reminderDay} ${santiagoParts(tomorrow).hour}:30`);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();

  // It is listed under today, with its assignee and reminder.
  const today = page.getByRole('region', { name: santiagoDay() });
  const card = noteCard(today, text);
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Encargado: ${assignee}`);
  const reminderText = `${reminderDay} ${santiagoParts(tomorrow).hour}:30`;
  await expect(card).toContainText(`Recordatorio: ${reminderText}`);
  await expect(card.getByTestId('reminder-status')).toHaveText('Recordatorio pendiente');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('notes-screen.png'), fullPage: true });

  // Done: greyed, 'Tarea Realizada', no pencil; not done again: the pencil is back.
  const done = card.getByRole('checkbox', { name: /^Realizada: / });
  await done.check();
  await expect(card).toHaveAttribute('data-done', 'true');
  await expect(card.getByText('Tarea Realizada')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Editar nota/ })).toHaveCount(0);
  // Greyed, yet every text keeps its contrast.
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('notes-screen-done.png'), fullPage: true });
  await done.uncheck();
  await expect(card).not.toHaveAttribute('data-done');
  await expect(card.getByText('Tarea Realizada')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Editar nota/ })).toBeVisible();

  // Editing starts from the saved note; clearing the picker takes the reminder away.
  await card.getByRole('button', { name: /^Editar nota/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Nota' });
  await expect(edit.getByLabel('Descripción')).toHaveValue(text);
  await expect(reminderField(edit)).toHaveText(reminderText);
  await edit.getByRole('button', { name: 'Borrar recordatorio' }).click();
  await expect(reminderField(edit)).toHaveText('DD-MM-AAAA HH:mm');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(card).not.toContainText('Recordatorio');

  // The Encargado filter lists only that collaborator's notes.
  await page.getByRole('combobox', { name: 'Encargado' }).fill(collaborator.lastName);
  await page.getByRole('option', { name: assignee }).click();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(noteCard(page, text)).toBeVisible();

  await card.getByRole('button', { name: /^Eliminar nota/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Nota' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expectText(page, 'La nota se eliminó correctamente');
  await expect(noteCard(page, text)).toHaveCount(0);
});

test('the reminder picker offers no past day, and the server refuses a past reminder with its message', async ({
  page,
  request,
}) => {
  await signInAsOwner(page);
  await openNotes(page);
  await page.getByRole('button', { name: 'Añadir Nueva Nota' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva Nota' });
  const dropdown = await openReminderPicker(page, modal);
  const day = (moment: Date) => dropdown.getByRole('button', { name: santiagoParts(moment).dayLabel, exact: true });
  // Yesterday (and every earlier day the calendar shows, the past month's included) is disabled; today and tomorrow are not.
  await expect(day(new Date(Date.now() - 86_400_000))).toBeDisabled();
  // The past month's last day, shown before this month's first, is disabled too.
  const now = new Date();
  const previousMonthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0, 15));
  await expect(day(previousMonthEnd)).toBeDisabled();
  await expect(day(new Date())).toBeEnabled();
  await expect(day(new Date(Date.now() + 86_400_000))).toBeEnabled();
  await expect(dropdown.getByLabel('Hora', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notes-reminder-picker.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('notes-reminder-picker-390.png') });
  await page.keyboard.press('Escape');

  const response = await request.post('/api/note', {
    headers: await ownerHeaders(request),
    data: { description: 'Ayer', reminder: new Date(Date.now() - 86_400_000).toISOString() },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).message).toBe('El recordatorio debe ser una fecha y hora futura');
});

test('a note’s card says when its reminder went out, and that its e-mail only reached the outbox without SMTP', async ({
  page,
  request,
}) => {
  const text = uniqueName('Pagar la patente');
  // Due now: the scheduler (a 5-second tick here) sends it at once.
  const reminder = new Date(Date.now() - 5_000).toISOString();
  const response = await request.post('/api/note', {
    headers: await ownerHeaders(request),
    data: { description: text, reminder },
  });
  expect(response.status(), await response.text()).toBe(201);

  await signInAsOwner(page);
  await openNotes(page);
  const status = noteCard(page, text).getByTestId('reminder-status');
  // The e2e server has no SMTP_URL: the mail is kept in its outbox, so the card never says 'enviado'.
  await expect
    .poll(
      async () => {
        await page.reload();
        return status.textContent();
      },
      { timeout: 30_000, intervals: [2_000] },
    )
    .toMatch(
      /^Recordatorio no enviado por correo: quedó en la bandeja local del servidor \(\d{2}-\d{2}-\d{4} \d{2}:\d{2}\)$/,
    );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('notes-reminder-status-390.png'), fullPage: true });
});

test("'Mas antiguo (asc)' lists a collaborator's notes oldest first", async ({ page, request }) => {
  const collaborator = await createCollaboratorViaApi(request, 'Orden', uniqueName('Notas'));
  const headers = await ownerHeaders(request);
  for (const description of ['Primera nota', 'Segunda nota']) {
    const response = await request.post('/api/note', { headers, data: { description, userId: collaborator.id } });
    expect(response.status(), await response.text()).toBe(201);
  }

  await signInAsOwner(page, '/notas');
  await page.getByRole('combobox', { name: 'Encargado' }).fill(collaborator.lastName);
  await page.getByRole('option', { name: `${collaborator.name} ${collaborator.lastName}` }).click();
  const cards = page.getByTestId('note-card');
  await expect(cards).toHaveText([/Segunda nota/, /Primera nota/]);
  await page.getByRole('combobox', { name: 'Ordenar por' }).click();
  await page.getByRole('option', { name: 'Mas antiguo (asc)' }).click();
  await expect(cards).toHaveText([/Primera nota/, /Segunda nota/]);
});

test('a collaborator sees only their own notes and can only tick them done', async ({ page, request }) => {
  const collaborator = await createCollaboratorViaApi(request, 'Colaborador', uniqueName('Notas'));
  const headers = await ownerHeaders(request);
  const theirs = uniqueName('Revisar libro de compras');
  const someoneElses = uniqueName('Nota de la dueña');
  for (const data of [{ description: theirs, userId: collaborator.id }, { description: someoneElses }]) {
    const response = await request.post('/api/note', { headers, data });
    expect(response.status(), await response.text()).toBe(201);
  }

  await signIn(page, collaborator.email, collaborator.password);
  await openNotes(page);
  const card = noteCard(page, theirs);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(page.getByText(someoneElses)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Añadir Nueva Nota' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Encargado' })).toHaveCount(0);
  await expect(card.getByRole('button')).toHaveCount(0);

  await card.getByRole('checkbox', { name: /^Realizada: / }).check();
  await expect(card.getByText('Tarea Realizada')).toBeVisible();
  await page.reload();
  await expect(noteCard(page, theirs).getByRole('checkbox')).toBeChecked();
});

test('a client typing /notas lands on Inicio, with no Notas in the menu', async ({ page, request }) => {
  const business = await createBusinessViaApi(request, uniqueName('Empresa Notas'));
  const email = uniqueEmail('cliente.notas');
  const response = await request.post('/api/user', {
    headers: await ownerHeaders(request),
    data: {
      name: 'Cliente',
      lastName: 'Notas',
      email,
      role: 'client',
      password: 'clave-cliente-1',
      businessId: business.id,
    },
  });
  expect(response.status(), await response.text()).toBe(201);

  await signIn(page, email, 'clave-cliente-1');
  await expect(page.getByRole('link', { name: 'Notas' })).toHaveCount(0);
  await page.goto('/notas');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
});
