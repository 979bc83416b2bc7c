import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businessFiles, businessFolders } from '../documents/documents.tables.ts';
import { emailLog } from '../email/email.tables.ts';
import { monthlyStates } from '../monthly-states/monthly-states.tables.ts';
import { documentRequestItems, documentRequests } from '../requests/requests.tables.ts';
import { serviceFolders, services } from '../services/services.tables.ts';
import { businessInTask, taskStates, tasks } from '../tasks/tasks.tables.ts';
import { digestSends } from './scheduler.tables.ts';

const APP_URL = 'https://estudio.example.cl';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
});

afterAll(() => t.close());

let counter = 0;
/** F29-like: due the 12th on paper and the 20th online, three states (the last one is done). */
async function service() {
  counter++;
  const created = await createServiceWithStates(
    t,
    `F29 ${counter}`,
    [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'En revisión', pctProgress: 50 },
      { name: 'Declarado', pctProgress: 100 },
    ],
    counter,
  );
  await t.database.db
    .update(services)
    .set({ dueDay: 12, dueDayElectronic: 20 })
    .where(eq(services.id, created.serviceId));
  const [pending = 0, reviewing = 0, declared = 0] = created.stateIds;
  return { id: created.serviceId, name: `F29 ${counter}`, pending, reviewing, declared };
}

type Service = Awaited<ReturnType<typeof service>>;

async function company(owner: number | null, serviceOf: Service, values: { name: string; electronicFiling: boolean }) {
  const business = await insertBusiness(t, { ...values, responsibleUserId: owner });
  await linkService(t, business.id, serviceOf.id);
  return business;
}

const setCell = (businessId: number, serviceOf: Service, month: number, stateId: number) =>
  t.database.db
    .insert(monthlyStates)
    .values({ businessId, serviceId: serviceOf.id, year: 2026, month, stateId, updatedByName: 'Ana P.' });

async function task(responsableId: number, businessId: number, name: string, expirationDate = 15) {
  const [row] = await t.database.db.insert(tasks).values({ name, responsableId, expirationDate }).returning();
  if (!row) throw new Error('task insert failed');
  await t.database.db.insert(businessInTask).values({ taskId: row.id, businessId, startDate: '2021-01-01' });
  return row;
}

const setTaskCell = (taskId: number, businessId: number, month: number, state: string) =>
  t.database.db.insert(taskStates).values({ taskId, businessId, year: 2026, month, state, updatedByName: 'Ana P.' });

const mailsTo = (email: string, app = t) => app.mailer.sent.filter((mail) => mail.to.includes(email));
const tick = (at: string, app = t) => app.modules.scheduler.tick(new Date(at));

