import { santiagoDate } from '@app/shared/period';
import { expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { createBusinessViaApi, ownerHeaders, signInAsOwner, toggleSwitch, uniqueName } from './support/fixtures';
import { expectText } from './support/page-checks';

const F29 = 'F29 IVA y PPM';
const PREVIRED = 'Previred cotizaciones';

/** Sets a company's tax profile on its page and activates what its profile suggests. */
async function profileAndActivate(
  page: Page,
  businessId: number,
  profile: { employees: boolean; online: boolean; regime: string },
  expected: { suggested: string; activated: string },
) {
  await page.goto(`/empresas/${businessId}`);
  const data = page.getByRole('region', { name: 'Datos de la empresa' });
  const online = data.getByRole('switch', { name: 'Declara y paga en línea' });
  // A new company files online unless told otherwise.
  await expect(online).toBeChecked();
  if (!profile.online) await toggleSwitch(online);
  if (profile.employees) await toggleSwitch(data.getByRole('switch', { name: 'Tiene trabajadores' }));
  await data.getByRole('combobox', { name: 'Régimen tributario', exact: true }).click();
  await page.getByRole('option', { name: profile.regime, exact: true }).click();
  await data.getByRole('button', { name: 'Guardar' }).click();
  await expectText(page, 'La empresa se editó correctamente');

  const suggestions = page.getByRole('alert', { name: 'Obligaciones según el perfil tributario' });
  await expect(suggestions).toContainText(`Según su perfil aplican: ${expected.suggested} (desde el 01-09-2026)`);
  await suggestions.getByRole('button', { name: 'Activar', exact: true }).click();
  await expectText(page, expected.activated);
  await expect(suggestions).not.toContainText('Según su perfil aplican');
}

/** The feed's all-day events as a calendar parser reads them: summary and start date. */
function feedEvents(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toString(), allDay: event.startDate.isDate };
  });
}

