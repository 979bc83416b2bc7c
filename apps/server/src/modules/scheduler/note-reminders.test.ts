import type { Note } from '@app/shared/schemas/notes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { emailLog } from '../email/email.tables.ts';
import { notes } from '../notes/notes.tables.ts';
import { noteRemindersJob, REMINDER_SUBJECT_WORDS_MAX, reminderSubject } from './note-reminders.job.ts';
import { createScheduler } from './scheduler.ts';

let t: TestApp;
let collaborator: { id: number; email: string; token: string };
let pushes: { userId: number; message: { title: string; body: string; url: string } }[];

beforeAll(async () => {
  t = await createTestApp();
  collaborator = await t.userWithRole('collaborator');
});

afterAll(() => t.close());

/** A scheduler on the test app's database whose pushes are recorded (its e-mails go through the app's). */
function recordingScheduler() {
  pushes = [];
  const job = noteRemindersJob({
    claimDueReminders: t.modules.notes.claimDueReminders,
    setReminderEmail: t.modules.notes.setReminderEmail,
    findUserEmail: async (id) => (await t.modules.users.findById(id))?.email,
    sendPush: async (userId, message) => {
      pushes.push({ userId, message });
      return 1;
    },
    sendEmail: t.modules.email.sendAutomatic,
  });
  return createScheduler({ log: { error: (entry: unknown) => console.error(entry) }, jobs: [job] });
}

let noteCounter = 0;
async function noteWithReminder(reminder: string) {
  const description = `Llamar al contador ${++noteCounter}`;
  const [note] = await t.database.db
    .insert(notes)
    .values({ description, userId: collaborator.id, reminder: new Date(reminder) })
    .returning();
  if (!note) throw new Error('note not created');
  return note;
}

const mailsAbout = (description: string) => t.mailer.sent.filter((mail) => mail.text === description);
const logOf = (description: string) => t.database.db.select().from(emailLog).where(eq(emailLog.content, description));

