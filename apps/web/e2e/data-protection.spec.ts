import { addCalendarDays, extendedRightsDueDate, rightsRequestDueDate } from '@app/shared/data-protection';
import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import { santiagoDate } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from '@playwright/test';
import { NO_GOOGLE_URL } from '../playwright.config';
import { businessFolderIdOf, createFolderViaApi, folderViewViaApi, uploadViaApi } from './support/documents-fixtures';
import {
  createBusinessViaApi,
  createServiceViaApi,
  linkServiceViaApi,
  OWNER,
  ownerHeaders,
  signIn,
  uniqueEmail,
  uniqueName,
} from './support/fixtures';
import { expectNoSeriousViolations, pageOverflowsSideways } from './support/page-checks';

// Everything here runs on the second real server of playwright.config.ts: a published privacy notice
// is shown to every client of its firm before anything else, and a retention proposal lists every old
// file of the firm, so neither may touch the server the other specs' clients and files live on.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test.describe.configure({ mode: 'serial' });

/** A full-page screenshot kept with the test's results, to look at the screen. */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** '2026-12-28' as the screens show it. */
const shown = (isoDate: string) => isoDate.split('-').reverse().join('-');

async function onSecondServer(browser: Browser, viewport: { width: number; height: number }) {
  const { locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    baseURL: NO_GOOGLE_URL,
    locale,
    timezoneId,
    viewport,
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

async function secondServerApi(playwright: PlaywrightWorkerArgs['playwright']): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: NO_GOOGLE_URL });
}

const client = { email: uniqueEmail('titular'), password: 'clave-cliente-1' };
/**
 * The paragraph the owner adds to the starting text, its own in each run of the first test: a retry
 * (or a repeat) on the same server publishes a text other than the version in force, which the
 * screen would not publish again.
 */
let addedParagraph = '';

