import { timeMsg } from '@app/shared/messages-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { timeEntries } from './time.tables.ts';

// The morning digest's 'Ayer no registraste tiempo': for whoever turned the reminder on, when the
// day before was a business day without a single time entry of theirs.

const APP_URL = 'https://estudio.example.cl';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
});
afterAll(() => t.close());

const mailsTo = (email: string) => t.mailer.sent.filter((mail) => mail.to.includes(email));

describe('the reminder of time not logged', () => {
  it('goes in the digest when yesterday (a business day) has no entry, only to those who turned it on', async () => {
    const company = await insertBusiness(t, { name: 'Quillay' });
    const ana = await t.userWithRole('collaborator', { name: 'Ana' });
    const beto = await t.userWithRole('collaborator', { name: 'Beto' });
    const carla = await t.userWithRole('collaborator', { name: 'Carla' });
    await callerFor(t, () => ana.token).put('/api/time/settings', { remind: true });
    await callerFor(t, () => beto.token).put('/api/time/settings', { remind: true });
    // Beto logged time on Tuesday 13; Carla did not, but never asked to be reminded.
    await callerFor(t, () => beto.token).post('/api/time/entries', {
      date: '2026-10-13',
      duration: '0:30',
      businessId: company.id,
    });

    await t.modules.scheduler.tick(new Date('2026-10-14T11:00:00Z')); // Wednesday 14, 08:00 in Santiago
    const [mail, ...more] = mailsTo(ana.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Resumen de vencimientos del 14-10-2026: ayer no registraste tiempo');
    expect(mail?.text).toContain(`${timeMsg.digestNoTimeYesterday}. Registrar tiempo: ${APP_URL}/tiempo`);
    expect(mail?.html).toContain(`<a href="${APP_URL}/tiempo">Registrar tiempo</a>`);
    expect(mailsTo(beto.email)).toEqual([]);
    expect(mailsTo(carla.email)).toEqual([]);
  });

  it('says nothing on a Monday (yesterday was Sunday) nor the day after a holiday', async () => {
    const dana = await t.userWithRole('collaborator', { name: 'Dana' });
    await callerFor(t, () => dana.token).put('/api/time/settings', { remind: true });
    await t.modules.scheduler.tick(new Date('2026-10-19T11:00:00Z')); // Monday 19
    await t.modules.scheduler.tick(new Date('2026-11-02T11:00:00Z')); // Monday 2 November
    await t.modules.scheduler.tick(new Date('2026-12-09T11:00:00Z')); // Wednesday 9 December, the 8th a holiday
    expect(mailsTo(dana.email)).toEqual([]);
    await t.modules.scheduler.tick(new Date('2026-12-10T11:00:00Z')); // Thursday 10: Wednesday 9 was a business day
    expect(mailsTo(dana.email).map((mail) => mail.subject)).toEqual([
      'Resumen de vencimientos del 10-12-2026: ayer no registraste tiempo',
    ]);
  });
});

describe('a timer left running', () => {
  it('is named in the digest of everyone whose timer started before today, with since when and the company', async () => {
    const company = await insertBusiness(t, { name: 'Ulmo' });
    const elisa = await t.userWithRole('collaborator', { name: 'Elisa' });
    const fede = await t.userWithRole('collaborator', { name: 'Fede' });
    const startedAt = async (user: { id: number; token: string }, at: string) => {
      await callerFor(t, () => user.token).post('/api/time/timer/start', { businessId: company.id });
      await t.database.db
        .update(timeEntries)
        .set({ startedAt: new Date(at) })
        .where(eq(timeEntries.userId, user.id));
    };
    await startedAt(elisa, '2026-10-14T20:30:00Z'); // Wednesday 14, 17:30 in Santiago
    await startedAt(fede, '2026-10-15T10:30:00Z'); // Thursday 15, 07:30: today's, not left running

    await t.modules.scheduler.tick(new Date('2026-10-15T11:00:00Z')); // Thursday 15, 08:00 in Santiago
    const [mail, ...more] = mailsTo(elisa.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Resumen de vencimientos del 15-10-2026: cronómetro corriendo desde antes de hoy');
    expect(mail?.text).toContain(
      `Tu cronómetro sigue corriendo desde el 14-10-2026 17:30 (Ulmo). Detenerlo y corregir el registro: ${APP_URL}/tiempo`,
    );
    expect(mail?.html).toContain(`<a href="${APP_URL}/tiempo">Detenerlo y corregir el registro</a>`);
    expect(mailsTo(fede.email)).toEqual([]);
  });
});