describe('note reminders', () => {
  it('at the reminder time the assignee gets a push and a logged e-mail, once over two ticks', async () => {
    const note = await noteWithReminder('2026-12-01T12:30:00Z');
    const scheduler = recordingScheduler();

    await scheduler.tick(new Date('2026-12-01T12:29:59Z'));
    expect(pushes).toEqual([]);
    expect(mailsAbout(note.description)).toEqual([]);

    await scheduler.tick(new Date('2026-12-01T12:30:00Z'));
    await scheduler.tick(new Date('2026-12-01T12:31:00Z'));
    expect(pushes).toEqual([
      { userId: collaborator.id, message: { title: 'Recordatorio', body: note.description, url: '/notas' } },
    ]);
    const subject = `Recordatorio: ${note.description}`;
    expect(mailsAbout(note.description)).toMatchObject([{ to: [collaborator.email], subject }]);
    expect(await logOf(note.description)).toMatchObject([
      { subject, emails: collaborator.email, ok: true, sentBy: null, businessId: null },
    ]);
    const [stored] = await t.database.db.select().from(notes).where(eq(notes.id, note.id));
    expect(stored?.reminderSentAt).toEqual(new Date('2026-12-01T12:30:00Z'));
  });

  it('the e-mail’s subject quotes the note’s first words on one line, cut at a word and marked when it goes on', async () => {
    const long = `Revisar   las facturas\nde proveedores del mes anterior antes de declarar el IVA y avisar al cliente ${++noteCounter}`;
    const [note] = await t.database.db
      .insert(notes)
      .values({ description: long, userId: collaborator.id, reminder: new Date('2026-12-04T12:00:00Z') })
      .returning();
    await recordingScheduler().tick(new Date('2026-12-04T12:00:00Z'));

    const [mail] = mailsAbout(long);
    expect(mail?.subject).toBe('Recordatorio: Revisar las facturas de proveedores del mes anterior antes…');
    expect(note && (await logOf(long))[0]?.subject).toBe(mail?.subject);
    expect(reminderSubject('x'.repeat(200))).toBe(`Recordatorio: ${'x'.repeat(REMINDER_SUBJECT_WORDS_MAX)}…`);
    expect(reminderSubject('  Llamar\n al banco  ')).toBe('Recordatorio: Llamar al banco');
  });

  it('the notes list says when a reminder went out and that its e-mail was sent', async () => {
    const note = await noteWithReminder('2026-12-05T12:00:00Z');
    const list = async () =>
      ((await t.request({ method: 'GET', url: '/api/note', token: collaborator.token })).json() as Note[]).find(
        (one) => one.id === note.id,
      );
    expect(await list()).toMatchObject({ reminderSentAt: null, reminderDelivery: null });

    await t.modules.scheduler.tick(new Date('2026-12-05T12:00:30Z'));
    expect(await list()).toMatchObject({ reminderSentAt: '2026-12-05T12:00:30.000Z', reminderDelivery: 'sent' });
  });

  it('a reminder whose e-mail only reached the outbox (no SMTP_URL) is listed as kept there, not as sent', async () => {
    const kept = await createTestApp({}, { mailer: 'configured' });
    try {
      const token = await kept.ownerToken();
      const created = await kept.request({
        method: 'POST',
        url: '/api/note',
        token,
        payload: { description: 'Pagar patente', reminder: new Date(Date.now() + 3_600_000).toISOString() },
      });
      const id = created.json().note.id as number;
      await kept.modules.scheduler.tick(new Date(Date.now() + 3_600_000));
      const listed = ((await kept.request({ method: 'GET', url: '/api/note', token })).json() as Note[]).find(
        (one) => one.id === id,
      );
      expect(listed?.reminderDelivery).toBe('outbox');
      expect(listed?.reminderSentAt).not.toBeNull();
    } finally {
      await kept.close();
    }
  });

  it('a reminder whose e-mail failed is listed as failed, and as sent once a retry gets through', async () => {
    // A failed send is tried again a minute after it (on the real clock), so the ticks follow it.
    const note = await noteWithReminder(new Date().toISOString());
    vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('550 buzón lleno'));
    await t.modules.scheduler.tick(new Date(Date.now() + 1000));
    const listed = async () =>
      ((await t.request({ method: 'GET', url: '/api/note', token: collaborator.token })).json() as Note[]).find(
        (one) => one.id === note.id,
      )?.reminderDelivery;
    expect(await listed()).toBe('failed');
    await t.modules.scheduler.tick(new Date(Date.now() + 120_000));
    expect(await listed()).toBe('sent');
  });

  it('a note without a reminder, or with one already sent, is left alone', async () => {
    const [plain] = await t.database.db
      .insert(notes)
      .values({ description: 'Sin recordatorio', userId: collaborator.id })
      .returning();
    const sent = await noteWithReminder('2026-01-01T00:00:00Z');
    await t.database.db
      .update(notes)
      .set({ reminderSentAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(notes.id, sent.id));

    await recordingScheduler().tick(new Date('2027-01-01T00:00:00Z'));
    expect(pushes.map((push) => push.message.body)).not.toContain(sent.description);
    expect(pushes.map((push) => push.message.body)).not.toContain(plain?.description);
  });

  it('a restart (a new app on the same database) does not send a reminder again', async () => {
    const note = await noteWithReminder('2026-12-02T10:00:00Z');
    await t.modules.scheduler.tick(new Date('2026-12-02T10:00:00Z'));
    expect(mailsAbout(note.description)).toHaveLength(1);

    const restarted = await createTestApp({}, { database: t.database });
    try {
      await restarted.modules.scheduler.tick(new Date('2026-12-02T10:05:00Z'));
      expect(restarted.mailer.sent.filter((mail) => mail.text === note.description)).toEqual([]);
    } finally {
      await restarted.close();
    }
    expect(await logOf(note.description)).toHaveLength(1);
  });

  it('a reminder that fell due while the server was down goes out when it starts, once', async () => {
    const note = await noteWithReminder(new Date(Date.now() - 3_600_000).toISOString());
    const started = await createTestApp({ SCHEDULER: 'on' }, { database: t.database });
    try {
      await expect.poll(() => started.mailer.sent.filter((mail) => mail.text === note.description).length).toBe(1);
      await started.modules.scheduler.tick();
      expect(started.mailer.sent.filter((mail) => mail.text === note.description)).toHaveLength(1);
    } finally {
      await started.close();
    }
    expect(await logOf(note.description)).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)('two instances on one database send a reminder once', async () => {
    const notesDue = await Promise.all(
      Array.from({ length: 5 }, (_, index) => noteWithReminder(`2026-12-03T0${index}:00:00Z`)),
    );
    const other = await createTestApp({}, { database: t.database });
    try {
      const at = new Date('2026-12-03T12:00:00Z');
      await Promise.all([t.modules.scheduler.tick(at), other.modules.scheduler.tick(at)]);
      for (const note of notesDue) {
        const sends = [...t.mailer.sent, ...other.mailer.sent].filter((mail) => mail.text === note.description);
        expect(sends).toHaveLength(1);
        expect(await logOf(note.description)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});
