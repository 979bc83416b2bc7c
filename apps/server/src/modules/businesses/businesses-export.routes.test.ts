import { msg } from '@app/shared/messages';
import { companiesMsg } from '@app/shared/messages-companies';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { openFirstSheet } from '../../test/workbook.ts';

const { t, api, expectClientAndAnonymousRefused } = appWithEveryRole();
const URL = '/api/business/export';

const HEADERS = [
  'Nombre',
  'Razón social',
  'RUT',
  'Representante legal',
  'Contactos',
  'Inicio de contrato',
  'Fin de contrato',
  'Encargado',
];

describe('POST /api/business/export', () => {
  it('streams empresas.xlsx of the companies named, in the order given, cell by cell', async () => {
    const owner = await t.userWithRole('collaborator', { name: 'Marta', lastName: 'Rojas' });
    const first = await insertBusiness(t, {
      name: 'Zapatería Ñuble',
      razonSocial: 'Zapatería Ñuble Ltda.',
      legalRepresentative: 'José Núñez',
      contact: 'jose@nuble.cl,pagos@nuble.cl',
      startContract: '2024-03-01',
      endContract: '2026-12-31',
      responsibleUserId: owner.id,
    });
    const second = await insertBusiness(t, { name: 'Almacén Ana', startContract: '2022-01-15', endContract: null });
    const third = await insertBusiness(t, { name: 'Botillería Central' });

    // Not in alphabetical nor id order: the order the list showed; a repeat is written once.
    const response = await api.owner.post(URL, { ids: [second.id, first.id, third.id, first.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toContain('attachment; filename="empresas.xlsx"');
    expect(response.headers['cache-control']).toBe('no-store');

    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.name).toBe('Empresas');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADERS]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:H1');
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((row) => sheet.getCell(row, 1).value)).toEqual([
      'Almacén Ana',
      'Zapatería Ñuble',
      'Botillería Central',
    ]);

    const row = sheet.getRow(3);
    expect(row.getCell(2).value).toBe('Zapatería Ñuble Ltda.');
    expect(row.getCell(3).value).toBe(first.rut);
    expect(row.getCell(4).value).toBe('José Núñez');
    expect(row.getCell(5).value).toBe('jose@nuble.cl, pagos@nuble.cl');
    expect(row.getCell(6).value).toEqual(new Date(Date.UTC(2024, 2, 1)));
    expect(row.getCell(6).numFmt).toBe(DATE_FORMAT);
    expect(row.getCell(7).value).toEqual(new Date(Date.UTC(2026, 11, 31)));
    expect(row.getCell(7).numFmt).toBe(DATE_FORMAT);
    expect(row.getCell(8).value).toBe('Marta Rojas');

    // No end of contract and no owner: empty cells, not a made-up date or name.
    expect(sheet.getCell(2, 6).value).toEqual(new Date(Date.UTC(2022, 0, 15)));
    expect(sheet.getCell(2, 7).value).toBeNull();
    expect(sheet.getCell(2, 8).value).toBeNull();
  });

  it('leaves out an id that names no company (deleted meanwhile)', async () => {
    const kept = await insertBusiness(t, { name: 'Ferretería Sur' });
    const response = await api.owner.post(URL, { ids: [2_147_483_647, kept.id] });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getCell(2, 1).value).toBe('Ferretería Sur');
  });

  it('lets a collaborator export (businesses:read), and refuses clients and anonymous callers', async () => {
    const company = await insertBusiness(t);
    const response = await api.collaborator.post(URL, { ids: [company.id] });
    expect(response.statusCode).toBe(200);
    expect((await openFirstSheet(response.rawPayload)).getCell(2, 1).value).toBe(company.name);
    await expectClientAndAnonymousRefused({ method: 'POST', url: URL, payload: { ids: [company.id] } });
  });

  it.each([
    ['no body at all', undefined, msg.required],
    ['no ids', {}, companiesMsg.exportIds],
    ['an empty list', { ids: [] }, companiesMsg.exportEmpty],
    ['ids that are not a list', { ids: '1,2' }, companiesMsg.exportIds],
    ['an id past int4', { ids: [2_147_483_648] }, companiesMsg.exportIds],
    ['a zero id', { ids: [0] }, companiesMsg.exportIds],
    ['a fractional id', { ids: [1.5] }, companiesMsg.exportIds],
    ['a text id', { ids: ['1'] }, companiesMsg.exportIds],
    ['10,001 ids', { ids: Array.from({ length: 10_001 }, (_, index) => index + 1) }, companiesMsg.exportTooMany],
  ])('refuses %s with 400 and a Spanish message', async (_, payload, message) => {
    const response = await api.owner.post(URL, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts 10,000 ids (the limit named)', async () => {
    const company = await insertBusiness(t, { name: 'Al límite' });
    const ids = [company.id, ...Array.from({ length: 9_999 }, (_, index) => 2_000_000_000 + index)];
    const response = await api.owner.post(URL, { ids });
    expect(response.statusCode).toBe(200);
    const sheet = await openFirstSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getCell(2, 1).value).toBe('Al límite');
  });

  it('answers in Spanish, not a 500, to a body that is not JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: URL,
      token: await t.ownerToken(),
      headers: { 'content-type': 'application/json' },
      payload: '{"ids": [1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(msg.invalidJson);
  });
});