test('the owner registers an access request, sees its legal deadline and extends it; records an incident; publishes the privacy notice', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const today = santiagoDate();
  // Names of their own: a retry of this test runs again on the same server.
  const late = uniqueName('Rodrigo Vencido');
  const person = uniqueName('Ana Titular');
  const api = await secondServerApi(playwright);
  const { context, page } = await onSecondServer(browser, DESKTOP);
  try {
    // One request came in 40 days ago and was never answered: overdue, in red.
    const overdue = await api.post('/api/data-protection/requests', {
      headers: await ownerHeaders(api),
      data: {
        kind: 'erasure',
        requesterName: late,
        requesterEmail: 'rodrigo@correo.cl',
        receivedOn: addCalendarDays(today, -40),
        channel: 'letter',
      },
    });
    expect(overdue.status(), await overdue.text()).toBe(201);

    await signIn(page, OWNER.email, OWNER.password, '/proteccion-datos');
    await expect(page.getByRole('heading', { name: 'Protección de datos' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Protección de datos' }),
    ).toBeVisible();
    const tabs = page.getByRole('tablist');
    for (const name of ['Solicitudes', 'Buscar titular', 'Incidentes', 'Aviso de privacidad', 'Retención']) {
      await expect(tabs.getByRole('tab', { name })).toBeVisible();
    }
    const overdueRow = page.getByRole('row', { name: new RegExp(late) });
    await expect(overdueRow).toContainText('Venció hace 10 días');
    await expect(page.getByText(/^\d+ solicitud(es)? vencidas? sin respuesta$/)).toBeVisible();

    // 'Registrar solicitud': a RUT with a wrong check digit is refused by the form.
    await page.getByRole('button', { name: 'Registrar solicitud' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar solicitud' });
    await dialog.getByLabel('Nombre de la persona').fill(person);
    await dialog.getByLabel('Correo de la persona').fill('ana.titular@correo.cl');
    await dialog.getByLabel('RUT (opcional)').fill('12.345.678-9');
    await expect(dialog.getByText(`Plazo legal para responder: ${shown(rightsRequestDueDate(today))}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText(m.requesterRutInvalid)).toBeVisible();
    await dialog.getByLabel('RUT (opcional)').fill('12.345.678-5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(m.requestCreated).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(person) });
    const dueOn = rightsRequestDueDate(today);
    await expect(row).toContainText(shown(dueOn));
    await expect(row).toContainText('Vence en 30 días');
    await expect(row).toContainText('Recibida');
    await expect(row).toContainText('12.345.678-5');

    // 'Prorrogar': thirty more calendar days, with its reason.
    await row.getByRole('button', { name: `Prorrogar Acceso de ${person}` }).click();
    const extend = page.getByRole('dialog', { name: 'Prorrogar el plazo' });
    const newDue = extendedRightsDueDate(dueOn);
    await expect(extend).toContainText(shown(newDue));
    await extend.getByLabel('Motivo de la prórroga').fill('Hay que revisar archivos de 2019 en bodega');
    await extend.getByRole('button', { name: 'Prorrogar' }).click();
    await expect(page.getByText(m.extended(shown(newDue))).first()).toBeVisible();
    await expect(row).toContainText(shown(newDue));
    await expect(row).toContainText('Prorrogada');
    await expect(row.getByRole('button', { name: /Prorrogar/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'solicitudes-1280');

    // 'Buscar titular' is the data subjects' tab.
    await tabs.getByRole('tab', { name: 'Buscar titular' }).click();
    await expect(page).toHaveURL(/vista=buscar/);
    await expect(page.getByRole('tabpanel').getByRole('textbox', { name: 'Correo, RUT o nombre' })).toBeVisible();

    // 'Incidentes': one incident with what it reached and the notice to the Agencia.
    await tabs.getByRole('tab', { name: 'Incidentes' }).click();
    await expect(page).toHaveURL(/vista=incidentes/);
    await page.getByRole('button', { name: 'Registrar incidente' }).click();
    const incident = page.getByRole('dialog', { name: 'Registrar incidente' });
    await incident.getByLabel('Hora de detección').fill('09:30');
    const what = uniqueName('Un correo con liquidaciones se envió a un destinatario equivocado');
    await incident.getByLabel('Qué ocurrió').fill(what);
    await incident.getByLabel('Laborales y previsionales').check();
    await incident.getByLabel('Identificación (nombre, RUT)').check();
    await incident.getByLabel('Personas afectadas').fill('12');
    await incident.getByLabel('Medidas adoptadas').fill('Se pidió al destinatario borrar el correo');
    const agency = incident.getByRole('group', { name: 'Aviso a la Agencia de Protección de Datos Personales' });
    await agency.getByLabel('Fecha del aviso').fill(shown(today));
    await agency.getByLabel('Cómo se avisó').fill('Formulario en línea de la Agencia');
    await incident.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(m.incidentCreated).first()).toBeVisible();
    const incidentRow = page.getByRole('row', { name: new RegExp(what) });
    await expect(incidentRow).toContainText('Laborales y previsionales');
    await expect(incidentRow).toContainText(`Agencia: ${shown(today)}`);
    await expect(incidentRow).toContainText('Abierto');
    await expectNoSeriousViolations(page);

    // 'Aviso de privacidad': the starting text, completed and published as version 1 (the next one on
    // a retry, which runs on the same server).
    await tabs.getByRole('tab', { name: 'Aviso de privacidad' }).click();
    await expect(page).toHaveURL(/vista=aviso/);
    const text = page.getByLabel('Texto del aviso');
    await expect(text).toHaveValue(/Ley N° 21\.719/);
    const publish = async () => {
      await page.getByRole('button', { name: 'Publicar nueva versión' }).click();
      await page
        .getByRole('dialog', { name: 'Publicar nueva versión' })
        .getByRole('button', { name: 'Publicar' })
        .click();
    };
    // The screen starts from the version in force, or from the starting text while none is (a retry
    // finds the version the first run published).
    const notice = await api.get('/api/data-protection/notice', { headers: await ownerHeaders(api) });
    const { current, template } = (await notice.json()) as { current: { text: string } | null; template: string };
    await expect(text).toHaveValue(current?.text ?? template);
    // This server has no 'Datos del estudio' nor reply address: the starting text keeps its blanks,
    // and a notice with blanks is not published.
    expect(template).toMatch(/\[correo de contacto\]/);
    await text.fill(template);
    await publish();
    await expect(
      page.getByText(/^Completa lo que el texto inicial deja entre corchetes antes de publicar/).first(),
    ).toBeVisible();
    const completed = template
      .replaceAll('[Nombre del estudio]', 'Estudio Contable Ñuñoa')
      .replaceAll('[correo de contacto]', 'privacidad@estudio.cl');
    addedParagraph = `Los datos de sus trabajadores se tratan solo para remuneraciones y cotizaciones (${uniqueName('revisión')}).`;
    await text.fill(`${completed}\n\n${addedParagraph}`);
    await publish();
    await expect(page.getByText(/^Versión \d+ del aviso de privacidad publicada$/).first()).toBeVisible();
    await expect(page.getByText(/Vigente: versión \d+/)).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'aviso-1280');

    // The client the next test signs in with.
    const company = await createBusinessViaApi(api, uniqueName('Panadería Titular'));
    const created = await api.post('/api/user', {
      headers: await ownerHeaders(api),
      data: { name: 'Clara', lastName: 'Cliente', role: 'client', businessId: company.id, ...client },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await context.close();
    await api.dispose();
  }
});

test('a client signing in must acknowledge the notice before using the portal, then finds it in the footer', async ({
  browser,
}) => {
  const { context, page } = await onSecondServer(browser, PHONE);
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Contraseña').fill(client.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const notice = page.getByRole('region', { name: 'Aviso de privacidad' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(addedParagraph);
    await expect(notice).toContainText(/Versión \d+, publicada el/);
    // Nothing else of the portal: another screen shows the notice too, and there is no footer link yet.
    await page.goto('/mensajes');
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aviso de privacidad' })).toHaveCount(0);
    expect(await pageOverflowsSideways(page)).toBe(false);
    await expectNoSeriousViolations(page);
    await shoot(page, 'aviso-cliente-390');

    await notice.getByRole('button', { name: m.acknowledgeButton }).click();
    await expect(page.getByText(m.noticeAcknowledged).first()).toBeVisible();
    await expect(notice).toBeHidden();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
    const footerLink = page.getByRole('button', { name: 'Aviso de privacidad' });
    await expect(footerLink).toBeVisible();
    await footerLink.click();
    const dialog = page.getByRole('dialog', { name: 'Aviso de privacidad' });
    await expect(dialog).toContainText(addedParagraph);
    await expect(dialog).toContainText('leída el');
    await expectNoSeriousViolations(page);
    await shoot(page, 'aviso-pie-390');
  } finally {
    await context.close();
  }
});

test('the retention proposal lists an old file and the owner confirms its deletion', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await secondServerApi(playwright);
  const { context, page } = await onSecondServer(browser, PHONE);
  try {
    const service = await createServiceViaApi(api, uniqueName('Contabilidad antigua'));
    const folder = await createFolderViaApi(api, service.id, { name: 'Balances' });
    const company = await createBusinessViaApi(api, uniqueName('Comercial Antigua'), { startContract: '2015-01-01' });
    await linkServiceViaApi(api, company.id, service.id, '2015-01-01');
    const old = { year: 2019, month: 10 };
    const fileName = `balance-2019-10-${company.id}.pdf`;
    await uploadViaApi(api, await businessFolderIdOf(api, company.id, folder.id, old), [fileName]);

    await signIn(page, OWNER.email, OWNER.password, '/proteccion-datos?vista=retencion');
    await expect(page.getByRole('heading', { name: 'Propuesta de eliminación' })).toBeVisible();
    await expect(page.getByLabel(`Años de conservación de ${service.name}, Balances`)).toHaveValue('6');
    await page.getByRole('button', { name: 'Calcular propuesta' }).click();
    // One file on a first run (a retry may find the first try's file as well).
    await expect(page.getByText(/^Propuesta calculada: \d+ archivos? fuera de plazo$/).first()).toBeVisible();
    const fileRow = page.getByRole('row', { name: new RegExp(fileName) });
    await expect(fileRow).toContainText('octubre 2019');
    await expect(fileRow).toContainText('01-12-2025 (6 años)');
    expect(await pageOverflowsSideways(page)).toBe(false);
    await expectNoSeriousViolations(page);
    await shoot(page, 'retencion-390');

    await page.getByRole('button', { name: 'Confirmar eliminación' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar eliminación' })
      .getByRole('button', { name: 'Eliminar archivos' })
      .click();
    await expect(page.getByText(/^Se (eliminó 1 archivo|eliminaron \d+ archivos)$/).first()).toBeVisible();
    await expect(page.getByText('No hay una propuesta por confirmar.')).toBeVisible();
    // The newest first (a retry lists the first try's proposal below it).
    await expect(
      page.getByText(/Propuesta \d+ del .*: confirmada, \d+ eliminados?, 0 sin eliminar/).first(),
    ).toBeVisible();
    const view: FolderView = await folderViewViaApi(api, company.id, folder.id, old);
    expect(view.files).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await shoot(page, 'retencion-1280');
  } finally {
    await context.close();
    await api.dispose();
  }
});
