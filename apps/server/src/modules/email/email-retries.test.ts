import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '../../test/fake-smtp-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { emailLog } from './email.tables.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let token: string;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { mailer: 'configured' });
  token = await t.ownerToken();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

beforeEach(() => {
  smtp.state.down = false;
  smtp.state.refusing = true;
  smtp.state.attempts = 0;
});

async function sendFromBoard(subject: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/utils/send-email',
    token,
    payload: { subject, content: 'Hola', emails: ['ana@aromos.cl'] },
  });
  // 502: the board says the send failed; the scheduler tries again.
  expect(response.statusCode).toBe(502);
}

const logOf = async (subject: string) => {
  const [row] = await t.database.db.select().from(emailLog).where(eq(emailLog.subject, subject));
  if (!row) throw new Error('not logged');
  return row;
};
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const tick = (minutes: number) => t.modules.scheduler.tick(minutesFromNow(minutes));

describe('a failed send', () => {
  it('is tried again after a minute and then five, and the log shows the send that got through', async () => {
    await sendFromBoard('Reintento que llega');
    expect(await logOf('Reintento que llega')).toMatchObject({ ok: false });
    expect((await logOf('Reintento que llega')).providerResponse).toMatch(/451 .*Servidor ocupado/);
    expect(smtp.state.attempts).toBe(1);

    await tick(0.5); // not due yet
    expect(smtp.state.attempts).toBe(1);
    await tick(1.1);
    expect(smtp.state.attempts).toBe(2);
    expect(await logOf('Reintento que llega')).toMatchObject({ ok: false });

    smtp.state.refusing = false;
    await tick(4); // five minutes after the second try, not before
    expect(smtp.state.attempts).toBe(2);
    await tick(6.2);
    expect(smtp.state.attempts).toBe(3);
    expect(smtp.state.accepted.filter((data) => data.includes('Reintento que llega'))).toHaveLength(1);
    expect(await logOf('Reintento que llega')).toMatchObject({ ok: true });
    expect((await logOf('Reintento que llega')).providerResponse).toMatch(/^250 2\.0\.0 Ok: queued/);

    await tick(60);
    expect(smtp.state.attempts).toBe(3);
  });

  it('after three refused tries stays failed in the log, with the last answer, and is not tried again', async () => {
    await sendFromBoard('Reintento que no llega');
    await tick(1.1);
    await tick(7);
    await tick(60);
    await tick(600);
    expect(smtp.state.attempts).toBe(3);
    const row = await logOf('Reintento que no llega');
    expect(row.ok).toBe(false);
    expect(row.providerResponse).toMatch(/451 .*Servidor ocupado/);
    const page = await t.request({ method: 'GET', url: '/api/email', token });
    expect(
      page.json().rows.find((entry: { subject: string }) => entry.subject === 'Reintento que no llega'),
    ).toMatchObject({
      ok: false,
      delivery: 'failed',
    });
  });

  it('is tried again when the mail server was down and is back', async () => {
    smtp.state.down = true;
    await sendFromBoard('Reintento con servidor apagado');
    expect(await logOf('Reintento con servidor apagado')).toMatchObject({ ok: false });

    smtp.state.down = false;
    smtp.state.refusing = false;
    await tick(1.1);
    expect(smtp.state.accepted.filter((data) => data.includes('Reintento con servidor apagado'))).toHaveLength(1);
    expect(await logOf('Reintento con servidor apagado')).toMatchObject({ ok: true });
  });
});
