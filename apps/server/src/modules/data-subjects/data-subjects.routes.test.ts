import fs from 'node:fs';
import path from 'node:path';
import { msg } from '@app/shared/messages';
import { dataSubjectsMsg } from '@app/shared/messages-data-subjects';
import { currentPeriod } from '@app/shared/period';
import type { SubjectSearchResult, SubjectSuppressed } from '@app/shared/schemas/data-subjects';
import type { FolderView } from '@app/shared/schemas/documents';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { readZip } from '../../test/zip-reader.ts';
import { businessFiles, fileDownloads } from '../documents/documents.tables.ts';
import { emailLog } from '../email/email.tables.ts';
import { messages } from '../messages/messages.tables.ts';
import { notes } from '../notes/notes.tables.ts';
import { users } from '../users/users.tables.ts';

// 'Buscar titular', 'Exportar' and 'Suprimir': owners only; a client user found across the places
// that name them, exported as a .zip, then suppressed under a pseudonym in one transaction.

const { t, roles, api } = appWithEveryRole();
const period = currentPeriod();

const ANA = { name: 'Ana María', lastName: 'Pérez Soto', email: 'ana.perez@elroble.cl', password: 'clave-de-ana-1' };
const fixture = { businessId: 0, anaId: 0, anaToken: '', fileId: 0, otherNoteId: 0 };

const search = (by: string, value: string) => api.owner.post('/api/data-subjects/search', { by, value });
const place = (result: SubjectSearchResult, name: string) => {
  const found = result.places.find((entry) => entry.place === name);
  if (!found) throw new Error(`no place ${name}`);
  return found;
};

