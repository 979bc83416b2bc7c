import { msg } from '@app/shared/messages';
import { servicesMsg } from '@app/shared/messages-services';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { CatalogueEntryStatus, CatalogueList, CatalogueLoadResponse } from '@app/shared/schemas/tax-catalogue';
import { CATALOGUE_KEYS } from '@app/shared/tax-catalogue';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

// 'Cargar obligaciones del SII': the catalogue's status against the firm's services, loading it once.
const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();

const statusOf = (entries: CatalogueEntryStatus[], key: string) => {
  const entry = entries.find((row) => row.key === key);
  if (!entry) throw new Error(`no entry ${key}`);
  return entry;
};
const load = async (keys: string[]) => {
  const response = await api.owner.post('/api/service/catalogue/load', { keys });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CatalogueLoadResponse;
};
const serviceCount = async () => ((await api.owner.get('/api/service')).json() as unknown[]).length;

describe('the tax catalogue routes', () => {
  it('are for owners: a collaborator 403, a client 403, anonymous 401', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/service/catalogue' },
      { method: 'POST' as const, url: '/api/service/catalogue/load', payload: { keys: ['f29'] } },
    ]) {
      await expectClientAndAnonymousRefused(request);
    }
    expect((await api.collaborator.get('/api/service/catalogue')).statusCode).toBe(403);
    const refused = await api.collaborator.post('/api/service/catalogue/load', { keys: ['f29'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: msg.forbidden });
  });

  it('lists every entry as new before anything is loaded', async () => {
    const response = await api.owner.get('/api/service/catalogue');
    expect(response.statusCode).toBe(200);
    const { entries } = response.json() as CatalogueList;
    expect(entries.map((entry) => entry.key)).toEqual(CATALOGUE_KEYS);
    expect(new Set(entries.map((entry) => entry.status))).toEqual(new Set(['new']));
    expect(statusOf(entries, 'f29')).toMatchObject({ name: 'F29 IVA y PPM', kind: 'monthly', serviceId: null });
  });

  it('refuses an unknown key or an empty choice with a Spanish message, creating nothing', async () => {
    const before = await serviceCount();
    const unknown = await api.owner.post('/api/service/catalogue/load', { keys: ['f99'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'keys.0', message: servicesMsg.catalogueUnknownKey }]);
    const empty = await api.owner.post('/api/service/catalogue/load', { keys: [] });
    expect(empty.json().errors).toEqual([{ field: 'keys', message: servicesMsg.catalogueNothingChosen }]);
    expect(await serviceCount()).toBe(before);
  });

  it('loads F29 and Previred whole: due days and their shift, months, states, folders, e-mail, request template, activity', async () => {
    const result = await load(['f29', 'previred']);
    expect(result.created).toEqual(['f29', 'previred']);
    expect(result.skipped).toEqual([]);
    expect(result.message).toBe('Se cargaron 2 obligaciones');
    expect(statusOf(result.entries, 'f29')).toMatchObject({ status: 'loaded', differences: [] });
    expect(statusOf(result.entries, 'previred')).toMatchObject({ status: 'loaded', differences: [] });

    const f29Id = statusOf(result.entries, 'f29').serviceId as number;
    const detail = (await api.owner.get(`/api/service/${f29Id}`)).json().service;
    expect(detail).toMatchObject({
      name: 'F29 IVA y PPM',
      dueDay: 12,
      dueDayElectronic: 20,
      dueDayShift: true,
      dueDayElectronicShift: true,
      catalogueKey: 'f29',
    });
    expect(
      detail.states.map((state: { name: string; pctProgress: number }) => [state.name, state.pctProgress]),
    ).toEqual([
      ['Pendiente', 0],
      ['En preparación', 30],
      ['Declarado', 70],
      ['Pagado', 100],
    ]);
    expect(detail.folders.map((folder: { name: string }) => folder.name)).toEqual([
      'Formulario 29',
      'Documentos del mes',
    ]);
    expect(detail.notifications.map((row: { day: number }) => row.day)).toEqual([3]);
    expect(Object.values(detail.monthsActive).every(Boolean)).toBe(true);
    const templates = (await api.owner.get(`/api/service/${f29Id}/request-template`)).json().rows;
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ title: 'Documentos para el F29', dueDay: 5, sendDay: null });
    expect(templates[0].items.map((item: { folderName: string }) => item.folderName)).toEqual([
      'Documentos del mes',
      'Documentos del mes',
    ]);

    const previred = (await api.owner.get(`/api/service/${statusOf(result.entries, 'previred').serviceId}`)).json()
      .service;
    expect(previred).toMatchObject({
      dueDay: 10,
      dueDayElectronic: 13,
      dueDayShift: true,
      dueDayElectronicShift: false,
    });

    const activity = (await api.owner.get(`/api/activity?kind=service`)).json().rows as {
      recordLabel: string;
      action: string;
      details: { after?: Record<string, unknown> };
    }[];
    const entry = activity.find((row) => row.recordLabel === 'F29 IVA y PPM' && row.action === 'created');
    expect(entry?.details.after).toMatchObject({ catalogueKey: 'f29', estados: 4, carpetas: 2, plantillas: 1 });
  });

  it('is idempotent: a second load creates nothing and says so', async () => {
    const before = await serviceCount();
    const again = await load(['f29', 'previred']);
    expect(again.created).toEqual([]);
    expect(again.skipped).toEqual([
      { key: 'f29', reason: servicesMsg.catalogueAlreadyLoaded },
      { key: 'previred', reason: servicesMsg.catalogueAlreadyLoaded },
    ]);
    expect(again.message).toBe('No se cargó ninguna obligación: las elegidas ya estaban cargadas');
    expect(await serviceCount()).toBe(before);
  });

  it('creates an entry once when two loads run at the same time', async () => {
    const before = await serviceCount();
    const [first, second] = await Promise.all([load(['lre']), load(['lre'])]);
    expect([...first.created, ...second.created]).toEqual(['lre']);
    expect([...first.skipped, ...second.skipped]).toEqual([{ key: 'lre', reason: servicesMsg.catalogueAlreadyLoaded }]);
    expect(await serviceCount()).toBe(before + 1);
  });

  it('shows a changed service field by field and never overwrites it', async () => {
    const { entries } = (await api.owner.get('/api/service/catalogue')).json() as CatalogueList;
    const id = statusOf(entries, 'f29').serviceId as number;
    const edited = await api.owner.put(`/api/service/${id}`, {
      name: 'F29 IVA y PPM',
      startMonthDay: 1,
      lastMonthDay: 31,
      order: 10,
      dueDayElectronic: 21,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = statusOf(((await api.owner.get('/api/service/catalogue')).json() as CatalogueList).entries, 'f29');
    expect(changed.status).toBe('changed');
    expect(changed.differences).toEqual([{ field: 'Día de vencimiento en línea', catalogue: '20', firm: '21' }]);

    const again = await load(['f29']);
    expect(again.skipped).toEqual([{ key: 'f29', reason: servicesMsg.catalogueAlreadyLoaded }]);
    expect((await api.owner.get(`/api/service/${id}`)).json().service.dueDayElectronic).toBe(21);
  });

  it("leaves an entry whose name a service of the firm's own already has", async () => {
    const own = await api.owner.post('/api/service', {
      name: 'F50 otros impuestos',
      startMonthDay: 1,
      lastMonthDay: 31,
    });
    expect(own.statusCode).toBe(201);
    const listed = statusOf(((await api.owner.get('/api/service/catalogue')).json() as CatalogueList).entries, 'f50');
    expect(listed).toMatchObject({ status: 'name-taken', serviceId: own.json().service.id });
    const result = await load(['f50']);
    expect(result.skipped).toEqual([{ key: 'f50', reason: servicesMsg.catalogueNameTaken }]);
    expect((await api.owner.get(`/api/service/${own.json().service.id}`)).json().service.catalogueKey).toBeNull();
  });

  it('loads the rest of the catalogue in under 2 s', async () => {
    const started = performance.now();
    const result = await load(CATALOGUE_KEYS);
    const elapsed = performance.now() - started;
    expect(result.created).toEqual(CATALOGUE_KEYS.filter((key) => !['f29', 'previred', 'lre', 'f50'].includes(key)));
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('Previred on the monthly board', () => {
  // June 2025's cotizaciones: 10 July 2025 is a Thursday; 13 July 2025 is a Sunday.
  it('keeps the online day 13 on a Sunday, and moves it to Monday 14 once "Se corre al día hábil siguiente" is on', async () => {
    const { entries } = (await api.owner.get('/api/service/catalogue')).json() as CatalogueList;
    const previredId = statusOf(entries, 'previred').serviceId as number;
    const online = await insertBusiness(t, { startContract: '2020-01-01', electronicFiling: true });
    const paper = await insertBusiness(t, { startContract: '2020-01-01', electronicFiling: false });
    for (const business of [online, paper]) {
      const linked = await api.owner.post(`/api/business/${business.id}/service`, {
        serviceId: previredId,
        startDate: '2025-01-01',
      });
      expect(linked.statusCode).toBe(201);
    }
    const dueOf = async (businessId: number) => {
      const board = (await api.owner.get('/api/monthly-states/year/2025/month/6')).json() as MonthlyBoard;
      const row = board.rows.find((candidate) => candidate.business.id === businessId);
      return row?.cells.find((cell) => cell.serviceId === previredId)?.dueDate;
    };
    expect(await dueOf(online.id)).toBe('2025-07-13');
    expect(await dueOf(paper.id)).toBe('2025-07-10');

    const shifted = await api.owner.put(`/api/service/${previredId}`, {
      name: 'Previred cotizaciones',
      startMonthDay: 1,
      lastMonthDay: 31,
      order: 20,
      dueDayElectronicShift: true,
    });
    expect(shifted.json().service).toMatchObject({ dueDayElectronic: 13, dueDayElectronicShift: true });
    expect(await dueOf(online.id)).toBe('2025-07-14');
  });
});
