import { buffer } from 'node:stream/consumers';
import { deflateRawSync } from 'node:zlib';
import { msg } from '@app/shared/messages';
import { companiesMsg } from '@app/shared/messages-companies';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  importMsg,
} from '@app/shared/messages-import';
import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import type { ImportError, ImportPreview, ImportRow } from '@app/shared/schemas/business-import';
import { BusinessCreateSchema } from '@app/shared/schemas/businesses';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../../lib/xlsx-stream.ts';
import { createServiceWithStates, insertBusiness, nextRut } from '../../test/factories.ts';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { businessServices } from '../business-services/business-services.tables.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { businessGroupMembers, businessGroups } from '../groups/groups.tables.ts';
import { users } from '../users/users.tables.ts';

const { t, api, roles, expectClientAndAnonymousRefused } = appWithEveryRole();
const TEMPLATE = '/api/business/import/template';
const PREVIEW = '/api/business/import/preview';
const CONFIRM = '/api/business/import/confirm';
const FIXED = [
  'Nombre',
  'Razón social',
  'RUT',
  'Representante legal',
  'Contactos',
  'Inicio de contrato',
  'Fin de contrato',
  'Grupo',
  'Encargado',
];

type Value = string | number | Date | null | ExcelJS.CellValue;

async function xlsx(rows: Value[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Empresas');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const send = (url: string, bytes: Buffer, token = roles.owner, name = 'empresas.xlsx') =>
  t.request({ method: 'POST', url, token, ...multipartFiles([{ name, bytes }]) });

async function countBusinesses() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(businesses);
  return row?.n ?? 0;
}

/** Expects the file refused with its status and message, by both endpoints, and nothing written. */
async function expectRefused(bytes: Buffer, status: number, message: string) {
  const before = await countBusinesses();
  for (const url of [PREVIEW, CONFIRM]) {
    const response = await send(url, bytes);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
  }
  expect(await countBusinesses()).toBe(before);
}

/** A valid RUT typed without dots, the check digit as `k` when it is one. */
function rutTyped(): { typed: string; formatted: string } {
  return nextRut();
}

function row(values: Partial<Record<string, Value>>): Value[] {
  const base: Record<string, Value> = {
    Nombre: 'Empresa',
    'Razón social': 'Empresa SpA',
    RUT: rutTyped().typed,
    'Representante legal': 'Ana Pérez',
    Contactos: 'ana@empresa.cl',
    'Inicio de contrato': '01-03-2024',
    'Fin de contrato': '31-12-2026',
    Grupo: null,
    Encargado: null,
    ...values,
  };
  return FIXED.map((header) => base[header] ?? null);
}

/** A confirm of the file with the companies whose change of name was confirmed ('confirmedRenames'). */
const confirmWith = (bytes: Buffer, confirmedRenames: number[] | string, fileName = 'empresas.xlsx') => {
  const body = multipartFiles([{ name: fileName, bytes }]);
  const boundary = /boundary=(.+)$/.exec(String(body.headers['content-type']))?.[1] ?? '';
  const field = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="confirmedRenames"\r\n\r\n${String(confirmedRenames)}\r\n`,
  );
  return t.request({
    method: 'POST',
    url: CONFIRM,
    token: roles.owner,
    headers: body.headers,
    payload: Buffer.concat([field, body.payload as Buffer]),
  });
};

describe('permissions', () => {
  it('template, preview and confirm: anonymous 401, client and collaborator 403, owner allowed', async () => {
    const bytes = await xlsx([FIXED, row({})]);
    for (const url of [PREVIEW, CONFIRM]) {
      const body = multipartFiles([{ name: 'e.xlsx', bytes }]);
      await expectClientAndAnonymousRefused({ method: 'POST', url, payload: body.payload });
      const collaborator = await send(url, bytes, roles.collaborator);
      expect(collaborator.statusCode).toBe(403);
      expect(collaborator.json()).toEqual({ message: msg.forbidden });
    }
    await expectClientAndAnonymousRefused({ method: 'GET', url: TEMPLATE });
    expect((await api.collaborator.get(TEMPLATE)).statusCode).toBe(403);
    expect((await api.owner.get(TEMPLATE)).statusCode).toBe(200);
  });
});

describe('round trip', () => {
  it('the template filled with 3 companies: preview writes nothing, confirm creates them with group, owner and services; again they are updates', async () => {
    const { serviceId } = await createServiceWithStates(t, 'F29 importado', [{ name: 'Pendiente', pctProgress: 0 }]);
    const owner = await t.userWithRole('collaborator', { name: 'Marta', lastName: 'Rojas' });

    const template = await api.owner.get(TEMPLATE);
    expect(template.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(template.headers['content-disposition']).toContain('plantilla-empresas.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers.slice(0, FIXED.length)).toEqual(FIXED);
    expect(headers).toContain('F29 importado');

    // Three spellings: dotted RUT with real dates, plain RUT with DD-MM-YYYY, a 'k' check digit lower case.
    const withK = (() => {
      for (let body = 20_000_001; ; body++) if (computeRutCheckDigit(body) === 'K') return `${body}-k`;
    })();
    const ruts = [nextRut().formatted, nextRut().typed, withK];
    const at = (header: string) => headers.indexOf(header) + 1;
    const fill = (r: number, values: Record<string, Value>) => {
      for (const [header, value] of Object.entries(values))
        sheet.getCell(r, at(header)).value = value as ExcelJS.CellValue;
    };
    fill(2, {
      Nombre: 'Ferretería Ñuble',
      'Razón social': 'Ferretería Ñuble Ltda.',
      RUT: ruts[0] ?? '',
      'Representante legal': 'José Núñez',
      Contactos: 'jose@nuble.cl; Pagos@Nuble.cl',
      'Inicio de contrato': new Date(Date.UTC(2024, 2, 1)),
      'Fin de contrato': new Date(Date.UTC(2026, 11, 31)),
      Grupo: 'Norte importado',
      Encargado: 'marta rojas',
      'F29 importado': '03-2026',
    });
    fill(3, {
      Nombre: 'Almacén Ana',
      'Razón social': 'Almacén Ana SpA',
      RUT: ruts[1] ?? '',
      'Representante legal': 'Ana Soto',
      Contactos: 'ana@almacen.cl',
      'Inicio de contrato': '15-01-2022',
      'Fin de contrato': '31-12-2027',
      Grupo: 'norte IMPORTADO',
    });
    fill(4, {
      Nombre: 'Botillería K',
      'Razón social': 'Botillería K SpA',
      RUT: withK,
      'Representante legal': 'Luis Díaz',
      Contactos: 'luis@k.cl',
      'Inicio de contrato': '01/06/2023',
      'Fin de contrato': '2025-06-30',
      'F29 importado': '11-2025',
    });
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const before = await countBusinesses();
    const preview = await send(PREVIEW, bytes);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as ImportPreview;
    expect(body.errors).toEqual([]);
    expect(body.total).toBe(3);
    expect(body.update).toEqual([]);
    expect(body.create.map((r) => [r.row, r.rut])).toEqual([
      [2, formatRut(ruts[0] ?? '')],
      [3, formatRut(ruts[1] ?? '')],
      [4, formatRut(withK)],
    ]);
    expect(body.create[0]).toMatchObject({
      contact: 'jose@nuble.cl,pagos@nuble.cl',
      startContract: '2024-03-01',
      endContract: '2026-12-31',
      group: 'Norte importado',
      responsibleUserId: owner.id,
      responsibleName: 'Marta Rojas',
      services: [{ serviceId, serviceName: 'F29 importado', startDate: '2026-03-01' }],
    });
    expect(body.create[1]).toMatchObject({ startContract: '2022-01-15', group: 'Norte importado', services: [] });
    expect(body.create[2]).toMatchObject({
      rut: formatRut(withK),
      startContract: '2023-06-01',
      endContract: '2025-06-30',
    });
    expect(formatRut(withK).endsWith('-K')).toBe(true);
    expect(await countBusinesses()).toBe(before);

    const confirm = await send(CONFIRM, bytes);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Se crearon 3 empresas y se actualizaron 0', created: 3, updated: 0 });
    const db = t.database.db;
    const stored = await db
      .select()
      .from(businesses)
      .where(
        inArray(
          businesses.rut,
          body.create.map((r) => r.rut),
        ),
      )
      .orderBy(businesses.id);
    expect(stored.map((b) => [b.name, b.responsibleUserId])).toEqual([
      ['Ferretería Ñuble', owner.id],
      ['Almacén Ana', null],
      ['Botillería K', null],
    ]);
    const [group] = await db.select().from(businessGroups).where(eq(businessGroups.name, 'Norte importado'));
    const members = await db
      .select()
      .from(businessGroupMembers)
      .where(eq(businessGroupMembers.groupId, group?.id ?? 0));
    expect(members.map((m) => m.businessId).sort()).toEqual([stored[0]?.id, stored[1]?.id].sort());
    const links = await db
      .select({ businessId: businessServices.businessId, startDate: businessServices.startDate })
      .from(businessServices)
      .where(eq(businessServices.serviceId, serviceId))
      .orderBy(businessServices.businessId);
    expect(links).toEqual([
      { businessId: stored[0]?.id, startDate: '2026-03-01' },
      { businessId: stored[2]?.id, startDate: '2025-11-01' },
    ]);

    // The same file again: three updates, nothing new, the group not duplicated.
    sheet.getCell(3, at('Nombre')).value = 'Almacén Ana Renovado';
    const again = Buffer.from(await workbook.xlsx.writeBuffer());
    const second = await send(PREVIEW, again);
    expect(second.json().create).toEqual([]);
    expect(second.json().update.map((r: { businessId: number }) => r.businessId)).toEqual(stored.map((b) => b.id));
    expect(second.json().update.map((r: ImportRow) => r.renamedFrom)).toEqual([null, 'Almacén Ana', null]);
    // The change of name is written only once confirmed.
    expect((await send(CONFIRM, again)).statusCode).toBe(409);
    const updated = await confirmWith(again, [stored[1]?.id ?? 0]);
    expect(updated.json()).toEqual({ message: 'Se crearon 0 empresas y se actualizaron 3', created: 0, updated: 3 });
    const [renamed] = await db
      .select()
      .from(businesses)
      .where(eq(businesses.id, stored[1]?.id ?? 0));
    expect(renamed?.name).toBe('Almacén Ana Renovado');
    expect(await db.select().from(businessGroups).where(eq(businessGroups.name, 'Norte importado'))).toHaveLength(1);
  });

  it('a semicolon CSV (as Excel saves it in es-CL) with a RUT already in the firm: an update', async () => {
    const existing = await insertBusiness(t, { name: 'Antigua' });
    const fresh = nextRut();
    const csv = [
      FIXED.join(';'),
      `Antigua Renombrada;Antigua SpA;${existing.rut.replaceAll('.', '')};Ana;"a@b.cl, c@d.cl";01-01-2020;31-12-2030;;`,
      `Nueva;Nueva SpA;${fresh.typed};Ana;n@n.cl;01-02-2021;28-02-2031;;`,
    ].join('\r\n');
    const preview = await send(PREVIEW, Buffer.from(csv), roles.owner, 'empresas.csv');
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as ImportPreview;
    expect(body.errors).toEqual([]);
    expect(body.update).toHaveLength(1);
    expect(body.update[0]).toMatchObject({
      row: 2,
      businessId: existing.id,
      name: 'Antigua Renombrada',
      renamedFrom: 'Antigua',
      contact: `${existing.contact},a@b.cl,c@d.cl`,
    });
    expect(body.create).toHaveLength(1);
    expect(body.create[0]).toMatchObject({ row: 3, rut: fresh.formatted, endContract: '2031-02-28' });

    // 'Antigua' → 'Antigua Renombrada' is written only once confirmed; then one of each, said in the singular.
    const unconfirmed = await send(CONFIRM, Buffer.from(csv), roles.owner, 'empresas.csv');
    expect(unconfirmed.statusCode).toBe(409);
    const confirm = await confirmWith(Buffer.from(csv), [existing.id], 'empresas.csv');
    expect(confirm.json()).toEqual({ message: 'Se creó 1 empresa y se actualizó 1', created: 1, updated: 1 });
  });
});

describe('updates by RUT', () => {
  async function cordillera() {
    const marta = await t.userWithRole('collaborator', { name: 'Marta', lastName: 'Cordillera' });
    const pedro = await t.userWithRole('collaborator', { name: 'Pedro', lastName: 'Ñuñoa' });
    const company = await insertBusiness(t, {
      name: 'Transportes Cordillera',
      razonSocial: 'Transportes Cordillera Ltda.',
      legalRepresentative: 'Luis Soto',
      contact: 'pagos@tcordillera.cl,gerencia@tcordillera.cl',
      startContract: '2021-03-01',
      endContract: '2026-12-31',
      responsibleUserId: marta.id,
    });
    const client = await t.userWithRole('client', { businessId: company.id });
    const bytes = await xlsx([
      FIXED,
      row({
        Nombre: 'Panadería Ñuñoa',
        'Razón social': 'Panadería Ñuñoa SpA',
        RUT: company.rut,
        'Representante legal': 'Rosa Díaz',
        Contactos: 'hola@panaderia.cl; PAGOS@tcordillera.cl',
        'Inicio de contrato': '01-03-2021',
        'Fin de contrato': '31-12-2027',
        Encargado: pedro.email,
      }),
    ]);
    return { company, client, marta, pedro, bytes };
  }

  async function stored(id: number) {
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, id));
    return business;
  }

  it("a row with another company's RUT: the preview lists each changed value old → new and flags the change of name with its client users; contacts are added, none removed", async () => {
    const { company, pedro, bytes } = await cordillera();
    const response = await send(PREVIEW, bytes);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ImportPreview;
    expect(body.create).toEqual([]);
    expect(body.update).toHaveLength(1);
    expect(body.update[0]).toMatchObject({
      row: 2,
      businessId: company.id,
      name: 'Panadería Ñuñoa',
      renamedFrom: 'Transportes Cordillera',
      clientUsers: 1,
      contact: 'pagos@tcordillera.cl,gerencia@tcordillera.cl,hola@panaderia.cl',
      responsibleUserId: pedro.id,
    });
    expect(body.update[0]?.changes).toEqual([
      { column: 'Nombre', before: 'Transportes Cordillera', after: 'Panadería Ñuñoa' },
      { column: 'Razón social', before: 'Transportes Cordillera Ltda.', after: 'Panadería Ñuñoa SpA' },
      { column: 'Representante legal', before: 'Luis Soto', after: 'Rosa Díaz' },
      {
        column: 'Contactos',
        before: 'pagos@tcordillera.cl, gerencia@tcordillera.cl',
        after: 'pagos@tcordillera.cl, gerencia@tcordillera.cl, hola@panaderia.cl',
      },
      { column: 'Fin de contrato', before: '31-12-2026', after: '31-12-2027' },
      { column: 'Encargado', before: 'Marta Cordillera', after: 'Pedro Ñuñoa' },
    ]);
  });

  it('confirm without the change of name confirmed: 409 naming the row and nothing written; confirmed: renamed, contacts added to the ones it had, its client user still its own', async () => {
    const { company, client, marta, pedro, bytes } = await cordillera();
    const unchanged = await stored(company.id);

    const refused = await send(CONFIRM, bytes);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      message: importMsg.renamesNotConfirmed,
      importErrors: [
        {
          row: 2,
          column: 'Nombre',
          message: importMsg.renameNotConfirmed('Transportes Cordillera', 'Panadería Ñuñoa'),
        },
      ],
    });
    // Another company's rename confirmed does not count for this one.
    expect((await confirmWith(bytes, [company.id + 1000])).statusCode).toBe(409);
    expect(await stored(company.id)).toEqual(unchanged);
    expect(unchanged).toMatchObject({ name: 'Transportes Cordillera', legalRepresentative: 'Luis Soto' });
    expect(unchanged?.responsibleUserId).toBe(marta.id);

    const confirmed = await confirmWith(bytes, [company.id]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ created: 0, updated: 1 });
    expect(await stored(company.id)).toMatchObject({
      name: 'Panadería Ñuñoa',
      razonSocial: 'Panadería Ñuñoa SpA',
      legalRepresentative: 'Rosa Díaz',
      contact: 'pagos@tcordillera.cl,gerencia@tcordillera.cl,hola@panaderia.cl',
      endContract: '2027-12-31',
      responsibleUserId: pedro.id,
    });
    const [user] = await t.database.db
      .select({ businessId: users.businessId })
      .from(users)
      .where(eq(users.id, client.id));
    expect(user?.businessId).toBe(company.id);
  });

  it('an update that keeps the name needs no confirmation and keeps the contacts the row does not list', async () => {
    const company = await insertBusiness(t, { name: 'Ferretería Sur', contact: 'a@sur.cl,b@sur.cl' });
    const bytes = await xlsx([
      FIXED,
      row({ Nombre: company.name, 'Razón social': company.razonSocial, RUT: company.rut, Contactos: 'c@sur.cl' }),
    ]);
    const preview = (await send(PREVIEW, bytes)).json() as ImportPreview;
    expect(preview.update[0]).toMatchObject({
      renamedFrom: null,
      clientUsers: 0,
      contact: 'a@sur.cl,b@sur.cl,c@sur.cl',
    });
    const confirm = await send(CONFIRM, bytes);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await stored(company.id))?.contact).toBe('a@sur.cl,b@sur.cl,c@sur.cl');
  });

  it('a new razón social under the same name (Ltda. → SpA) is shown old → new and needs no confirmation', async () => {
    const company = await insertBusiness(t, { name: 'Imprenta Maule', razonSocial: 'Imprenta Maule Ltda.' });
    const bytes = await xlsx([
      FIXED,
      row({ Nombre: company.name, 'Razón social': 'Imprenta Maule SpA', RUT: company.rut, Contactos: company.contact }),
    ]);
    const preview = (await send(PREVIEW, bytes)).json() as ImportPreview;
    expect(preview.update[0]?.renamedFrom).toBeNull();
    expect(preview.update[0]?.changes).toContainEqual({
      column: 'Razón social',
      before: 'Imprenta Maule Ltda.',
      after: 'Imprenta Maule SpA',
    });
    const confirm = await send(CONFIRM, bytes);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await stored(company.id))?.razonSocial).toBe('Imprenta Maule SpA');
  });

  it('confirmedRenames that are not ids: 400, nothing written', async () => {
    const { company, bytes } = await cordillera();
    const response = await confirmWith(bytes, 'todas');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: msg.badRequest });
    expect((await stored(company.id))?.name).toBe('Transportes Cordillera');
  });
});

describe('export and import', () => {
  it('the companies list exported, deleted, imported from that workbook and exported again: the same rows', async () => {
    const owner = await t.userWithRole('collaborator', { name: 'Rosa', lastName: 'Lagos' });
    const made = [
      await insertBusiness(t, { name: 'Uno exportado', contact: 'a@uno.cl,b@uno.cl', endContract: '2027-01-31' }),
      await insertBusiness(t, { name: 'Dos exportado', responsibleUserId: owner.id, endContract: '2026-06-30' }),
    ];
    const exportRows = async (ids: number[]) => {
      const response = await api.owner.post('/api/business/export', { ids });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const rows: unknown[][] = [];
      sheet?.eachRow((r) => {
        rows.push((r.values as unknown[]).slice(1));
      });
      return { bytes: response.rawPayload, rows };
    };
    const first = await exportRows(made.map((b) => b.id));
    for (const business of made) expect((await api.owner.delete(`/api/business/${business.id}`)).statusCode).toBe(200);

    const confirm = await send(CONFIRM, first.bytes);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ created: 2, updated: 0 });
    const again = await t.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(
        inArray(
          businesses.rut,
          made.map((b) => b.rut),
        ),
      )
      .orderBy(businesses.id);
    const second = await exportRows(again.map((b) => b.id));
    expect(second.rows).toEqual(first.rows);
  });
});

describe('bad rows', () => {
  it("every bad cell named by row and column with the form's message; confirm answers 400 with them and writes nothing", async () => {
    const bad = nextRut().typed;
    const wrongDigit = `${bad.slice(0, -1)}${bad.endsWith('0') ? '1' : '0'}`;
    const twice = nextRut().typed;
    const rows = [
      [...FIXED, 'Servicio inexistente'],
      row({ RUT: wrongDigit }),
      row({ 'Inicio de contrato': '31-02-2024' }),
      row({ Contactos: 'no-es-correo' }),
      row({ 'Inicio de contrato': '01-01-2025', 'Fin de contrato': '01-01-2024' }),
      row({ RUT: twice }),
      row({ RUT: formatRut(twice) }),
      row({ Encargado: 'Nadie Conocido' }),
      row({ Nombre: '' }),
    ];
    const bytes = await xlsx(rows);
    const preview = await send(PREVIEW, bytes);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as ImportPreview;
    const expected: ImportError[] = [
      { row: 2, column: 'RUT', message: companiesMsg.invalidRut },
      { row: 3, column: 'Inicio de contrato', message: companiesMsg.invalidDate },
      { row: 4, column: 'Contactos', message: companiesMsg.invalidEmail },
      { row: 5, column: 'Fin de contrato', message: companiesMsg.endBeforeStart },
      { row: 7, column: 'RUT', message: importMsg.duplicateRut(6) },
      { row: 8, column: 'Encargado', message: importMsg.ownerNotFound },
      { row: 9, column: 'Nombre', message: companiesMsg.required },
    ];
    expect(body.errors).toEqual(expected);
    expect(body.create.map((r) => r.row)).toEqual([6]);
    expect(body.total).toBe(8);

    const before = await countBusinesses();
    const confirm = await send(CONFIRM, bytes);
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toEqual({ message: importMsg.confirmHasErrors, importErrors: expected });
    expect(await countBusinesses()).toBe(before);
  });

  it('NUL and lone surrogates in cells are refused with the form message, never a 500', async () => {
    // The escapes Excel writes for characters XML cannot hold; the workbook reader turns them back.
    const bytes = await xlsx([
      FIXED,
      row({ Nombre: 'Con_x0000_nulo' }),
      row({ 'Representante legal': 'Solo _xD800_ mitad' }),
      row({ Grupo: 'Grupo_x0000_' }),
    ]);
    const response = await send(PREVIEW, bytes);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ImportPreview;
    // The form's message for the same text.
    const formMessage = BusinessCreateSchema.shape.name.safeParse('Con\u0000nulo').error?.issues[0]?.message;
    expect(formMessage).toBeTruthy();
    expect(BusinessCreateSchema.shape.legalRepresentative.safeParse('\ud800').error?.issues[0]?.message).toBe(
      formMessage,
    );
    expect(body.errors).toEqual([
      { row: 2, column: 'Nombre', message: formMessage },
      { row: 3, column: 'Representante legal', message: formMessage },
      { row: 4, column: 'Grupo', message: formMessage },
    ]);
    expect(body.create).toEqual([]);
  });

  it('an e-mail Excel turned into a link and rich text read as their text', async () => {
    const bytes = await xlsx([
      FIXED,
      row({
        Nombre: { richText: [{ text: 'Rica ' }, { text: 'Empresa', font: { bold: true } }] },
        Contactos: { text: 'link@empresa.cl', hyperlink: 'mailto:link@empresa.cl' },
      }),
    ]);
    const body = (await send(PREVIEW, bytes)).json() as ImportPreview;
    expect(body.errors).toEqual([]);
    expect(body.create[0]).toMatchObject({ name: 'Rica Empresa', contact: 'link@empresa.cl' });
  });

  it("an optional 'Seguimiento desde' column: a month for a new company, a change shown old → new for a known one, a month before 2000 refused", async () => {
    const known = await insertBusiness(t, { name: 'Botillería Norte', trackingSince: '2024-01' });
    const fresh = rutTyped();
    const header = [...FIXED, 'Seguimiento desde'];
    const bytes = await xlsx([
      header,
      [...row({ Nombre: 'Nueva con seguimiento', RUT: fresh.typed }), '11-2025'],
      [...row({ Nombre: known.name, 'Razón social': known.razonSocial, RUT: known.rut }), '03-2026'],
    ]);
    const preview = (await send(PREVIEW, bytes)).json() as ImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.create[0]?.trackingSince).toBe('2025-11');
    expect(preview.update[0]?.changes.filter((change) => change.column === 'Seguimiento desde')).toEqual([
      { column: 'Seguimiento desde', before: '01-2024', after: '03-2026' },
    ]);
    const confirm = await send(CONFIRM, bytes);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [created] = await t.database.db.select().from(businesses).where(eq(businesses.rut, fresh.formatted));
    expect(created?.trackingSince).toBe('2025-11');
    const [updated] = await t.database.db.select().from(businesses).where(eq(businesses.id, known.id));
    expect(updated?.trackingSince).toBe('2026-03');

    const early = await xlsx([header, [...row({}), '12-1999']]);
    expect(((await send(PREVIEW, early)).json() as ImportPreview).errors).toEqual([
      { row: 2, column: 'Seguimiento desde', message: companiesMsg.trackingSinceTooEarly },
    ]);
  });

  it('a service month not MM-YYYY is an error of that service column', async () => {
    await createServiceWithStates(t, 'IVA importado', [{ name: 'Pendiente', pctProgress: 0 }], 2);
    const bytes = await xlsx([
      [...FIXED, 'IVA importado'],
      [...row({}), '13-2026'],
    ]);
    const body = (await send(PREVIEW, bytes)).json() as ImportPreview;
    expect(body.errors).toEqual([{ row: 2, column: 'IVA importado', message: importMsg.invalidMonth }]);
  });
});

/** A ZIP whose one entry deflates `size` zero bytes: tiny on disk, huge unpacked. */
function zipBomb(size: number, declared = size): Buffer {
  const name = Buffer.from('xl/workbook.xml');
  const data = deflateRawSync(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('refused files (nothing written)', () => {
  it('not a spreadsheet, a renamed executable: 415', async () => {
    await expectRefused(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      415,
      importMsg.notSpreadsheet,
    );
    await expectRefused(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 415, importMsg.notSpreadsheet);
    await expectRefused(Buffer.from('solo una línea de texto sin columnas'), 415, importMsg.notSpreadsheet);
  });

  it('an empty sheet, a header without rows: 400', async () => {
    await expectRefused(await xlsx([]), 400, importMsg.emptySheet);
    await expectRefused(await xlsx([FIXED]), 400, importMsg.emptySheet);
  });

  it(`more than ${IMPORT_MAX_ROWS} rows: 413 naming the limit`, async () => {
    const line = row({}).join(';');
    const csv = [FIXED.join(';'), ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => line)].join('\n');
    await expectRefused(Buffer.from(csv), 413, importMsg.tooManyRows(IMPORT_MAX_ROWS));
    expect(importMsg.tooManyRows(IMPORT_MAX_ROWS)).toContain('10.000');
    const sheetRow = row({});
    await expectRefused(
      await xlsx([FIXED, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => sheetRow)]),
      413,
      importMsg.tooManyRows(IMPORT_MAX_ROWS),
    );
  });

  it(`10,000 rows × 80 numeric cells (small on disk, inside the byte limits): 413 naming the ${IMPORT_MAX_CELLS.toLocaleString('es-CL')} cells, read as it streams`, async () => {
    function* numbers() {
      for (let r = 0; r < 10_000; r++) yield Array.from({ length: 80 }, (_, c) => (r + c) % 1000);
    }
    const bytes = await buffer(
      xlsxStream({
        name: 'Empresas',
        columns: [...FIXED, ...Array.from({ length: 71 }, (_, i) => `Columna ${i + 1}`)].map((header) => ({ header })),
        rows: numbers(),
      }),
    );
    expect(bytes.length).toBeLessThan(IMPORT_MAX_BYTES);
    await expectRefused(bytes, 413, importMsg.tooManyCells(IMPORT_MAX_CELLS));
    expect(importMsg.tooManyCells(IMPORT_MAX_CELLS)).toContain('400.000 celdas');
  });

  it('a value beyond the last column a sheet may use: 413', async () => {
    const wide = row({});
    wide[IMPORT_MAX_COLUMNS] = 'lejos';
    await expectRefused(await xlsx([FIXED, wide]), 413, importMsg.tooManyColumns(IMPORT_MAX_COLUMNS));
    const csv = `${FIXED.join(';')}\n${row({}).join(';')}${';'.repeat(IMPORT_MAX_COLUMNS)}x`;
    await expectRefused(Buffer.from(csv), 413, importMsg.tooManyColumns(IMPORT_MAX_COLUMNS));
  });

  it('a formula cell: 400 naming the cell', async () => {
    const bytes = await xlsx([FIXED, row({ Nombre: { formula: 'CONCAT("a","b")' } })]);
    await expectRefused(bytes, 400, importMsg.formulas('A2'));
    await expectRefused(Buffer.from(`${FIXED.join(';')}\n=1+1;b;c;d;e;f;g;;`), 400, importMsg.formulas('A2'));
  });

  it('a zip bomb, refused from its central directory before unpacking: 413', async () => {
    await expectRefused(zipBomb(60 * 1024 * 1024), 413, importMsg.zipBomb);
    await expectRefused(zipBomb(20 * 1024 * 1024), 413, importMsg.zipBomb);
    // A directory that lies (declares 4 KB, unpacks to 40 MB): caught while unpacking, capped at 4 KB.
    await expectRefused(zipBomb(40 * 1024 * 1024, 4096), 413, importMsg.zipBomb);
  });

  it('a required header missing: 400 naming it', async () => {
    const headers = FIXED.filter((header) => header !== 'RUT');
    await expectRefused(await xlsx([headers, row({}).slice(0, 8)]), 400, importMsg.missingHeader('RUT'));
  });

  it('over 5 MB: 413; no file: 400; not multipart: 415', async () => {
    await expectRefused(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), 413, importMsg.tooLarge);
    const noFile = await t.request({
      method: 'POST',
      url: PREVIEW,
      token: roles.owner,
      ...multipartFiles([{ name: 'x.txt', bytes: Buffer.from('x'), field: 'otro' }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(importMsg.fileRequired);
    const json = await api.owner.post(PREVIEW, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('concurrency', () => {
  it('a confirm and a parallel single edit of one of its companies end consistent', async () => {
    const target = await insertBusiness(t, { name: 'Editada', startContract: '2020-01-01', endContract: '2030-12-31' });
    const others = [nextRut(), nextRut()];
    const bytes = await xlsx([
      FIXED,
      row({ Nombre: 'Importada', 'Razón social': 'Importada SpA', RUT: target.rut }),
      ...others.map((rut) => row({ RUT: rut.typed })),
    ]);
    const edit = {
      name: 'Editada a mano',
      razonSocial: 'Editada a mano SpA',
      rut: target.rut,
      startContract: '2020-01-01',
      endContract: '2030-12-31',
      legalRepresentative: 'Otra Persona',
      contact: 'otra@persona.cl',
    };
    const [confirm, put] = await Promise.all([
      confirmWith(bytes, [target.id]),
      api.owner.put(`/api/business/${target.id}`, edit),
    ]);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(put.statusCode, put.body).toBe(200);
    const [stored] = await t.database.db.select().from(businesses).where(eq(businesses.id, target.id));
    const fields = {
      name: stored?.name,
      razonSocial: stored?.razonSocial,
      legalRepresentative: stored?.legalRepresentative,
      contact: stored?.contact,
    };
    // Either write whole, never a mix of the two; the import adds its contact to the edit's.
    expect([
      {
        name: 'Importada',
        razonSocial: 'Importada SpA',
        legalRepresentative: 'Ana Pérez',
        contact: 'otra@persona.cl,ana@empresa.cl',
      },
      {
        name: edit.name,
        razonSocial: edit.razonSocial,
        legalRepresentative: edit.legalRepresentative,
        contact: edit.contact,
      },
    ]).toContainEqual(fields);
    const imported = await t.database.db
      .select()
      .from(businesses)
      .where(
        inArray(
          businesses.rut,
          others.map((rut) => rut.formatted),
        ),
      );
    expect(imported).toHaveLength(2);
  });
});
