import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { currentPeriod } from '@app/shared/period';
import { BOARD_EXPORT_MAX } from '@app/shared/schemas/board-export';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { beforeAll, describe, expect, it } from 'vitest';
import { PESOS_FORMAT, XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { openFirstSheet } from '../../test/workbook.ts';

/** 'Exportar a Excel' on the monthly board: exactly the companies shown, cell by cell. */
const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();
const period = currentPeriod();
const exportUrl = `/api/monthly-states/year/${period.year}/month/${period.month}/export`;
const boardUrl = `/api/monthly-states/year/${period.year}/month/${period.month}`;
const mm = String(period.month).padStart(2, '0');

let f29: { serviceId: number; stateIds: number[] };
let iva: { serviceId: number; stateIds: number[] };
let aromos: { id: number; name: string; rut: string };
let boldo: { id: number; name: string; rut: string };
let canelo: { id: number; name: string; rut: string };

beforeAll(async () => {
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0, color: '#E74C3C' },
    { name: 'Pagado', pctProgress: 100, hasValue: true, color: '#2ECC71' },
  ]);
  iva = await createServiceWithStates(
    t,
    'Previred',
    [
      { name: 'Sin empezar', pctProgress: 0, color: '#F1C40F' },
      { name: 'Enviado', pctProgress: 50, color: '#3498DB' },
    ],
    2,
  );
  const me = (await api.owner.get('/api/user/me')).json();
  aromos = await insertBusiness(t, { name: 'Aromos SpA', startContract: '2020-01-01', responsibleUserId: me.id });
  boldo = await insertBusiness(t, { name: 'Boldo Ltda', startContract: '2020-01-01' });
  canelo = await insertBusiness(t, { name: 'Canelo EIRL', startContract: '2020-01-01' });
  for (const company of [aromos, boldo, canelo]) await linkService(t, company.id, f29.serviceId);
  await linkService(t, aromos.id, iva.serviceId); // Previred is N/A for Boldo and Canelo
  const paid = await api.owner.put(boardUrl, {
    businessId: aromos.id,
    serviceId: f29.serviceId,
    stateId: f29.stateIds[1],
    optionalValue: 1234567,
  });
  expect(paid.statusCode).toBe(200);
  const sent = await api.owner.put(boardUrl, {
    businessId: aromos.id,
    serviceId: iva.serviceId,
    stateId: iva.stateIds[1],
  });
  expect(sent.statusCode).toBe(200);
});

