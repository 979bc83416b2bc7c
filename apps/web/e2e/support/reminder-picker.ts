import { expect, type Locator, type Page } from '@playwright/test';

/** A moment's parts on the firm's clock (America/Santiago), as the reminder picker shows them. */
export function santiagoParts(moment: Date) {
  const parts = new Intl.DateTimeFormat('es-CL', {
    timeZone: 'America/Santiago',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, value]));
  const pad = (value = '') => value.padStart(2, '0');
  return {
    /** The calendar's name of the day's button: '28 noviembre 2026'. */
    dayLabel: `${part.day} ${part.month} ${part.year}`,
    hour: pad(part.hour),
    minute: pad(part.minute),
  };
}

/** The notes form's 'Recordatorio (fecha y hora)' picker. */
export const reminderField = (modal: Locator) => modal.getByRole('button', { name: 'Recordatorio (fecha y hora)' });

/** Opens the reminder picker (its calendar and time inputs): the dropdown is outside the modal. */
export async function openReminderPicker(page: Page, modal: Locator) {
  await reminderField(modal).click();
  const dropdown = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Confirmar fecha y hora' }) });
  await expect(dropdown).toBeVisible();
  return dropdown;
}

/** Chooses the moment's day on the calendar, types its hour and minute and confirms. */
export async function pickReminder(page: Page, modal: Locator, moment: Date) {
  const { dayLabel, hour, minute } = santiagoParts(moment);
  const dropdown = await openReminderPicker(page, modal);
  await dropdown.getByRole('button', { name: dayLabel, exact: true }).click();
  await dropdown.getByLabel('Hora', { exact: true }).fill(hour);
  await dropdown.getByLabel('Minutos', { exact: true }).fill(minute);
  await dropdown.getByRole('button', { name: 'Confirmar fecha y hora' }).click();
  await expect(dropdown).toBeHidden();
}
