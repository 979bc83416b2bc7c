import { boardMsg } from '@app/shared/messages-board';
import { currentPeriod } from '@app/shared/period';
import type { TaskBoard } from '@app/shared/schemas/tasks';
import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PESOS_FORMAT, XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { openFirstSheet } from '../../test/workbook.ts';

/** 'Exportar a Excel' on the task board: the companies and tasks shown, cell by cell. */
const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();
const period = currentPeriod();
const base = `/api/business-task-states/year/${period.year}/month/${period.month}`;
const exportUrl = `${base}/export`;
const mm = String(period.month).padStart(2, '0');

let declaration: { id: number };
let payroll: { id: number };
let aromos: { id: number; rut: string };
let boldo: { id: number; rut: string };

/** A cell's solid fill colour ('FFRRGGBB'), or null when it has none. */
function solidFill(cell: ExcelJS.Cell): string | null {
  const fill = cell.fill;
  return fill?.type === 'pattern' && fill.pattern === 'solid' ? (fill.fgColor?.argb ?? null) : null;
}

beforeAll(async () => {
  const me = (await api.owner.get('/api/user/me')).json();
  const task = async (name: string) => {
    const created = await api.owner.post('/api/task', {
      name,
      responsableCollaborator: me.id,
      expirationDate: 20,
      showInSummary: true,
    });
    expect(created.statusCode).toBe(201);
    return created.json().task as { id: number };
  };
  declaration = await task('Declaración F29');
  payroll = await task('Remuneraciones');
  aromos = await insertBusiness(t, { name: 'Aromos SpA', startContract: '2020-01-01', responsibleUserId: me.id });
  boldo = await insertBusiness(t, { name: 'Boldo Ltda', startContract: '2020-01-01' });
  for (const [taskId, businessId] of [
    [declaration.id, aromos.id],
    [payroll.id, aromos.id],
    [declaration.id, boldo.id],
  ] as const) {
    const added = await api.owner.post(`/api/task/${taskId}/business/${businessId}`, { startDate: '2020-01-01' });
    expect(added.statusCode).toBe(201);
  }
  const cell = (businessId: number, taskId: number) => `${base}/businessId/${businessId}/taskId/${taskId}`;
  expect(
    (await api.owner.put(cell(aromos.id, declaration.id), { state: 'Terminado', value: '1.234.567' })).statusCode,
  ).toBe(200);
  expect(
    (await api.owner.put(cell(aromos.id, payroll.id), { state: 'En proceso', value: 'falta Previred' })).statusCode,
  ).toBe(200);
});

describe('POST /api/business-task-states/year/:year/month/:month/export', () => {
  it('is refused to a client (403) and to an anonymous caller (401)', async () => {
    await expectClientAndAnonymousRefused({ method: 'POST', url: exportUrl, payload: { businessIds: [aromos.id] } });
  });

  it.each(['owner', 'collaborator'] as const)('streams tareas-YYYY-MM.xlsx to the %s', async (role) => {
    const response = await api[role].post(exportUrl, { businessIds: [aromos.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const name = `tareas-${period.year}-${mm}.xlsx`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect((await openFirstSheet(response.rawPayload)).getCell('A2').value).toBe('Aromos SpA');
  });

  it('writes the companies in the order asked and each task cell as the board shows it', async () => {
    const response = await api.owner.post(exportUrl, { businessIds: [boldo.id, aromos.id, 2_000_000_000] });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Empresa',
      'RUT',
      'Encargado',
      'Declaración F29',
      'Remuneraciones',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.rowCount).toBe(3);
    // Boldo: not started (red), Remuneraciones N/A, no owner.
    expect(sheet.getCell('A2').value).toBe('Boldo Ltda');
    expect(sheet.getCell('B2').value).toBe(boldo.rut);
    expect(sheet.getCell('C2').value).toBeNull();
    expect(sheet.getCell('D2').value).toBe('No comenzado');
    expect(sheet.getCell('D2').fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFE74C3C' } });
    expect(sheet.getCell('E2').value).toBe(boardMsg.notApplicable);
    expect(solidFill(sheet.getCell('E2'))).toBeNull(); // N/A: no fill
    // Aromos: the amount as a number in pesos on green, the free text as it is on yellow.
    expect(sheet.getCell('A3').value).toBe('Aromos SpA');
    expect(sheet.getCell('C3').value).toBeTruthy();
    expect(sheet.getCell('D3').value).toBe(1234567);
    expect(sheet.getCell('D3').numFmt).toBe(PESOS_FORMAT);
    expect(sheet.getCell('D3').fill).toMatchObject({ fgColor: { argb: 'FF2ECC71' } });
    expect(sheet.getCell('E3').value).toBe('falta Previred');
    expect(sheet.getCell('E3').fill).toMatchObject({ fgColor: { argb: 'FFF1C40F' } });
  });

  it('writes only the tasks shown when the browser names them', async () => {
    const response = await api.owner.post(exportUrl, { businessIds: [aromos.id], taskIds: [payroll.id] });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Empresa', 'RUT', 'Encargado', 'Remuneraciones']);
    expect(sheet.getCell('D2').value).toBe('falta Previred');
  });

  it.each([
    ['an empty list', { businessIds: [] }, boardMsg.exportEmpty],
    ['an id past int4', { businessIds: [2_147_483_648] }, boardMsg.exportIds],
    ['a task id that is text', { businessIds: [1], taskIds: ['\ud800'] }, boardMsg.exportIds],
  ])('refuses %s with 400 and a Spanish message', async (_, payload, message) => {
    const response = await api.owner.post(exportUrl, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.message).toBe(message);
  });

  it('lists and exports the companies in the Spanish order: Óptica before Peluquería', async () => {
    const peluqueria = await insertBusiness(t, { name: 'Peluquería Estilo', startContract: '2020-01-01' });
    const optica = await insertBusiness(t, { name: 'Óptica Visión Clara', startContract: '2020-01-01' });
    for (const businessId of [peluqueria.id, optica.id]) {
      const added = await api.owner.post(`/api/task/${declaration.id}/business/${businessId}`, {
        startDate: '2020-01-01',
      });
      expect(added.statusCode).toBe(201);
    }
    const board: TaskBoard = (await api.owner.get(base)).json();
    const ours = board.rows.filter((row) => [aromos.id, boldo.id, peluqueria.id, optica.id].includes(row.id));
    expect(ours.map((row) => row.name)).toEqual([
      'Aromos SpA',
      'Boldo Ltda',
      'Óptica Visión Clara',
      'Peluquería Estilo',
    ]);
    const response = await api.owner.post(exportUrl, { businessIds: ours.slice(2).map((row) => row.id) });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect([sheet.getCell('A2').value, sheet.getCell('A3').value]).toEqual([
      'Óptica Visión Clara',
      'Peluquería Estilo',
    ]);
  });
});