describe('POST /api/monthly-states/year/:year/month/:month/export', () => {
  it('is refused to a client (403) and to an anonymous caller (401)', async () => {
    await expectClientAndAnonymousRefused({ method: 'POST', url: exportUrl, payload: { businessIds: [aromos.id] } });
  });

  it.each(['owner', 'collaborator'] as const)(
    'streams the shown companies as tablero-YYYY-MM.xlsx to the %s',
    async (role) => {
      const response = await api[role].post(exportUrl, { businessIds: [aromos.id] });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      const name = `tablero-${period.year}-${mm}.xlsx`;
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      const sheet = await openFirstSheet(response.rawPayload);
      expect(sheet.getCell('A2').value).toBe('Aromos SpA');
    },
  );

  it('writes the rows in the order asked, each cell as the board shows it', async () => {
    const response = await api.owner.post(exportUrl, { businessIds: [canelo.id, aromos.id, boldo.id] });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Empresa', 'RUT', 'Encargado', 'F29', 'Previred', 'Progreso']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((row) => sheet.getCell(`A${row}`).value)).toEqual(['Canelo EIRL', 'Aromos SpA', 'Boldo Ltda']);

    // Canelo: F29 at its first state (filled with its colour), Previred N/A, 0%.
    expect(sheet.getCell('B2').value).toBe(canelo.rut);
    expect(sheet.getCell('C2').value).toBeNull(); // no owner
    expect(sheet.getCell('D2').value).toBe('Pendiente');
    expect(sheet.getCell('D2').fill).toMatchObject({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFE74C3C' },
    });
    expect(sheet.getCell('E2').value).toBe(boardMsg.notApplicable);
    expect(sheet.getCell('E2').fill).toBeUndefined();
    expect(sheet.getCell('F2').value).toBe(0);
    expect(sheet.getCell('F2').numFmt).toBe('0%');

    // Aromos: its owner's name, the F29 value as a number in pesos on the state's colour, Previred 'Enviado', 75%.
    const owner = (await api.owner.get('/api/user/me')).json();
    expect(sheet.getCell('C3').value).toBe(`${owner.name} ${owner.lastName}`.trim());
    expect(sheet.getCell('D3').value).toBe(1234567);
    expect(sheet.getCell('D3').numFmt).toBe(PESOS_FORMAT);
    expect(sheet.getCell('D3').fill).toMatchObject({ fgColor: { argb: 'FF2ECC71' } });
    expect(sheet.getCell('E3').value).toBe('Enviado');
    expect(sheet.getCell('E3').fill).toMatchObject({ fgColor: { argb: 'FF3498DB' } });
    expect(sheet.getCell('F3').value).toBe(0.75);
    expect(sheet.getCell('F3').numFmt).toBe('0%');
  });

  it('leaves out ids that are not on the month’s board, and writes a repeated id once', async () => {
    const ended = await insertBusiness(t, { name: 'Cerrada', startContract: '2001-01-01', endContract: '2002-01-01' });
    const response = await api.owner.post(exportUrl, { businessIds: [boldo.id, ended.id, 2_000_000_000, boldo.id] });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getCell('A2').value).toBe('Boldo Ltda');
  });

  it.each([
    ['no list', {}, msg.required],
    ['an empty list', { businessIds: [] }, boardMsg.exportEmpty],
    ['a list that is not one', { businessIds: 'todas' }, boardMsg.exportIds],
    ['an id past int4', { businessIds: [2_147_483_648] }, boardMsg.exportIds],
    ['a text id', { businessIds: ['1\u0000'] }, boardMsg.exportIds],
    ['a fractional id', { businessIds: [1.5] }, boardMsg.exportIds],
    [
      'too many ids',
      { businessIds: Array.from({ length: BOARD_EXPORT_MAX + 1 }, (_, i) => i + 1) },
      boardMsg.exportTooMany,
    ],
  ])('refuses %s with 400 and a Spanish message', async (_, payload, message) => {
    const response = await api.owner.post(exportUrl, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.message ?? response.json().message).toBe(message);
  });

  it('refuses a month not yet open with 400, as the board does', async () => {
    const response = await api.owner.post('/api/monthly-states/year/2100/month/1/export', { businessIds: [aromos.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(boardMsg.periodInFuture);
  });

  it('lists and exports an owner’s companies in the Spanish order: Óptica before Peluquería', async () => {
    const javier = await t.userWithRole('collaborator', { name: 'Javier', lastName: 'Rojas' });
    // Peluquería first, so that neither the ids nor the bytes of the names give the Spanish order.
    const peluqueria = await insertBusiness(t, {
      name: 'Peluquería Estilo',
      startContract: '2020-01-01',
      responsibleUserId: javier.id,
    });
    const optica = await insertBusiness(t, {
      name: 'Óptica Visión Clara',
      startContract: '2020-01-01',
      responsibleUserId: javier.id,
    });
    for (const company of [peluqueria, optica]) await linkService(t, company.id, f29.serviceId);
    const board: MonthlyBoard = (await api.owner.get(boardUrl)).json();
    const javiers = board.rows.filter((row) => row.business.responsibleUserId === javier.id);
    expect(javiers.map((row) => row.business.name)).toEqual(['Óptica Visión Clara', 'Peluquería Estilo']);
    const ours = new Set([aromos.id, boldo.id, canelo.id, peluqueria.id, optica.id]);
    expect(board.rows.filter((row) => ours.has(row.business.id)).map((row) => row.business.name)).toEqual([
      'Aromos SpA',
      'Boldo Ltda',
      'Canelo EIRL',
      'Óptica Visión Clara',
      'Peluquería Estilo',
    ]);

    const response = await api.owner.post(exportUrl, { businessIds: javiers.map((row) => row.business.id) });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect([sheet.getCell('A2').value, sheet.getCell('A3').value]).toEqual([
      'Óptica Visión Clara',
      'Peluquería Estilo',
    ]);
  });
});
