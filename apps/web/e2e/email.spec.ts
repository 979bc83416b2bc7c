import { expect, type Page, test } from '@playwright/test';
import {
  createBusinessViaApi,
  findOutboxMail,
  ownerHeaders,
  signInAsNewCollaborator,
  signInAsOwner,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

const DATE_TIME = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/;

async function openEmailLog(page: Page) {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Email' }).click();
  await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();
}

async function filterByCompany(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Empresa' }).fill(name);
  await page.getByRole('option', { name }).click();
}

test('an owner sends an e-mail from the envelope icon; the toast and a banner say it is only in the outbox; it is in /email with its detail', async ({
  page,
  request,
}) => {
  const company = await createBusinessViaApi(request, uniqueName('Correo'));
  const marker = `Pago-${Date.now().toString(36)}`;
  const content = `Estimado cliente: el F29 vence pronto. Referencia ${marker}.\nSaludos.`;

  await signInAsOwner(page);
  await page.getByLabel('Buscar empresa').fill(company.name);
  await page.getByRole('button', { name: `Enviar correo a ${company.name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Enviar correo' });

  // The company's contact is preset; every field is required; a bad address is marked.
  await expect(modal.getByText('contacto@empresa.cl')).toBeVisible();
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByText('Campo requerido')).toHaveCount(2);
  const recipients = modal.getByRole('combobox', { name: 'Destinatarios' });
  await recipients.fill('no-es-correo');
  await recipients.press('Enter');
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByText('Debe ser un email válido: no-es-correo')).toBeVisible();
  await modal.getByRole('button', { name: 'Quitar no-es-correo' }).click();
  await recipients.fill('socio@empresa.cl');
  await recipients.press('Enter');

  // The subject offers the two suggestions.
  await modal.getByRole('combobox', { name: 'Asunto' }).click();
  await expect(page.getByRole('option', { name: 'Pago Previsión' })).toBeVisible();
  await page.getByRole('option', { name: 'Pago Impuesto Mensual (F29)' }).click();
  await expect(modal.getByRole('combobox', { name: 'Asunto' })).toHaveValue('Pago Impuesto Mensual (F29)');
  await modal.getByLabel('Contenido').fill(content);
  await modal.getByRole('button', { name: 'Enviar' }).click();

  // Without SMTP_URL (as on these servers) nothing left: the toast says the message was only kept.
  const toast = page.getByRole('alert').filter({ hasText: 'Correo no enviado' });
  await expect(toast).toContainText('Guardado en la bandeja local: el correo no está configurado');
  await expect(page.getByText('Correo enviado correctamente')).toHaveCount(0);
  await expect(modal).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: /El correo no está configurado \(SMTP_URL\)/ }),
  ).toBeVisible();

  // The .eml file went to the outbox, to both addresses.
  const { file, mail } = await findOutboxMail(marker);
  expect(mail).toMatch(/^To: .*contacto@empresa\.cl/m);
  expect(mail).toMatch(/^To: .*socio@empresa\.cl/m);

  // The e-mail log lists it; its detail shows everything with the provider's answer.
  await openEmailLog(page);
  await filterByCompany(page, company.name);
  const row = page.getByRole('row').filter({ hasText: company.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pago Impuesto Mensual (F29)');
  await expect(row.getByRole('cell').nth(2)).toHaveText(DATE_TIME);
  await row.getByRole('button', { name: /Ver detalle del correo/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle del Correo' });
  await expect(detail).toContainText(company.name);
  await expect(detail).toContainText('Pago Impuesto Mensual (F29)');
  await expect(detail).toContainText('contacto@empresa.cl');
  await expect(detail).toContainText('socio@empresa.cl');
  await expect(detail.getByTestId('email-content')).toContainText(marker);
  await expect(detail).toContainText(file);
  await expect(detail.getByRole('button', { name: 'Copiar contenido' })).toBeVisible();
  await expect(detail.getByText('Fallido')).toHaveCount(0);
});

test('the e-mail log pages 30 at a time, filters by company and says when a send failed; the provider failure toast is titled Oops!!', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const headers = await ownerHeaders(request);
  const company = await createBusinessViaApi(request, uniqueName('Bitácora'));
  for (let index = 1; index <= 31; index += 1) {
    const sent = await request.post('/api/utils/send-email', {
      headers,
      data: {
        businessId: company.id,
        emails: ['pagos@empresa.cl'],
        subject: `Aviso ${index}`,
        content: `Aviso ${index}`,
      },
    });
    expect(sent.status()).toBe(200);
  }
  await signInAsOwner(page);
  await openEmailLog(page);
  await filterByCompany(page, company.name);
  await expect(page).toHaveURL(/empresa=\d+/);
  const body = page.getByRole('table').locator('tbody');
  await expect(body.getByRole('row')).toHaveCount(30);
  // Newest first.
  await expect(body.getByRole('row').first()).toContainText('Aviso 31');
  await expect(page.getByText('1-30 de 31')).toBeVisible();
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(body.getByRole('row')).toHaveCount(1);
  await expect(body.getByRole('row').first()).toContainText('Aviso 1');
  await expect(page).toHaveURL(/pagina=2/);
  // Clearing the company shows every company's e-mails from the first page.
  await page.getByRole('button', { name: 'Quitar empresa' }).click();
  await expect(page).toHaveURL(/\/email$/);
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue('');

  // A send the provider refused is marked in the list and in its detail (answer stubbed).
  await page.route(/\/api\/email\?/, (route) =>
    route.fulfill({
      json: {
        count: 1,
        rows: [
          {
            id: 999_999,
            business: null,
            subject: 'Pago Previsión',
            emails: 'pagos@empresa.cl',
            content: 'Hola',
            ok: false,
            delivery: 'failed',
            providerResponse: 'connect ECONNREFUSED 127.0.0.1:587',
            sentBy: null,
            createdAt: '2026-03-12T13:41:00.000Z',
          },
        ],
      },
    }),
  );
  await page.goto('/email');
  const failed = page.getByRole('row').filter({ hasText: 'Pago Previsión' });
  await expect(failed).toContainText('sin empresa');
  await expect(failed).toContainText('Fallido');
  await expect(failed).toContainText('12-03-2026 10:41');
  await failed.getByRole('button', { name: /Ver detalle del correo/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle del Correo' });
  await expect(detail.getByRole('alert')).toContainText('Fallido');
  await expect(detail).toContainText('sin empresa');
  await expect(detail).toContainText('connect ECONNREFUSED 127.0.0.1:587');
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await page.unroute(/\/api\/email\?/);

  // The provider failing answers 502 with a message: the toast is titled 'Oops!!' and the modal stays.
  await page.route('**/api/utils/send-email', (route) =>
    route.fulfill({
      status: 502,
      json: { message: 'No se pudo enviar el correo. Quedó registrado en el historial de correos.' },
    }),
  );
  await page.goto('/');
  await page.getByLabel('Buscar empresa').fill(company.name);
  await page.getByRole('button', { name: `Enviar correo a ${company.name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Enviar correo' });
  await modal.getByRole('combobox', { name: 'Asunto' }).fill('Pago Previsión');
  await modal.getByLabel('Contenido').fill('Hola');
  await modal.getByRole('button', { name: 'Enviar' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Oops!!' });
  await expect(toast).toContainText('No se pudo enviar el correo');
  await expect(modal).toBeVisible();
});

test('only owners have the e-mail log (collaborators still send from the board)', async ({ page, request }) => {
  await signInAsNewCollaborator(page, request, 'Colab');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Email' }),
  ).toHaveCount(0);
  await page.goto('/email');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
});

test('/email at 1280 px and at 700 px', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000); // two widths, each with an accessibility scan
  const company = await createBusinessViaApi(request, uniqueName('Pantalla correo'));
  const sent = await request.post('/api/utils/send-email', {
    headers: await ownerHeaders(request),
    data: {
      businessId: company.id,
      emails: ['pagos@empresa.cl'],
      subject: 'Pago Impuesto Mensual (F29)',
      content: 'Estimado cliente:\nAdjuntamos el detalle del F29 de este mes.\n\nSaludos cordiales.',
    },
  });
  expect(sent.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOwner(page);
  await openEmailLog(page);
  await page.screenshot({ path: testInfo.outputPath('email-1280.png'), fullPage: true });
  await page
    .getByRole('row')
    .filter({ hasText: company.name })
    .getByRole('button', { name: /Ver detalle/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Detalle del Correo' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('email-detail-1280.png') });
  await expectNoSeriousViolations(page);
  await page.getByRole('dialog', { name: 'Detalle del Correo' }).getByRole('button', { name: 'Cerrar' }).click();

  // The send-e-mail modal, with its subject suggestions open.
  await page.goto('/');
  await page.getByLabel('Buscar empresa').fill(company.name);
  await page.getByRole('button', { name: `Enviar correo a ${company.name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Enviar correo' });
  await modal.getByRole('combobox', { name: 'Asunto' }).click();
  await expect(page.getByRole('option', { name: 'Pago Previsión' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('send-email-1280.png') });
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await openEmailLog(page);

  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).not.toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('email-700.png'), fullPage: true });
});
