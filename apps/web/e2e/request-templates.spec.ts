import { type Period, santiagoDate } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import { createFolderViaApi } from './support/documents-fixtures';
import {
  apiToken,
  createBusinessViaApi,
  createServiceViaApi,
  findOutboxMail,
  linkServiceViaApi,
  ownerHeaders,
  signInAsOwner,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { monthTitle } from './support/months';
import { expectNoSeriousViolations } from './support/page-checks';

/** The calendar month before today's in Santiago: what 'Solicitar a todas' offers first. */
function previousCalendarMonth(): Period {
  const [year = 0, month = 0] = santiagoDate().split('-').map(Number);
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The templates' due day: of this month, for the previous month's requests. */
const DUE_DAY = 28;
/** Past the due day a request not complete is 'Atrasada' whatever else it has. */
const overdue = () => Number(santiagoDate().slice(8, 10)) > DUE_DAY;

/** 'DD-MM-YYYY' of a day of the month after a period. */
function dayOfNextMonth(period: Period, day: number) {
  const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 };
  return `${String(day).padStart(2, '0')}-${String(next.month).padStart(2, '0')}-${next.year}`;
}

const documentsPath = (businessId: number, { year, month }: Period) =>
  `/documentos/empresa/${businessId}?anio=${year}&mes=${month}`;

/** Picks an option of a Mantine select by its visible text. */
async function choose(page: Page, select: ReturnType<Page['getByRole']>, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the owner writes a request template on a service, asks every company for it, reviews the items on a company documents page and writes a request by hand', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const period = previousCalendarMonth();
  const service = await createServiceViaApi(request, uniqueName('Contabilidad'));
  const declaraciones = await createFolderViaApi(request, service.id, { name: uniqueName('Declaraciones') });
  const f29 = await createFolderViaApi(request, service.id, { name: 'F29', parentFolderId: declaraciones.id });
  const bancos = await createFolderViaApi(request, service.id, { name: uniqueName('Bancos') });
  const company = await createBusinessViaApi(request, uniqueName('Comercial Andes'));
  const other = await createBusinessViaApi(request, uniqueName('Ferretería Roble'));
  await linkServiceViaApi(request, company.id, service.id);
  await linkServiceViaApi(request, other.id, service.id);
  const title = uniqueName('Documentos del mes');
  const invoices = uniqueName('Facturas de compra');
  const statement = uniqueName('Cartola bancaria');

  await signInAsOwner(page, `/servicios/${service.id}`);
  const section = page.getByRole('region', { name: 'Solicitudes de documentos' });
  await expect(section.getByText('Este servicio aún no tiene plantillas de solicitud')).toBeVisible();

  // A template with two documents; the second one's empty name is refused on its field.
  await section.getByRole('button', { name: 'Nueva plantilla' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva plantilla' });
  await form.getByLabel('Título').fill(title);
  await form.getByRole('textbox', { name: 'Día de vencimiento', exact: true }).fill(String(DUE_DAY));
  await form.getByRole('textbox', { name: 'Documento 1', exact: true }).fill(invoices);
  await choose(page, form.getByRole('combobox', { name: 'Carpeta del documento 1' }), `${declaraciones.name} / F29`);
  await form.getByRole('button', { name: 'Agregar documento' }).click();
  await choose(page, form.getByRole('combobox', { name: 'Carpeta del documento 2' }), bancos.name);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('textbox', { name: 'Documento 2', exact: true })).toHaveAccessibleDescription(
    /Escribe qué documento se pide/,
  );
  await expect(form.getByText('Escribe qué documento se pide')).toBeVisible();
  await expect(form.getByText('Elige la carpeta donde se guardará')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Documento 2', exact: true }).fill(statement);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plantilla de solicitud creada')).toBeVisible();
  await expect(form).toBeHidden();

  const card = section.getByRole('listitem', { name: title });
  await expect(card).toContainText(`Vence el día ${DUE_DAY} del mes siguiente`);
  await expect(card).toContainText('Solo manual');
  await expect(card.getByRole('listitem').filter({ hasText: invoices })).toContainText(
    `${declaraciones.name} / ${f29.name}`,
  );
  await expect(card.getByRole('listitem').filter({ hasText: statement })).toContainText(bancos.name);
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  // 'Solicitar a todas' for the previous month: one request per company; a second send repeats none.
  await card.getByRole('button', { name: 'Solicitar a todas' }).click();
  let send = page.getByRole('dialog', { name: `Solicitar a todas: ${title}` });
  await expect(send.getByRole('button', { name: 'Período' })).toHaveText(new RegExp(`^${monthTitle(period)}$`, 'i'));
  await send.getByRole('button', { name: 'Solicitar', exact: true }).click();
  // Answered once written; the e-mails follow, and without SMTP_URL the answer says they stay in the outbox.
  await expect(
    page.getByText(
      '2 solicitudes creadas; el aviso por correo quedará en la bandeja local (el correo no está configurado) a 2 empresas; el registro de correos muestra cada envío',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(send).toBeHidden();
  await card.getByRole('button', { name: 'Solicitar a todas' }).click();
  send = page.getByRole('dialog', { name: `Solicitar a todas: ${title}` });
  await send.getByRole('button', { name: 'Solicitar', exact: true }).click();
  await expect(page.getByText('0 solicitudes creadas, 2 ya existían')).toBeVisible();

  // The company's documents page of that month lists the request above its folders.
  await page.goto(documentsPath(company.id, period));
  const requests = page.getByRole('region', { name: 'Solicitudes' });
  const sent = requests.getByRole('listitem', { name: title });
  await expect(sent).toContainText(`Estado: ${overdue() ? 'Atrasada' : 'Pendiente'}`);
  await expect(sent).toContainText('0 de 2 recibidos');
  await expect(sent).toContainText(`Vence el ${dayOfNextMonth(period, DUE_DAY)}`);
  const invoiceItem = sent.getByRole('listitem', { name: invoices });
  const statementItem = sent.getByRole('listitem', { name: statement });
  await expect(invoiceItem).toContainText('Pendiente');
  await expect(invoiceItem).toContainText('Aún no se ha enviado nada');

  // 'Pedir de nuevo' needs a comment; the client gets it by e-mail, and the e-mail log lists it.
  const comment = `Falta la factura ${Date.now().toString(36)} de la página 2`;
  await invoiceItem.getByRole('button', { name: `Pedir de nuevo: ${invoices}` }).click();
  const askAgain = page.getByRole('dialog', { name: `Pedir de nuevo: ${invoices}` });
  await askAgain.getByRole('button', { name: 'Pedir de nuevo' }).click();
  await expect(askAgain.getByText('Escribe qué falta o qué hay que corregir')).toBeVisible();
  await askAgain.getByLabel('Comentario para el cliente').fill(comment);
  await askAgain.getByRole('button', { name: 'Pedir de nuevo' }).click();
  await expect(page.getByText('Se pidió de nuevo el documento al cliente')).toBeVisible();
  await expect(askAgain).toBeHidden();
  await expect(invoiceItem).toContainText('Pedido de nuevo');
  await expect(invoiceItem).toContainText(comment);
  const { mail } = await findOutboxMail(comment);
  expect(mail).toMatch(/^To: .*contacto@empresa\.cl/m);

  // 'Marcar recibido': the state turns 'Parcial', and the item can be put back to pending.
  await statementItem.getByRole('button', { name: `Marcar recibido: ${statement}` }).click();
  await expect(page.getByText('Documento marcado como recibido')).toBeVisible();
  await expect(statementItem).toContainText('Recibido');
  await expect(sent).toContainText('1 de 2 recibidos');
  await expect(sent).toContainText(`Estado: ${overdue() ? 'Atrasada' : 'Parcial'}`);
  await expect(statementItem.getByRole('button', { name: `Volver a pendiente: ${statement}` })).toBeVisible();
  await expect(statementItem.getByRole('button', { name: `Marcar recibido: ${statement}` })).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  // The e-mail log lists the request's first mail and the one asking again.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Email' }).click();
  await page.getByRole('combobox', { name: 'Empresa' }).fill(company.name);
  await page.getByRole('option', { name: company.name }).click();
  await expect(page.getByRole('row').filter({ hasText: `Necesitamos de nuevo: ${invoices}` })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `${title} - ${company.name}` })).toHaveCount(1);

  // A request written by hand, into one of the month's folders; then deleted.
  await page.goto(documentsPath(company.id, period));
  const manualTitle = uniqueName('Libro de remuneraciones');
  await requests.getByRole('button', { name: 'Nueva solicitud' }).click();
  const create = page.getByRole('dialog', { name: 'Nueva solicitud' });
  await create.getByLabel('Título').fill(manualTitle);
  await create.getByRole('textbox', { name: 'Fecha límite' }).fill(dayOfNextMonth(period, 20));
  await create.getByRole('textbox', { name: 'Documento 1', exact: true }).fill('Liquidaciones de sueldo');
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expect(create.getByText('Elige la carpeta donde se guardará')).toBeVisible();
  await choose(
    page,
    create.getByRole('combobox', { name: 'Carpeta del documento 1' }),
    `${bancos.name} - ${service.name}`,
  );
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByText('Solicitud creada. Guardado en la bandeja local: el correo no está configurado'),
  ).toBeVisible();
  await expect(create).toBeHidden();
  const manual = requests.getByRole('listitem', { name: manualTitle });
  await expect(manual).toContainText(`Vence el ${dayOfNextMonth(period, 20)}`);
  await expect(manual).toContainText('0 de 1 recibido');
  await expect(manual.getByRole('listitem', { name: 'Liquidaciones de sueldo' })).toContainText(bancos.name);

  await manual.getByRole('button', { name: `Eliminar solicitud: ${manualTitle}` }).click();
  await page.getByRole('dialog', { name: 'Eliminar solicitud' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Solicitud eliminada')).toBeVisible();
  await expect(manual).toHaveCount(0);
  await expect(sent).toBeVisible();

  // Back on the service: the template is edited (it now goes out by itself) and then deleted; the
  // requests already sent stay.
  await page.goto(`/servicios/${service.id}`);
  await card.getByRole('button', { name: `Editar plantilla ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar plantilla' });
  await expect(edit.getByRole('textbox', { name: 'Documento 2', exact: true })).toHaveValue(statement);
  await edit.getByRole('textbox', { name: 'Día de envío automático' }).fill('5');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plantilla de solicitud actualizada')).toBeVisible();
  await expect(card).toContainText('Se envía sola el día 5');
  await card.getByRole('button', { name: `Eliminar plantilla ${title}` }).click();
  await page.getByRole('dialog', { name: 'Eliminar plantilla' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Plantilla de solicitud eliminada')).toBeVisible();
  await expect(section.getByText('Este servicio aún no tiene plantillas de solicitud')).toBeVisible();
  await page.goto(documentsPath(company.id, period));
  await expect(sent).toContainText('1 de 2 recibidos');
});

test('a folder template lets clients upload: the switch in its form and the mark in the tree', async ({
  page,
  request,
}) => {
  const service = await createServiceViaApi(request, uniqueName('Remuneraciones'));
  const folder = await createFolderViaApi(request, service.id, { name: uniqueName('Respaldos') });
  await signInAsOwner(page, `/servicios/${service.id}`);
  const tree = page.getByRole('list', { name: 'Árbol de carpetas' });
  const row = tree.getByRole('listitem', { name: folder.name });
  await expect(row.getByText('El cliente puede subir')).toHaveCount(0);

  await row.getByRole('button', { name: `Editar carpeta ${folder.name}` }).click();
  const form = page.getByRole('dialog', { name: 'Editar carpeta' });
  const canUpload = form.getByRole('switch', { name: 'El cliente puede subir' });
  await expect(canUpload).not.toBeChecked();
  await canUpload.press('Space');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(row.getByText('El cliente puede subir')).toBeVisible();

  // It is kept: the form opens with it on after a reload.
  await page.reload();
  await tree.getByRole('button', { name: `Editar carpeta ${folder.name}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Editar carpeta' }).getByRole('switch', { name: 'El cliente puede subir' }),
  ).toBeChecked();
});

/** A real 1×1 PNG, as a phone photo of a receipt would arrive (the server checks the content). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test("a client's upload against an item reaches the staff's documents page live, marked 'Cliente' with its type", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const period = previousCalendarMonth();
  const service = await createServiceViaApi(request, uniqueName('Contabilidad'));
  const folder = await createFolderViaApi(request, service.id, { name: uniqueName('Boletas') });
  const company = await createBusinessViaApi(request, uniqueName('Panadería Sur'));
  await linkServiceViaApi(request, company.id, service.id);
  const headers = await ownerHeaders(request);
  const client = { email: uniqueEmail('cliente'), password: 'clave-cliente-1' };
  const user = await request.post('/api/user', {
    headers,
    data: { name: 'Camila', lastName: 'Rojas', role: 'client', businessId: company.id, ...client },
  });
  expect(user.status(), await user.text()).toBe(201);
  const title = uniqueName('Boletas del mes');
  const itemName = uniqueName('Boleta de luz');
  const created = await request.post('/api/requests', {
    headers,
    data: {
      businessId: company.id,
      ...period,
      title,
      dueDate: `${period.month === 12 ? period.year + 1 : period.year}-${String((period.month % 12) + 1).padStart(2, '0')}-28`,
      items: [{ name: itemName, serviceFolderId: folder.id }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const itemId = (await created.json()).request.items[0].id as number;

  await signInAsOwner(page, documentsPath(company.id, period));
  const item = page.getByRole('region', { name: 'Solicitudes' }).getByRole('listitem', { name: itemName });
  await expect(item).toContainText('Pendiente');

  // The client sends a photo from the portal; the open page shows it without a reload.
  const photo = `foto-${Date.now().toString(36)}.png`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), photo);
  const upload = await request.post(`/api/request-item/${itemId}/file`, {
    headers: { authorization: `Bearer ${await apiToken(request, client.email, client.password)}` },
    multipart: form,
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await expect(item).toContainText('Enviado');
  const file = item.getByRole('listitem').filter({ hasText: photo });
  await expect(file).toContainText('Cliente');
  await expect(file).toContainText(/PNG · \d+ B · \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(file.getByRole('link', { name: photo })).toHaveAttribute('href', /\/api\/download\//);
  await expect(page.getByRole('listitem', { name: title })).toContainText('1 por revisar');
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  // The folder's file list says the same.
  await page.getByRole('link', { name: `${folder.name} - ${service.name}` }).click();
  // The folder's page, not the company's (whose requests list the photo too).
  await expect(page.getByRole('region', { name: 'Solicitudes' })).toHaveCount(0);
  const row = page.getByRole('listitem').filter({ hasText: photo });
  await expect(row).toContainText('Cliente');
  await expect(row).toContainText('PNG ·');
  await page.goBack();

  // Accepting it: 'Recibido', and the request is complete.
  await item.getByRole('button', { name: `Marcar recibido: ${itemName}` }).click();
  await expect(item).toContainText('Recibido');
  await expect(page.getByRole('listitem', { name: title })).toContainText('Estado: Completa');
  await expect(page.getByRole('listitem', { name: title })).toContainText('1 de 1 recibido');
});

test("the server's refusal of a template's folder shows under that folder's select, and the form stays open", async ({
  page,
  request,
}) => {
  const service = await createServiceViaApi(request, uniqueName('Tributario'));
  const folder = await createFolderViaApi(request, service.id, { name: uniqueName('Declaraciones') });
  await signInAsOwner(page, `/servicios/${service.id}`);
  // The server's answer when the chosen folder no longer belongs to the service (its check, not the form's).
  await page.route(`**/api/service/${service.id}/request-template`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: {
            message: 'La carpeta no pertenece a este servicio',
            errors: [{ field: 'items.0.serviceFolderId', message: 'La carpeta no pertenece a este servicio' }],
          },
        })
      : route.fallback(),
  );
  const section = page.getByRole('region', { name: 'Solicitudes de documentos' });
  await section.getByRole('button', { name: 'Nueva plantilla' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva plantilla' });
  await form.getByLabel('Título').fill(uniqueName('IVA'));
  await form.getByRole('textbox', { name: 'Día de vencimiento', exact: true }).fill('20');
  await form.getByRole('textbox', { name: 'Documento 1', exact: true }).fill('Libro de compras');
  await choose(page, form.getByRole('combobox', { name: 'Carpeta del documento 1' }), folder.name);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('combobox', { name: 'Carpeta del documento 1' })).toHaveAccessibleDescription(
    'La carpeta no pertenece a este servicio',
  );
  await expect(form).toBeVisible();
});
