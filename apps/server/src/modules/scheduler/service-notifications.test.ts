import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { emailLog } from '../email/email.tables.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});

afterAll(() => t.close());

let serviceCounter = 0;
async function serviceWithNotifications(days: number[]) {
  const name = `Servicio avisos ${++serviceCounter}`;
  const { serviceId } = await createServiceWithStates(t, name, [{ name: 'Pendiente', pctProgress: 0 }], serviceCounter);
  const subjects: string[] = [];
  for (const day of days) {
    const subject = `${name}: aviso del día ${day}`;
    const response = await t.request({
      method: 'POST',
      url: `/api/service/${serviceId}/notification`,
      token,
      payload: { day, subject, message: `Recuerde el pago (${subject})` },
    });
    if (response.statusCode !== 201) throw new Error(`notification failed: ${response.body}`);
    subjects.push(subject);
  }
  return { serviceId, subjects };
}

/** A company linked to the service, with two contact addresses. */
async function linkedCompany(
  serviceId: number,
  values: Parameters<typeof insertBusiness>[1] = {},
  since = '2021-01-01',
) {
  const business = await insertBusiness(t, values);
  const contact = `pagos${business.id}@empresa.cl, gerencia${business.id}@empresa.cl`;
  await t.database.db.update(businesses).set({ contact }).where(eq(businesses.id, business.id));
  await linkService(t, business.id, serviceId, since);
  return business;
}

const mailsWith = (app: TestApp, subject: string) => app.mailer.sent.filter((mail) => mail.subject === subject);
const logWith = (subject: string) => t.database.db.select().from(emailLog).where(eq(emailLog.subject, subject));
const tick = (at: string, app = t) => app.modules.scheduler.tick(new Date(at));

describe('service notifications', () => {
  it('go on their day from 09:00 in Santiago to the contacts of exactly the companies the service applies to that month, once', async () => {
    const { serviceId, subjects } = await serviceWithNotifications([10]);
    const subject = subjects[0] ?? '';
    const applies = await linkedCompany(serviceId);
    await linkedCompany(serviceId, {}, '2027-01-01'); // linked from a later month
    await linkedCompany(serviceId, { endContract: '2026-11-30' }); // contract over before the month
    await insertBusiness(t); // not linked
    const off = await serviceWithNotifications([10]); // not active in December
    await linkedCompany(off.serviceId);
    const months = { jan: true, feb: true, mar: true, apr: true, may: true, jun: true, jul: true, aug: true };
    const monthsResponse = await t.request({
      method: 'PUT',
      url: `/api/service/${off.serviceId}/months-active`,
      token,
      payload: { ...months, sep: true, oct: true, nov: true, dec: false },
    });
    expect(monthsResponse.statusCode).toBe(200);

    await tick('2026-12-09T12:00:00Z');
    await tick('2026-12-10T11:59:00Z'); // 08:59 in Santiago (summer time, UTC-3)
    expect(mailsWith(t, subject)).toEqual([]);

    await tick('2026-12-10T12:00:00Z');
    await tick('2026-12-10T12:01:00Z');
    await tick('2026-12-11T12:00:00Z');
    expect(mailsWith(t, subject)).toMatchObject([
      {
        to: [`pagos${applies.id}@empresa.cl`, `gerencia${applies.id}@empresa.cl`],
        text: `Recuerde el pago (${subject})`,
      },
    ]);
    expect(await logWith(subject)).toMatchObject([
      { businessId: applies.id, ok: true, sentBy: null, content: `Recuerde el pago (${subject})` },
    ]);
    expect(mailsWith(t, off.subjects[0] ?? '')).toEqual([]);
  });

  it('the 31st goes on the last day of a shorter month, and on the 31st in a month that has one', async () => {
    const { serviceId, subjects } = await serviceWithNotifications([31, 30, 28]);
    const [on31 = '', on30 = '', on28 = ''] = subjects;
    await linkedCompany(serviceId);

    await tick('2027-02-27T13:00:00Z');
    expect([...mailsWith(t, on31), ...mailsWith(t, on30), ...mailsWith(t, on28)]).toEqual([]);
    await tick('2027-02-28T12:00:00Z');
    expect([mailsWith(t, on31).length, mailsWith(t, on30).length, mailsWith(t, on28).length]).toEqual([1, 1, 1]);

    await tick('2027-03-28T12:00:00Z');
    await tick('2027-03-30T12:00:00Z');
    expect([mailsWith(t, on31).length, mailsWith(t, on30).length, mailsWith(t, on28).length]).toEqual([1, 2, 2]);
    await tick('2027-03-31T12:00:00Z');
    expect(mailsWith(t, on31)).toHaveLength(2);
  });

  it("a server down at 09:00 sends the day's mails when it is back that day, not a missed day's", async () => {
    const { serviceId, subjects } = await serviceWithNotifications([14, 15]);
    const [yesterday = '', today = ''] = subjects;
    await linkedCompany(serviceId);

    await tick('2027-01-15T18:00:00Z'); // 15:00 in Santiago
    expect(mailsWith(t, today)).toHaveLength(1);
    expect(mailsWith(t, yesterday)).toEqual([]);
  });

  it('a restart (a new app on the same database) does not send them again', async () => {
    const { serviceId, subjects } = await serviceWithNotifications([5]);
    const subject = subjects[0] ?? '';
    await linkedCompany(serviceId);
    await tick('2027-01-05T12:00:00Z');
    expect(mailsWith(t, subject)).toHaveLength(1);

    const restarted = await createTestApp({}, { database: t.database });
    try {
      await tick('2027-01-05T15:00:00Z', restarted);
      expect(mailsWith(restarted, subject)).toEqual([]);
    } finally {
      await restarted.close();
    }
    expect(await logWith(subject)).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)('two instances on one database send each mail once', async () => {
    const { serviceId, subjects } = await serviceWithNotifications([6]);
    const subject = subjects[0] ?? '';
    for (let index = 0; index < 5; index++) await linkedCompany(serviceId);
    const other = await createTestApp({}, { database: t.database });
    try {
      await Promise.all([tick('2027-01-06T12:00:00Z'), tick('2027-01-06T12:00:00Z', other)]);
      expect(mailsWith(t, subject).length + mailsWith(other, subject).length).toBe(5);
      expect(await logWith(subject)).toHaveLength(5);
    } finally {
      await other.close();
    }
  });
});