beforeAll(async () => {
  const company = await insertBusiness(t, {
    name: 'Ferretería El Roble',
    legalRepresentative: 'Ana María Pérez Soto',
    contact: `${ANA.email},compras@elroble.cl`,
  });
  fixture.businessId = company.id;
  const created = await api.owner.post('/api/user', { ...ANA, role: 'client', businessId: company.id });
  expect(created.statusCode, created.body).toBe(201);
  fixture.anaId = created.json().user.id;
  fixture.anaToken = await t.login(ANA.email, ANA.password);

  // Ana writes in her company's thread, and the firm answers naming her.
  const anaMessage = await t.request({
    method: 'POST',
    url: `/api/messages/business/${company.id}`,
    token: fixture.anaToken,
    payload: { text: 'Hola, adjunto las facturas de octubre.' },
  });
  expect(anaMessage.statusCode, anaMessage.body).toBe(201);
  const answer = await api.owner.post(`/api/messages/business/${company.id}`, {
    text: 'Gracias, ANA MARIA PEREZ SOTO.',
  });
  expect(answer.statusCode, answer.body).toBe(201);

  // A note naming her without accents; another about someone else (Mariana, never 'Ana').
  expect(
    (await api.owner.post('/api/note', { description: 'Llamar a ana maria perez soto por el F29' })).statusCode,
  ).toBe(201);
  const other = await api.owner.post('/api/note', { description: 'Mariana pide la cartola de mañana' });
  fixture.otherNoteId = other.json().note.id;

  // A mail to her, logged.
  const mail = await api.owner.post('/api/utils/send-email', {
    subject: 'Documentos pendientes',
    content: 'Estimada Ana María Pérez Soto: faltan las boletas.',
    emails: [ANA.email, 'compras@elroble.cl'],
    businessId: company.id,
  });
  expect(mail.statusCode, mail.body).toBe(200);

  // A document she uploads into a folder clients may upload to.
  const { serviceId } = await createServiceWithStates(t, 'Contabilidad', [{ name: 'Pendiente', pctProgress: 0 }]);
  const folder = await api.owner.post(`/api/service/${serviceId}/folder`, { name: 'Documentos del cliente' });
  const folderId = folder.json().folder.id as number;
  await api.owner.put(`/api/service/${serviceId}/folder/${folderId}`, {
    name: 'Documentos del cliente',
    clientCanUpload: true,
  });
  await linkService(t, company.id, serviceId, '2020-01-01');
  const view = (
    await api.owner.get(`/api/business/${company.id}/folder/year/${period.year}/month/${period.month}`)
  ).json() as FolderView;
  const businessFolderId = view.folders.find((entry) => entry.id === folderId)?.businessFolderId;
  const upload = await t.request({
    method: 'POST',
    url: `/api/business-folder/${businessFolderId}/file`,
    token: fixture.anaToken,
    ...multipartFiles([{ name: 'factura-octubre.pdf', bytes: tinyPdf('factura') }]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  fixture.fileId = upload.json().files[0].id;
  // The owner downloads it once: the download log names who the link was issued to.
  const listed = (
    await api.owner.get(`/api/business/${company.id}/folder/${folderId}/year/${period.year}/month/${period.month}`)
  ).json() as FolderView;
  const file = listed.files.find((entry) => entry.id === fixture.fileId);
  expect((await t.request({ method: 'GET', url: file?.url ?? '' })).statusCode).toBe(200);
  const anaListed = (
    await t.request({
      method: 'GET',
      url: `/api/business/${company.id}/folder/${folderId}/year/${period.year}/month/${period.month}`,
      token: fixture.anaToken,
    })
  ).json() as FolderView;
  const anaFile = anaListed.files.find((entry) => entry.id === fixture.fileId);
  expect((await t.request({ method: 'GET', url: anaFile?.url ?? '' })).statusCode).toBe(200);
});

describe('who may use it', () => {
  for (const path of ['search', 'export', 'suppress']) {
    it(`POST /api/data-subjects/${path}: anonymous 401, client and collaborator 403`, async () => {
      const body = { by: 'email', value: 'nadie@ejemplo.cl' };
      const anonymous = await api.anonymous.post(`/api/data-subjects/${path}`, body);
      expect(anonymous.statusCode).toBe(401);
      for (const caller of [api.client, api.collaborator]) {
        const refused = await caller.post(`/api/data-subjects/${path}`, body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: msg.forbidden });
      }
    });
  }

  it('answers the owner (200), with nothing found for an unknown person', async () => {
    const response = await search('email', 'nadie@ejemplo.cl');
    expect(response.statusCode).toBe(200);
    const result = response.json() as SubjectSearchResult;
    expect(result.count).toBe(0);
    expect(result.suppressRefusal).toBe(dataSubjectsMsg.nothingFound);
    expect(
      (await api.owner.post('/api/data-subjects/export', { by: 'email', value: 'nadie@ejemplo.cl' })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/data-subjects/search', () => {
  it('refuses a RUT without its check digit, or with another one, in Spanish on the field', async () => {
    const withoutCheckDigit = await search('rut', '12.345.678');
    expect(withoutCheckDigit.statusCode).toBe(400);
    expect(withoutCheckDigit.json().errors).toEqual([
      { field: 'value', message: dataSubjectsMsg.rutWithoutCheckDigit('12.345.678') },
    ]);
    const wrong = await search('rut', '12.345.678-9');
    expect(wrong.json().errors[0].message).toBe(dataSubjectsMsg.rutWrongCheckDigit('12.345.678'));
    const notAnEmail = await search('email', 'ana arroba elroble');
    expect(notAnEmail.json().errors[0].message).toBe(dataSubjectsMsg.emailInvalid);
  });

  it('finds a client user by e-mail in every place that names her, with counts, lines and links', async () => {
    const response = await search('email', 'ANA.PEREZ@ELROBLE.CL');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as SubjectSearchResult;
    expect(result.accounts).toEqual([
      { id: fixture.anaId, name: 'Ana María Pérez Soto', email: ANA.email, role: 'client', suppressed: false },
    ]);
    expect(result.widened).toBe(true);
    expect(result.suppressRefusal).toBeNull();
    expect(place(result, 'users').hits[0]?.link).toBe(`/empresas/${fixture.businessId}`);
    const companies = place(result, 'companies');
    expect(companies.count).toBe(1);
    expect(companies.hits[0]?.detail).toContain('Representante legal: Ana María Pérez Soto');
    expect(companies.hits[0]?.detail).toContain(`Contacto: ${ANA.email}`);
    // Her own message and the firm's answer naming her in capitals without accents.
    expect(place(result, 'messages').count).toBe(2);
    expect(place(result, 'messages').hits[0]?.link).toBe(`/mensajes/empresa/${fixture.businessId}`);
    // The note naming her, not the one about Mariana.
    expect(place(result, 'notes').count).toBe(1);
    expect(place(result, 'notes').hits[0]?.title).toBe('Llamar a ana maria perez soto por el F29');
    expect(place(result, 'emails').count).toBe(1);
    expect(place(result, 'documents').hits.map((hit) => hit.title)).toEqual(['factura-octubre.pdf']);
    // Her account's creation, her sign-in, her message and her upload, at least.
    expect(place(result, 'activity').count).toBeGreaterThanOrEqual(4);
    expect(result.count).toBe(result.places.reduce((sum, entry) => sum + entry.count, 0));
  });

  it('finds her by name whatever the accents and case, and never inside another word', async () => {
    const result = (await search('name', 'ana maria PEREZ')).json() as SubjectSearchResult;
    expect(result.accounts.map((account) => account.id)).toEqual([fixture.anaId]);
    expect(place(result, 'notes').hits.map((hit) => hit.id)).not.toContain(String(fixture.otherNoteId));
    const mariana = (await search('name', 'Ana')).json() as SubjectSearchResult;
    expect(place(mariana, 'notes').hits.map((hit) => hit.id)).not.toContain(String(fixture.otherNoteId));
  });

  it('finds a company by its RUT written with or without dots and dash', async () => {
    const company = await insertBusiness(t, { name: 'Juan Soto EIRL', legalRepresentative: 'Juan Soto' });
    const digits = company.rut.replaceAll('.', '').replace('-', '');
    for (const spelling of [company.rut, company.rut.replaceAll('.', ''), digits]) {
      const result = (await search('rut', spelling)).json() as SubjectSearchResult;
      expect(place(result, 'companies').hits.map((hit) => hit.title)).toEqual(['Juan Soto EIRL']);
      expect(place(result, 'companies').hits[0]?.detail).toContain(`RUT de la empresa: ${company.rut}`);
    }
  });

  it('stops counting a place at 1,000: a term that broad names no one person', async () => {
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'duena@estudio.cl'));
    await t.database.db.execute(sql`
      insert into notes (description, user_id, created_at)
      select 'Pedir la cartola a Zapata ' || g, ${owner?.id}, now() - (g || ' minutes')::interval
      from generate_series(1, 1005) g`);
    const result = (await search('name', 'Zapata')).json() as SubjectSearchResult;
    expect(place(result, 'notes')).toMatchObject({ count: 1000, more: true });
    // Its lines are the newest of the rows counted.
    expect(place(result, 'notes').hits).toHaveLength(5);
    expect(result.more).toBe(true);
    expect(place(result, 'messages')).toMatchObject({ count: 0, more: false });
    await t.database.db.execute(sql`delete from notes where description like 'Pedir la cartola a Zapata %'`);
  });

  it('logs each search by its kind, a keyed fingerprint and the count, never the term', async () => {
    await search('email', ANA.email);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'data_subject'))
      .orderBy(sql`${activity.id} desc`)
      .limit(1);
    expect(entry?.action).toBe('searched');
    const after = entry?.details?.after ?? {};
    expect(after.searchedBy).toBe('Correo');
    expect(after.fingerprint).toBe(t.modules.dataSubjects.fingerprintOf({ by: 'email', email: ANA.email }));
    expect(after.found).toBeGreaterThan(5);
    expect(JSON.stringify(entry)).not.toMatch(/elroble|ana/i);
  });

  it('says why she could not be suppressed: a staff member, the last owner, several accounts', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const staff = (await search('email', collaborator.email)).json() as SubjectSearchResult;
    expect(staff.suppressRefusal).toBe(dataSubjectsMsg.refusedStaff('Usuario collaborator'));
    const owner = (await search('email', 'duena@estudio.cl')).json() as SubjectSearchResult;
    expect(owner.suppressRefusal).toMatch(/último dueño/);
  });
});

describe('POST /api/data-subjects/export', () => {
  it('answers a .zip with the JSON of everything found and a workbook of a sheet per place', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/data-subjects/export',
      token: roles.owner,
      payload: { by: 'email', value: ANA.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/datos-titular-\d{4}-\d{2}-\d{2}\.zip/);
    const entries = readZip(response.rawPayload);
    expect([...entries.keys()]).toEqual(['titular.json', 'titular.xlsx']);
    const json = JSON.parse(entries.get('titular.json')?.toString('utf8') ?? '');
    expect(json.formato).toBe('estudio-contable/titular-de-datos/1');
    expect(json.busqueda).toEqual({ por: 'Correo', valor: ANA.email });
    expect(json.usuarios).toEqual([
      expect.objectContaining({ id: fixture.anaId, nombre: 'Ana María', apellido: 'Pérez Soto', correo: ANA.email }),
    ]);
    expect(json.empresas[0]).toMatchObject({
      nombre: 'Ferretería El Roble',
      representanteLegal: 'Ana María Pérez Soto',
    });
    expect(json.mensajes.map((row: { texto: string }) => row.texto)).toEqual([
      'Hola, adjunto las facturas de octubre.',
      'Gracias, ANA MARIA PEREZ SOTO.',
    ]);
    expect(json.notas).toHaveLength(1);
    expect(json.correos[0].destinatarios).toEqual([ANA.email, 'compras@elroble.cl']);
    expect(json.documentos[0]).toMatchObject({ nombre: 'factura-octubre.pdf', empresa: 'Ferretería El Roble' });
    expect(json.actividad.length).toBe(json.registros.actividad);
    expect(json.registros.mensajes).toBe(2);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries.get('titular.xlsx') as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Usuarios',
      'Empresas',
      'Notas',
      'Mensajes',
      'Correos enviados',
      'Documentos subidos',
      'Registro de actividad',
    ]);
    const messagesSheet = workbook.getWorksheet('Mensajes');
    expect(messagesSheet?.getRow(2).getCell(5).value).toBe('Hola, adjunto las facturas de octubre.');
    expect(messagesSheet?.rowCount).toBe(3);

    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.action, 'exported'))
      .orderBy(sql`${activity.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ kind: 'data_subject', actorName: 'Administrador' });
    expect(JSON.stringify(entry?.details)).not.toMatch(/elroble/);
  });
});

describe('POST /api/data-subjects/suppress', () => {
  it('refuses a staff member and the last owner (409), changing nothing', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const staff = await api.owner.post('/api/data-subjects/suppress', { by: 'email', value: collaborator.email });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().message).toBe(dataSubjectsMsg.refusedStaff('Usuario collaborator'));
    const owner = await api.owner.post('/api/data-subjects/suppress', { by: 'email', value: 'duena@estudio.cl' });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toMatch(/último dueño/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, collaborator.email));
    expect(row?.suppressedAt).toBeNull();
  });

  it('suppresses her everywhere in one go, keeps what the law keeps, and says which is which', async () => {
    // She approved her own upload when the firm asked: the approval's proof stays.
    const asked = await api.owner.post(`/api/business/${fixture.businessId}/approvals`, {
      fileId: fixture.fileId,
      title: 'Factura de octubre',
      message: '',
      reminderDays: 3,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const answered = await t.request({
      method: 'POST',
      url: `/api/approvals/${asked.json().approval.id}/answer`,
      token: fixture.anaToken,
      payload: { answer: 'approve', comment: '' },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const response = await api.owner.post('/api/data-subjects/suppress', { by: 'email', value: ANA.email });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as SubjectSuppressed;
    const pseudonym = result.pseudonym;
    expect(pseudonym).toMatch(/^Titular suprimido #\d+$/);
    expect(result.message).toBe(dataSubjectsMsg.suppressed(pseudonym));
    const what = (lines: SubjectSuppressed['removed']) =>
      Object.fromEntries(lines.map((line) => [line.what, line.count]));
    expect(what(result.removed)).toMatchObject({
      'Correos de contacto de empresas eliminados': 1,
      'Representante legal de empresas reemplazado por el seudónimo': 1,
      'Notas: nombre, correo y RUT reemplazados por el seudónimo': 1,
      'Mensajes: el autor figura con el seudónimo': 1,
      // The mail naming her and the approval's request to her.
      'Correos enviados: dirección, nombre y RUT enmascarados en el registro': 2,
      'Avisos de la aplicación en las conversaciones: nombre reemplazado por el seudónimo': 1,
      'Registro de descargas de documentos: nombre reemplazado por el seudónimo': 1,
    });
    expect(what(result.kept)).toMatchObject({
      'Documentos que subió': 1,
      'Texto de los mensajes que escribió o que la nombran': 2,
      'Aprobaciones de documentos que respondió, con su certificado': 1,
    });
    expect(result.kept.find((line) => line.what === 'Documentos que subió')?.reason).toBe(dataSubjectsMsg.taxRetention);

    // The account: disabled, under the pseudonym, her session over.
    const [account] = await t.database.db.select().from(users).where(eq(users.id, fixture.anaId));
    expect(account).toMatchObject({ name: pseudonym, lastName: '', role: 'client' });
    expect(account?.email).toMatch(/@suprimido\.invalid$/);
    expect(account?.suppressedAt).not.toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: fixture.anaToken })).statusCode).toBe(401);

    // The company: her address gone, the representative replaced; its client users list leaves her out.
    const detail = (await api.owner.get(`/api/business/${fixture.businessId}`)).json();
    expect(JSON.stringify(detail)).not.toMatch(/ana|pérez/i);
    const company = detail.business ?? detail;
    expect(company.contact).toBe('compras@elroble.cl');
    expect(company.legalRepresentative).toBe(pseudonym);

    // Messages: her author name is the pseudonym; the texts stay as written.
    const thread = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.businessId, fixture.businessId))
      .orderBy(messages.id);
    expect(thread.map((row) => [row.authorName, row.body])).toEqual([
      [pseudonym, 'Hola, adjunto las facturas de octubre.'],
      ['Administrador', 'Gracias, ANA MARIA PEREZ SOTO.'],
      ['', 'Se solicitó tu aprobación de «Factura de octubre»'],
      ['', expect.stringMatching(new RegExp(`^${pseudonym} aprobó «Factura de octubre»`))],
    ]);

    // Notes: her name replaced; Mariana's note untouched.
    const allNotes = await t.database.db.select().from(notes).orderBy(notes.id);
    expect(allNotes.map((row) => row.description)).toContain(`Llamar a ${pseudonym} por el F29`);
    expect(allNotes.map((row) => row.description)).toContain('Mariana pide la cartola de mañana');

    // The e-mail log: her address and name masked, the other recipient kept.
    const [mail] = await t.database.db.select().from(emailLog).where(eq(emailLog.subject, 'Documentos pendientes'));
    expect(mail?.emails).toBe(`[${pseudonym}],compras@elroble.cl`);
    expect(mail?.content).toBe(`Estimada ${pseudonym}: faltan las boletas.`);

    // The document stays, with its reason; the download log names the pseudonym.
    const [file] = await t.database.db.select().from(businessFiles).where(eq(businessFiles.id, fixture.fileId));
    expect(file?.retentionReason).toBe(dataSubjectsMsg.taxRetention);
    const downloads = await t.database.db.select().from(fileDownloads).where(eq(fileDownloads.fileId, fixture.fileId));
    expect(downloads.map((row) => row.issuedToName)).toContain(pseudonym);
    expect(JSON.stringify(downloads)).not.toMatch(/Ana|Pérez/);

    // The activity log: her actions stay, under the pseudonym; nothing names her any more.
    const entries = await t.database.db.select().from(activity);
    const hers = entries.filter((entry) => entry.actorId === fixture.anaId);
    expect(hers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hers.map((entry) => entry.actorName))).toEqual(new Set([pseudonym]));
    expect(JSON.stringify(entries)).not.toMatch(/ana\.perez|Ana María|Pérez Soto/i);
    const suppressed = entries.find((entry) => entry.action === 'suppressed');
    expect(suppressed).toMatchObject({ kind: 'data_subject', recordLabel: pseudonym });

    // Searching for her again finds only what the law keeps: the messages' texts naming her.
    const again = (await search('email', ANA.email)).json() as SubjectSearchResult;
    expect(again.accounts).toEqual([]);
    expect(again.places.filter((entry) => entry.count > 0).map((entry) => entry.place)).toEqual([]);
    const byName = (await search('name', 'Ana María Pérez')).json() as SubjectSearchResult;
    expect(byName.places.filter((entry) => entry.count > 0).map((entry) => [entry.place, entry.count])).toEqual([
      ['messages', 1],
    ]);

    // Her old address signs in nobody (the attempt is logged as typed, as any failed sign-in is).
    const signIn = await api.anonymous.post('/api/login', { email: ANA.email, password: ANA.password });
    expect(signIn.statusCode).toBe(401);
  });

  it('suppresses a person once when asked twice at the same moment: the second finds nothing left (404)', async () => {
    const luis = await api.owner.post('/api/user', {
      name: 'Luis',
      lastName: 'Rojas Díaz',
      email: 'luis.rojas@elroble.cl',
      password: 'clave-de-luis-1',
      role: 'client',
      businessId: fixture.businessId,
    });
    expect(luis.statusCode, luis.body).toBe(201);
    const body = { by: 'email', value: 'luis.rojas@elroble.cl' };
    const answers = await Promise.all([
      api.owner.post('/api/data-subjects/suppress', body),
      api.owner.post('/api/data-subjects/suppress', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, luis.json().user.id));
    const done = answers.find((answer) => answer.statusCode === 200)?.json() as SubjectSuppressed;
    expect(account?.name).toBe(done.pseudonym);
    const suppressedEntries = await t.database.db.select().from(activity).where(eq(activity.action, 'suppressed'));
    expect(suppressedEntries.filter((entry) => entry.recordLabel === done.pseudonym)).toHaveLength(1);
  });

  it('changes nothing when the activity log refuses its part (a role without the right): 503, said plainly', async () => {
    const rosa = await api.owner.post('/api/user', {
      name: 'Rosa',
      lastName: 'Díaz Vega',
      email: 'rosa.diaz@elroble.cl',
      password: 'clave-de-rosa-1',
      role: 'client',
      businessId: fixture.businessId,
    });
    expect(rosa.statusCode, rosa.body).toBe(201);
    await api.owner.post('/api/note', { description: 'Rosa Díaz Vega pide una reunión' });
    const db = t.database.db;
    // As a PostgreSQL role without UPDATE on the log's name columns answers: insufficient privilege.
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'permission denied for table activity' USING ERRCODE = 'insufficient_privilege'; END; $$`),
    );
    try {
      const refused = await api.owner.post('/api/data-subjects/suppress', {
        by: 'email',
        value: 'rosa.diaz@elroble.cl',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(dataSubjectsMsg.refusedActivityRights);
    } finally {
      const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0037_data_subjects.sql'), 'utf8');
      await db.execute(
        sql.raw(migration.slice(migration.indexOf('CREATE OR REPLACE FUNCTION "activity_append_only"'))),
      );
    }
    // One transaction: her account and the note are as they were, and no suppression was recorded.
    const [account] = await db.select().from(users).where(eq(users.id, rosa.json().user.id));
    expect(account).toMatchObject({ name: 'Rosa', lastName: 'Díaz Vega', suppressedAt: null });
    const [note] = await db.select().from(notes).where(eq(notes.description, 'Rosa Díaz Vega pide una reunión'));
    expect(note).toBeDefined();
    const suppression = await api.owner.post('/api/data-subjects/suppress', {
      by: 'email',
      value: 'rosa.diaz@elroble.cl',
    });
    expect(suppression.statusCode, suppression.body).toBe(200);
  });

  it('keeps the activity log append-only for anything else', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update activity set actor_name = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from activity`)).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.activity_pseudonymise', 'on', true)`);
        await tx.execute(sql`update activity set kind = 'user' where kind = 'data_subject'`);
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.activity_pseudonymise', 'on', true)`);
        await tx.execute(sql`update activity set ip = '10.0.0.1'`);
      }),
    ).rejects.toThrow();
  });
});