test('an owner loads F29 and Previred from the catalogue, profiles two companies and activates their suggestions; the tax calendar and the .ics feed show their due dates', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Clients the firm takes on with their work from September 2026 ('Seguimiento desde'): 'Activar'
  // links their obligations from then.
  const online = await createBusinessViaApi(request, uniqueName('Transportes'), { trackingSince: '2026-09' });
  const onPaper = await createBusinessViaApi(request, uniqueName('Ferretería'), { trackingSince: '2026-09' });

  // ---- Servicios: 'Cargar obligaciones del SII'
  await signInAsOwner(page, '/servicios');
  await page.getByRole('button', { name: 'Cargar obligaciones del SII' }).click();
  const catalogue = page.getByRole('dialog', { name: 'Cargar obligaciones del SII' });
  for (const name of [F29, PREVIRED]) {
    const row = catalogue.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Nueva');
    await row.getByRole('checkbox', { name: `Elegir ${name}` }).check();
  }
  await catalogue.getByRole('button', { name: 'Cargar seleccionadas' }).click();
  await expectText(page, 'Se cargaron 2 obligaciones');
  for (const name of [F29, PREVIRED]) {
    const row = catalogue.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Cargada');
    await expect(row.getByRole('checkbox')).toBeDisabled();
  }
  await catalogue.getByRole('button', { name: 'Cerrar' }).click();
  await expect(catalogue).toBeHidden();
  // Read from the API: on the shared test server the list of services draws only the rows in view.
  const headers = await ownerHeaders(request);
  const services = (await (await request.get('/api/service', { headers })).json()) as {
    name: string;
    dueDay: number | null;
    dueDayElectronic: number | null;
  }[];
  expect(
    services
      .filter((service) => service.name === F29 || service.name === PREVIRED)
      .map(({ name, dueDay, dueDayElectronic }) => ({ name, dueDay, dueDayElectronic }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
  ).toEqual([
    { name: F29, dueDay: 12, dueDayElectronic: 20 },
    { name: PREVIRED, dueDay: 10, dueDayElectronic: 13 },
  ]);

  // ---- Each company's tax profile and the obligations it suggests
  await profileAndActivate(
    page,
    online.id,
    { employees: true, online: true, regime: '14 A' },
    { suggested: `${F29}, ${PREVIRED}`, activated: 'Se activaron 2 obligaciones en la empresa' },
  );
  await expect(page.getByRole('alert', { name: 'Obligaciones según el perfil tributario' })).toContainText(
    'Aún no cargadas en Servicios: Libro de Remuneraciones Electrónico, F22 Operación Renta',
  );
  await profileAndActivate(
    page,
    onPaper.id,
    { employees: false, online: false, regime: '14 D N°3 Pro Pyme General' },
    { suggested: F29, activated: 'Se activó 1 obligación en la empresa' },
  );

  const activeLinks = async (businessId: number) => {
    // Read from the company's detail: on the shared test server 'Servicios en empresa' lists every
    // other spec's services too, and draws only the rows in view.
    const detail = await request.get(`/api/business/${businessId}`, { headers });
    return ((await detail.json()).business.services as { active: boolean; service: { name: string } }[])
      .filter((link) => link.active)
      .map((link) => link.service.name)
      .sort();
  };
  expect(await activeLinks(online.id)).toEqual([F29, PREVIRED]);
  expect(await activeLinks(onPaper.id)).toEqual([F29]);

  // ---- 'Calendario tributario', October 2026. Monday 12 is a holiday (Encuentro de Dos Mundos):
  // September's F29 on paper (day 12) and Previred (day 10, a Saturday; day 13 online) fall due on
  // Tuesday 13; F29 online on Tuesday 20.
  await page.goto('/calendario-tributario?anio=2026&mes=10');
  await expect(page.getByTestId('mes-mostrado')).toHaveText('Octubre 2026');
  // Each company's cell is at its first state: pending until the due date, late after it.
  const open = santiagoDate() > '2026-10-13' ? '1 atrasada' : '1 pendiente';
  const openOn20 = santiagoDate() > '2026-10-20' ? '1 atrasada' : '1 pendiente';
  const day = (label: string) => page.getByRole('cell', { name: label, exact: true });
  const line = (label: string, text: string) => day(label).getByTestId('obligacion').filter({ hasText: text });
  await expect(line('13 de Octubre', `${F29} · en papel`).getByRole('link')).toHaveText([open]);
  await expect(line('13 de Octubre', PREVIRED).getByRole('link')).toHaveText([open]);
  await expect(line('20 de Octubre', `${F29} · en línea`).getByRole('link')).toHaveText([openOn20]);
  await expect(day('12 de Octubre').getByText(F29)).toHaveCount(0);
  await expect(day('12 de Octubre').getByText(PREVIRED)).toHaveCount(0);

  // ---- The .ics feed from 'Mi perfil', read by a calendar parser: this month's dates of the two
  // services are the ones 'Calendario tributario' shows for it.
  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Generar dirección' }).click();
  const address = page.getByRole('textbox', { name: 'Dirección del calendario' });
  await expect(address).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await request.get(await address.inputValue());
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const today = santiagoDate();
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const shown = await request.get(`/api/tax-calendar/month?anio=${year}&mes=${month}`, { headers });
  const FEED_FILING = { all: '', electronic: ' (en línea)', paper: ' (en papel)' } as const;
  const onScreen = (
    (await shown.json()).obligations as { name: string; filing: keyof typeof FEED_FILING; date: string }[]
  )
    .filter((obligation) => obligation.name === F29 || obligation.name === PREVIRED)
    .map((obligation) => `${obligation.date} ${obligation.name}${FEED_FILING[obligation.filing]}`)
    .sort();
  const monthPrefix = today.slice(0, 7);
  const inFeed = feedEvents(await feed.text())
    .filter(
      (event) => event.start.startsWith(monthPrefix) && /^(F29 IVA y PPM|Previred cotizaciones)/.test(event.summary),
    )
    .map((event) => {
      expect(event.allDay).toBe(true);
      return `${event.start} ${event.summary.replace(/: [^:]+$/, '')}`;
    })
    .sort();
  // Every month has at least F29 and Previred due in it.
  expect(onScreen.length).toBeGreaterThanOrEqual(2);
  expect(inFeed).toEqual(onScreen);
});