describe('the morning digest', () => {
  it('goes at 08:00 in Santiago on a business day, once, to each staff member with their companies and tasks grouped by company, with links to the filtered boards', async () => {
    const carolina = await t.userWithRole('owner', { name: 'Carolina' });
    const javier = await t.userWithRole('collaborator', { name: 'Javier' });
    const f29 = await service();
    const alfa = await company(carolina.id, f29, { name: `Alfa <Sur> & Cía ${counter}`, electronicFiling: false });
    await setCell(alfa.id, f29, 10, f29.reviewing); // October's, due 12-11: late
    await setCell(alfa.id, f29, 9, f29.declared); // September's, at the last state: done
    // November's stays Pendiente, due Saturday 12-12, so Monday 14-12; August's is older than the 3 periods read.
    const beta = await company(carolina.id, f29, { name: `Beta ${counter}`, electronicFiling: true });
    // Online: November's is due 21-12 (beyond the week), October's 20-11 and September's 20-10 are late.
    const gamma = await company(javier.id, f29, { name: `Gamma ${counter}`, electronicFiling: false });
    const conciliation = await task(carolina.id, gamma.id, 'Conciliación bancaria');
    await setTaskCell(conciliation.id, gamma.id, 11, 'En proceso'); // due 15-12: in 6 days
    await setTaskCell(conciliation.id, gamma.id, 10, 'Terminado'); // done
    // September's task is due 15-10 and was never started: late.
    await company(null, f29, { name: `Sin encargado ${counter}`, electronicFiling: false }); // nobody's

    await tick('2026-12-09T10:59:00Z'); // Wednesday 07:59 in Santiago (summer time, UTC-3)
    expect(mailsTo(carolina.email)).toEqual([]);

    await tick('2026-12-09T11:00:00Z');
    await tick('2026-12-09T11:01:00Z');
    await tick('2026-12-09T18:00:00Z');
    const [mail, ...more] = mailsTo(carolina.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(
      'Resumen de vencimientos del 09-12-2026: 4 atrasadas y 2 por vencer en los próximos 7 días',
    );
    const board = (month: number) => `${APP_URL}/?anio=2026&mes=${month}&encargado=${carolina.id}`;
    const taskBoard = (month: number) =>
      `${APP_URL}/seguimiento-tareas?anio=2026&mes=${month}&responsable=${carolina.id}`;
    expect(mail?.text).toBe(
      [
        'Hola Carolina, estos son tus vencimientos al 09-12-2026: 4 atrasadas y 2 por vencer en los próximos 7 días.',
        [
          `${alfa.name} (${alfa.rut})`,
          `- ${f29.name} (octubre 2026): En revisión, vence el 12-11-2026, atrasada`,
          `- ${f29.name} (noviembre 2026): Pendiente, vence el 14-12-2026, vence en 5 días`,
        ].join('\n'),
        [
          `${beta.name} (${beta.rut})`,
          `- ${f29.name} (septiembre 2026): Pendiente, vence el 20-10-2026, atrasada`,
          `- ${f29.name} (octubre 2026): Pendiente, vence el 20-11-2026, atrasada`,
        ].join('\n'),
        [
          `${gamma.name} (${gamma.rut})`,
          '- Tarea Conciliación bancaria (septiembre 2026): No comenzado, vence el 15-10-2026, atrasada',
          '- Tarea Conciliación bancaria (noviembre 2026): En proceso, vence el 15-12-2026, vence en 6 días',
        ].join('\n'),
        [
          'Ver en los tableros:',
          `- Tablero mensual de septiembre 2026, mis empresas: ${board(9)}`,
          `- Tablero mensual de octubre 2026, mis empresas: ${board(10)}`,
          `- Tablero mensual de noviembre 2026, mis empresas: ${board(11)}`,
          `- Seguimiento de tareas de septiembre 2026, mis tareas: ${taskBoard(9)}`,
          `- Seguimiento de tareas de noviembre 2026, mis tareas: ${taskBoard(11)}`,
        ].join('\n'),
        `Puedes dejar de recibir este resumen en Mi perfil: ${APP_URL}/perfil`,
      ].join('\n\n'),
    );
    // The HTML escapes the company's name and links the filtered board.
    expect(mail?.html).toContain(`<h3>Alfa &#60;Sur&#62; &#38; Cía ${counter} (${alfa.rut})</h3>`);
    expect(mail?.html).not.toContain('<Sur>');
    expect(mail?.html).toContain(`<a href="${board(11).replaceAll('&', '&#38;')}">`);

    // Javier owns Gamma: its F29 cells, not Carolina's task.
    const [javiersMail, ...javiersMore] = mailsTo(javier.email);
    expect(javiersMore).toEqual([]);
    expect(javiersMail?.text).toContain(
      [
        `${gamma.name} (${gamma.rut})`,
        `- ${f29.name} (septiembre 2026): Pendiente, vence el 13-10-2026, atrasada`,
        `- ${f29.name} (octubre 2026): Pendiente, vence el 12-11-2026, atrasada`,
        `- ${f29.name} (noviembre 2026): Pendiente, vence el 14-12-2026, vence en 5 días\n\n`,
      ].join('\n'),
    );
    expect(javiersMail?.text).not.toContain('Conciliación');
    expect(javiersMail?.text).toContain(`${APP_URL}/?anio=2026&mes=11&encargado=${javier.id}`);

    // Written to the e-mail log, without a sender or a company.
    const logged = await t.database.db.select().from(emailLog).where(eq(emailLog.emails, carolina.email));
    expect(logged).toMatchObject([
      { subject: mail?.subject, content: mail?.text, ok: true, sentBy: null, businessId: null },
    ]);
  });

  it('gives a task the due date of a service with the same day: day 12 of September 2026 is due on Tuesday 13 October, past the holiday', async () => {
    const user = await t.userWithRole('collaborator');
    const f29 = await service();
    const theta = await company(user.id, f29, { name: `Theta ${counter}`, electronicFiling: false });
    await task(user.id, theta.id, 'Cuadratura', 12);
    await tick('2026-10-13T11:00:00Z'); // Tuesday 13 October, 08:00 in Santiago (UTC-3)
    const [mail] = mailsTo(user.email);
    expect(mail?.text).toContain(`- ${f29.name} (septiembre 2026): Pendiente, vence el 13-10-2026, vence hoy\n`);
    expect(mail?.text).toContain(
      '- Tarea Cuadratura (septiembre 2026): No comenzado, vence el 13-10-2026, vence hoy\n',
    );
  });

  it('is not sent on a Saturday nor on a Chilean holiday, and goes at 08:00 in winter time too', async () => {
    const user = await t.userWithRole('collaborator');
    const f29 = await service();
    await company(user.id, f29, { name: `Delta ${counter}`, electronicFiling: false });

    await tick('2026-12-05T12:00:00Z'); // Saturday 09:00
    await tick('2026-12-08T12:00:00Z'); // Tuesday 8 December, Inmaculada Concepción
    expect(mailsTo(user.email)).toEqual([]);
    await tick('2026-12-10T11:00:00Z'); // Thursday 08:00
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([
      'Resumen de vencimientos del 10-12-2026: 2 atrasadas y 1 por vencer en los próximos 7 días',
    ]);

    await tick('2027-07-07T11:59:00Z'); // Wednesday 07:59 (winter time, UTC-4)
    expect(mailsTo(user.email)).toHaveLength(1);
    await tick('2027-07-07T12:00:00Z');
    expect(mailsTo(user.email).map((mail) => mail.subject)).toContain(
      'Resumen de vencimientos del 07-07-2027: 2 atrasadas y 1 por vencer en los próximos 7 días',
    );
  });

  it('is not sent to a user who opted out in Mi perfil, nor to one with nothing overdue or due within the week', async () => {
    const optedOut = await t.userWithRole('collaborator');
    const nothingDue = await t.userWithRole('collaborator');
    const f29 = await service();
    await company(optedOut.id, f29, { name: `Épsilon ${counter}`, electronicFiling: false });
    const done = await company(nothingDue.id, f29, { name: `Zeta ${counter}`, electronicFiling: true });
    for (const month of [9, 10]) await setCell(done.id, f29, month, f29.declared); // November's is due 21-12
    const finished = await task(nothingDue.id, done.id, 'Cierre mensual');
    for (const month of [9, 10, 11]) await setTaskCell(finished.id, done.id, month, 'Terminado');
    const response = await t.request({
      method: 'PUT',
      url: '/api/user/me/morning-digest',
      token: optedOut.token,
      payload: { morningDigest: false },
    });
    expect(response.statusCode).toBe(200);

    await tick('2026-12-11T11:00:00Z'); // Friday 08:00
    expect([...mailsTo(optedOut.email), ...mailsTo(nothingDue.email)]).toEqual([]);
    // The user with nothing due is decided for the day (later ticks only read); the opted-out one is not.
    const claims = await t.database.db.select().from(digestSends).where(eq(digestSends.day, '2026-12-11'));
    expect(claims.map((claim) => claim.userId)).toContain(nothingDue.id);
    expect(claims.map((claim) => claim.userId)).not.toContain(optedOut.id);
  });

  it('two instances ticking at the same moment send it once, and a restart later that day does not send it again', async () => {
    const user = await t.userWithRole('collaborator');
    const f29 = await service();
    for (let index = 0; index < 3; index++)
      await company(user.id, f29, { name: `Eta ${counter}-${index}`, electronicFiling: false });
    const other = await createTestApp({ APP_URL }, { database: t.database });
    try {
      await Promise.all([tick('2026-12-14T11:00:00Z'), tick('2026-12-14T11:00:00Z', other)]);
      expect(mailsTo(user.email).length + mailsTo(user.email, other).length).toBe(1);
    } finally {
      await other.close();
    }
    const restarted = await createTestApp({ APP_URL }, { database: t.database });
    try {
      await tick('2026-12-14T15:00:00Z', restarted);
      expect(mailsTo(user.email, restarted)).toEqual([]);
    } finally {
      await restarted.close();
    }
    expect(await t.database.db.select().from(emailLog).where(eq(emailLog.emails, user.email))).toHaveLength(1);
  });

  it("lists the documents the clients of the user's companies sent that nobody reviewed yet, even with nothing else due", async () => {
    const ana = await t.userWithRole('collaborator', { name: 'Ana' });
    const other = await t.userWithRole('collaborator');
    const f29 = await service();
    const [folderTemplate] = await t.database.db
      .insert(serviceFolders)
      .values({ serviceId: f29.id, name: 'Compras' })
      .returning();
    if (!folderTemplate) throw new Error('folder insert failed');
    // No service linked: nothing due for Ana but what the clients sent.
    const omega = await insertBusiness(t, { name: `Omega ${counter}`, responsibleUserId: ana.id });
    const sigma = await insertBusiness(t, { name: `Sigma ${counter}`, responsibleUserId: ana.id });
    const others = await insertBusiness(t, { name: `Tau ${counter}`, responsibleUserId: other.id });

    /** A request item of a company, with a client file sent at `sentAt`, reviewed at `reviewedAt`. */
    async function sentItem(businessId: number, sentAt: string, reviewedAt: string | null = null) {
      const [request] = await t.database.db
        .insert(documentRequests)
        .values({ businessId, year: 2026, month: 11, title: 'Documentos', dueDate: '2026-12-12' })
        .returning();
      const [item] = await t.database.db
        .insert(documentRequestItems)
        .values({
          requestId: request?.id ?? 0,
          name: 'Facturas',
          serviceFolderId: folderTemplate?.id ?? 0,
          status: reviewedAt ? 'rejected' : 'pending',
          reviewedAt: reviewedAt ? new Date(reviewedAt) : null,
        })
        .returning();
      const [folder] = await t.database.db
        .insert(businessFolders)
        .values({ businessId, serviceFolderId: folderTemplate?.id ?? 0, year: 2026, month: 11 })
        .onConflictDoNothing()
        .returning();
      const folderId =
        folder?.id ??
        (await t.database.db.select().from(businessFolders).where(eq(businessFolders.businessId, businessId)))[0]?.id;
      await t.database.db.insert(businessFiles).values({
        businessFolderId: folderId ?? 0,
        name: 'factura.pdf',
        storageKey: `test/${crypto.randomUUID()}`,
        size: 10,
        fromClient: true,
        requestItemId: item?.id ?? 0,
        createdAt: new Date(sentAt),
      });
    }
    await sentItem(omega.id, '2026-12-10T12:00:00Z');
    await sentItem(omega.id, '2026-12-11T12:00:00Z');
    await sentItem(sigma.id, '2026-12-10T12:00:00Z', '2026-12-11T12:00:00Z'); // asked again after: not to review
    await sentItem(sigma.id, '2026-12-12T12:00:00Z', '2026-12-11T12:00:00Z'); // sent again since: to review
    await sentItem(others.id, '2026-12-10T12:00:00Z');

    await tick('2026-12-15T11:00:00Z'); // Tuesday 08:00
    const [mail, ...more] = mailsTo(ana.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(
      'Resumen de vencimientos del 15-12-2026: 3 documentos enviados por clientes sin revisar',
    );
    expect(mail?.text).toBe(
      [
        'Hola Ana, estos son tus vencimientos al 15-12-2026: 3 documentos enviados por clientes sin revisar.',
        [
          'Documentos enviados por clientes, por revisar:',
          `- ${omega.name} (${omega.rut}): 2 documentos`,
          `- ${sigma.name} (${sigma.rut}): 1 documento`,
        ].join('\n'),
        `Revisar en Solicitudes: ${APP_URL}/solicitudes`,
        `Puedes dejar de recibir este resumen en Mi perfil: ${APP_URL}/perfil`,
      ].join('\n\n'),
    );
    expect(mail?.html).toContain(`<a href="${APP_URL}/solicitudes">Revisar en Solicitudes</a>`);
    expect(mailsTo(other.email).map((sent) => sent.text)).toEqual([
      expect.stringContaining(`${others.name} (${others.rut}): 1 documento`),
    ]);
    expect(mailsTo(other.email)[0]?.text).not.toContain(omega.name);
  });

  it('tells owners, and only owners, of the requests from a person whose term ends within the week or has ended', async () => {
    const owner = await t.userWithRole('owner', { name: 'Dueña de datos' });
    const collaborator = await t.userWithRole('collaborator', { name: 'Sin datos' });
    const request = (receivedOn: string, requesterName: string) =>
      t.request({
        method: 'POST',
        url: '/api/data-protection/requests',
        token: owner.token,
        payload: { kind: 'access', requesterName, requesterEmail: 'persona@correo.cl', receivedOn, channel: 'email' },
      });
    expect((await request('2026-11-20', 'Rosa Díaz')).statusCode).toBe(201); // due 20-12-2026
    expect((await request('2026-11-27', 'Tomás Rey')).statusCode).toBe(201); // due 27-12-2026: beyond the week
    await tick('2026-12-16T11:00:00Z'); // Wednesday 08:00
    const [mail] = mailsTo(owner.email);
    expect(mail?.text).toContain('Solicitudes de datos personales por responder');
    expect(mail?.text).toContain('- Acceso de Rosa Díaz: plazo hasta el 20-12-2026, vence en 4 días');
    expect(mail?.text).not.toContain('Tomás Rey');
    expect(mailsTo(collaborator.email)).toEqual([]);
  });
});
