import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { notes } from '../notes/notes.tables.ts';

const REPLY_TO = 'consultas@estudio.cl';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MAIL_REPLY_TO: REPLY_TO }, { mailer: 'configured' });
});

afterAll(() => t.close());

/** The .eml files of the outbox whose text mentions `marker`. */
function outboxMails(marker: string): string[] {
  const outbox = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((eml) => eml.includes(marker));
}

describe('Reply-To', () => {
  it('a mail a staff member sends from the board answers to that staff member', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const response = await t.request({
      method: 'POST',
      url: '/api/utils/send-email',
      token: collaborator.token,
      payload: { subject: 'Pago Previsión', content: 'Enviado-por-colaborador', emails: ['ana@aromos.cl'] },
    });
    expect(response.statusCode).toBe(200);
    const [eml] = outboxMails('Enviado-por-colaborador');
    expect(eml).toContain(`Reply-To: ${collaborator.email}`);
    expect(eml).not.toContain(REPLY_TO);
  });

  it("the app's own mails (a note reminder, a password recovery) answer to MAIL_REPLY_TO", async () => {
    const collaborator = await t.userWithRole('collaborator');
    await t.database.db.insert(notes).values({
      description: 'Recordatorio-de-nota',
      userId: collaborator.id,
      reminder: new Date('2026-01-01T00:00:00Z'),
    });
    await t.modules.scheduler.tick(new Date('2026-01-01T00:01:00Z'));
    expect(outboxMails('Recordatorio-de-nota')).toHaveLength(1);
    expect(outboxMails('Recordatorio-de-nota')[0]).toContain(`Reply-To: ${REPLY_TO}`);

    const recovery = await t.request({
      method: 'POST',
      url: '/api/auth/recover_password_email',
      payload: { email: OWNER.email },
    });
    expect(recovery.statusCode).toBe(200);
    await expect.poll(() => outboxMails(`To: ${OWNER.email}`).length).toBe(1);
    expect(outboxMails(`To: ${OWNER.email}`)[0]).toContain(`Reply-To: ${REPLY_TO}`);
  });

  it('refuses a MAIL_REPLY_TO that is not an address', async () => {
    await expect(createTestApp({ MAIL_REPLY_TO: 'no es un correo' })).rejects.toThrow(/MAIL_REPLY_TO/);
  });
});
