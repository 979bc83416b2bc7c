import { messagesMsg } from '@app/shared/messages-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { messagesRepository } from './messages.repository.ts';

// The unread notice: once per message, after the firm's minutes, to the other side only while it is
// unread; one claim wins however many instances claim at once (run on PostgreSQL too).

let t: TestApp;
let clock = new Date('2026-11-20T13:00:00Z');
const minutes = (count: number) => {
  clock = new Date(clock.getTime() + count * 60_000);
};
const job = () => {
  const found = t.modules.messages.jobs.find((candidate) => candidate.name === 'message-unread-notice');
  if (!found) throw new Error('no notice job');
  return found;
};

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://estudio.example.cl' }, { now: () => clock });
});
afterAll(() => t.close());

async function companyWithPeople() {
  const encargado = await t.userWithRole('collaborator', { name: 'Eva', lastName: 'Mora' });
  const company = await insertBusiness(t, {
    name: `Botillería ${Math.random().toString(16).slice(2, 6)}`,
    responsibleUserId: encargado.id,
  });
  const client = await t.userWithRole('client', { businessId: company.id });
  return { company, encargado, client };
}

const sentTo = (address: string) => t.mailer.sent.filter((mail) => [mail.to].flat().includes(address));

describe('the unread notice', () => {
  it("mails the company's Encargado once, after the minutes, with a link and without the text", async () => {
    const { company, encargado, client } = await companyWithPeople();
    await callerFor(t, () => client.token).post(`/api/messages/business/${company.id}`, { text: 'Texto privado' });
    minutes(14);
    await job().run(clock);
    expect(sentTo(encargado.email)).toHaveLength(0);
    minutes(2);
    await job().run(clock);
    const mails = sentTo(encargado.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(messagesMsg.noticeSubject(company.name));
    expect(mails[0]?.text).toContain(`https://estudio.example.cl/mensajes/empresa/${company.id}`);
    expect(mails[0]?.text).not.toContain('Texto privado');
    minutes(30);
    await job().run(clock);
    expect(sentTo(encargado.email)).toHaveLength(1);
    // The e-mail log holds it, as sent (the test mailer delivers).
    const log = await t.request({
      method: 'GET',
      url: `/api/email?businessId=${company.id}`,
      token: await t.ownerToken(),
    });
    expect(log.json().rows.map((row: { subject: string; status?: string }) => row.subject)).toContain(
      messagesMsg.noticeSubject(company.name),
    );
  });

  it('tells nobody of a message read in time, and tells the clients of a staff message they did not read', async () => {
    const { company, encargado, client } = await companyWithPeople();
    const sent = await callerFor(t, () => client.token).post(`/api/messages/business/${company.id}`, { text: 'Hola' });
    minutes(5);
    await callerFor(t, () => encargado.token).post(`/api/messages/business/${company.id}/read`, {
      lastReadId: sent.json().item.id,
    });
    await callerFor(t, () => encargado.token).post(`/api/messages/business/${company.id}`, { text: 'Respuesta' });
    minutes(16);
    await job().run(clock);
    expect(sentTo(encargado.email)).toHaveLength(0);
    const toClient = sentTo(client.email);
    expect(toClient).toHaveLength(1);
    expect(toClient[0]?.subject).toBe(messagesMsg.noticeSubjectClient);
    expect(toClient[0]?.text).toContain('https://estudio.example.cl/mensajes');
  });

  it('claims each message once when several instances claim at the same moment', async () => {
    const companies = [await companyWithPeople(), await companyWithPeople(), await companyWithPeople()];
    for (const { company, client } of companies) {
      for (let index = 0; index < 10; index++) {
        await callerFor(t, () => client.token).post(`/api/messages/business/${company.id}`, { text: `m${index}` });
      }
    }
    minutes(20);
    const cutoff = new Date(clock.getTime() - 15 * 60_000);
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => messagesRepository.claimNotices(t.database.db, clock, cutoff)),
    );
    const claimed = claims.flat().filter((claim) => companies.some(({ company }) => company.id === claim.businessId));
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed.map((claim) => claim.id)).size).toBe(30);
    expect(claimed.every((claim) => claim.notice)).toBe(true);
  });

  it('sends one mail per company when several instances run the job at the same moment', async () => {
    const companies = [await companyWithPeople(), await companyWithPeople()];
    for (const { company, client } of companies) {
      for (let index = 0; index < 5; index++) {
        await callerFor(t, () => client.token).post(`/api/messages/business/${company.id}`, { text: `n${index}` });
      }
    }
    minutes(20);
    await Promise.all(Array.from({ length: 4 }, () => job().run(clock)));
    for (const { encargado } of companies) {
      const mails = sentTo(encargado.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('Hay 5 mensajes sin leer');
    }
  });
});
