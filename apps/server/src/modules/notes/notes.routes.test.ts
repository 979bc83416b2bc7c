import { msg } from '@app/shared/messages';
import { notesMsg } from '@app/shared/messages-notes';
import { NOTE_DESCRIPTION_MAX } from '@app/shared/schemas/notes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithEveryRole, type Caller, callerFor } from '../../test/route-suite.ts';
import { notes } from './notes.tables.ts';

const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();

interface Person {
  id: number;
  name: string;
  lastName: string;
  api: Caller;
}
let owner: Person;
let collaborator: Person;
let otherCollaborator: Person;
let clientId: number;

async function me(caller: Caller): Promise<Person> {
  const user = (await caller.get('/api/user/me')).json() as { id: number; name: string; lastName: string };
  return { id: user.id, name: user.name, lastName: user.lastName, api: caller };
}

beforeAll(async () => {
  owner = await me(api.owner);
  collaborator = await me(api.collaborator);
  const other = await t.userWithRole('collaborator');
  otherCollaborator = await me(callerFor(t, () => other.token));
  clientId = (await me(api.client)).id;
});

const assignee = (person: Person) => ({ id: person.id, name: person.name, lastName: person.lastName });

async function createNote(payload: Record<string, unknown> = {}) {
  const response = await api.owner.post('/api/note', { description: 'Llamar al contador', ...payload });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().note as { id: number; createdAt: string; reminder: string | null; done: boolean };
}

async function pendingReminderSent(id: number): Promise<Date | null> {
  const [row] = await t.database.db.select().from(notes).where(eq(notes.id, id));
  if (!row) throw new Error('note not found');
  return row.reminderSentAt;
}

describe('POST /api/note', () => {
  it('creates a note for the caller when no assignee is given, with its assignee’s name', async () => {
    const response = await api.owner.post('/api/note', { description: '  Revisar IVA  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: notesMsg.noteCreated,
      note: {
        id: expect.any(Number),
        description: 'Revisar IVA',
        userId: assignee(owner),
        reminder: null,
        reminderSentAt: null,
        reminderDelivery: null,
        done: false,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
    });
    for (const userId of [null, undefined]) {
      const defaulted = await api.owner.post('/api/note', { description: 'x', userId });
      expect(defaulted.json().note.userId).toEqual(assignee(owner));
    }
  });

  it('assigns a collaborator and keeps the reminder as a moment in UTC', async () => {
    const note = await createNote({ userId: collaborator.id, reminder: '2030-12-01T09:30:00-03:00', done: true });
    expect(note).toMatchObject({ reminder: '2030-12-01T12:30:00.000Z', done: true });
    expect(await pendingReminderSent(note.id)).toBeNull();
    for (const reminder of ['', null]) {
      expect((await createNote({ reminder })).reminder).toBeNull();
    }
  });

  it('refuses a client, an unknown or an impossible user as assignee, with the message on userId', async () => {
    for (const userId of [clientId, 999_999, 2_147_483_648, 0, -1, 1.5, 'abc']) {
      const response = await api.owner.post('/api/note', { description: 'x', userId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: notesMsg.assigneeNotStaff,
        errors: [{ field: 'userId', message: notesMsg.assigneeNotStaff }],
      });
    }
  });

  it('requires the description and refuses text PostgreSQL cannot store or too long', async () => {
    const cases: [unknown, string][] = [
      [undefined, notesMsg.required],
      ['', notesMsg.required],
      ['   ', notesMsg.required],
      [42, notesMsg.required],
      ['a\u0000b', msg.forbiddenChars],
      ['a\ud800b', msg.forbiddenChars],
      ['x'.repeat(NOTE_DESCRIPTION_MAX + 1), notesMsg.descriptionMax(NOTE_DESCRIPTION_MAX)],
    ];
    for (const [description, message] of cases) {
      const response = await api.owner.post('/api/note', { description });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: [{ field: 'description', message }] });
    }
    expect((await api.owner.post('/api/note', { description: 'x'.repeat(NOTE_DESCRIPTION_MAX) })).statusCode).toBe(201);
    const huge = await api.owner.post('/api/note', { description: 'x'.repeat(1_100_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('refuses reminders that are not a moment with its offset, or out of the years kept', async () => {
    const cases: [unknown, string][] = [
      ['mañana', notesMsg.invalidReminder],
      ['2030-12-01', notesMsg.invalidReminder],
      ['2030-12-01T09:30:00', notesMsg.invalidReminder],
      ['2026-02-30T09:30:00Z', notesMsg.invalidReminder],
      [12345, notesMsg.invalidReminder],
      ['0000-01-01T00:00:00Z', msg.dateOutOfRange],
      ['2999-01-01T00:00:00Z', msg.dateOutOfRange],
      ['2030-12-01T09:30:00Z\u0000', notesMsg.invalidReminder],
    ];
    for (const [reminder, message] of cases) {
      const response = await api.owner.post('/api/note', { description: 'x', reminder });
      expect(response.statusCode, String(reminder)).toBe(400);
      expect(response.json()).toEqual({ message, errors: [{ field: 'reminder', message }] });
    }
  });

  it('refuses a reminder already past, saying it must be ahead; the minute being lived is still accepted', async () => {
    const message = notesMsg.reminderPast;
    for (const reminder of ['2020-03-01T09:30:00-03:00', new Date(Date.now() - 5 * 60_000).toISOString()]) {
      const response = await api.owner.post('/api/note', { description: 'Pasado', reminder });
      expect(response.statusCode, reminder).toBe(400);
      expect(response.json()).toEqual({ message, errors: [{ field: 'reminder', message }] });
    }
    const now = new Date(Date.now() - 20_000).toISOString();
    expect((await createNote({ reminder: now })).reminder).toBe(now);
  });

  it('refuses a done that is not true or false', async () => {
    const response = await api.owner.post('/api/note', { description: 'x', done: 'sí' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'done', message: msg.notBoolean }]);
  });
});

describe('GET /api/note', () => {
  it('orders by creation, newest first by default, oldest first with ASC', async () => {
    const person = await t.userWithRole('collaborator');
    const ids: number[] = [];
    for (const description of ['primera', 'segunda', 'tercera']) {
      ids.push((await createNote({ description, userId: person.id })).id);
    }
    const listed = async (query: string) =>
      ((await api.owner.get(`/api/note?id=${person.id}${query}`)).json() as { id: number }[]).map((n) => n.id);
    expect(await listed('')).toEqual([...ids].reverse());
    expect(await listed('&order=DESC')).toEqual([...ids].reverse());
    expect(await listed('&order=ASC')).toEqual(ids);
    expect(await listed('&order=asc')).toEqual(ids);
    const bad = await api.owner.get('/api/note?order=RANDOM');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: notesMsg.invalidOrder,
      errors: [{ field: 'order', message: notesMsg.invalidOrder }],
    });
  });

  it('filters by assignee for an owner; no id (or an empty one) lists everyone', async () => {
    const mine = await createNote({ userId: otherCollaborator.id, description: 'para otro' });
    const theirs = await createNote({ userId: collaborator.id, description: 'para colaborador' });
    const filtered = (await api.owner.get(`/api/note?id=${otherCollaborator.id}`)).json() as {
      userId: { id: number };
    }[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((note) => note.userId.id === otherCollaborator.id)).toBe(true);
    for (const url of ['/api/note', '/api/note?id=']) {
      const all = (await api.owner.get(url)).json() as { id: number }[];
      expect(all.map((note) => note.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    }
    expect((await api.owner.get('/api/note?id=999999')).json()).toEqual([]);
    for (const id of ['2147483648', 'abc', '0', '1.5']) {
      const response = await api.owner.get(`/api/note?id=${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'id', message: msg.invalidId }]);
    }
  });

  it('gives a collaborator only their own notes; asking for someone else’s is 403', async () => {
    const theirs = await createNote({ userId: collaborator.id });
    const others = await createNote({ userId: otherCollaborator.id });
    for (const url of ['/api/note', `/api/note?id=${collaborator.id}`, '/api/note?order=ASC']) {
      const response = await api.collaborator.get(url);
      expect(response.statusCode).toBe(200);
      const listed = response.json() as { id: number; userId: { id: number } }[];
      expect(listed.map((note) => note.id)).toContain(theirs.id);
      expect(listed.map((note) => note.id)).not.toContain(others.id);
      expect(listed.every((note) => note.userId.id === collaborator.id)).toBe(true);
    }
    for (const id of [otherCollaborator.id, owner.id]) {
      const response = await api.collaborator.get(`/api/note?id=${id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: notesMsg.onlyOwnNotes });
    }
  });
});

describe('PUT /api/note/:id', () => {
  it('lets an owner change every field; a new reminder is one not sent yet', async () => {
    const note = await createNote({ reminder: '2030-12-01T12:00:00Z' });
    await t.database.db.update(notes).set({ reminderSentAt: new Date() }).where(eq(notes.id, note.id));

    const same = await api.owner.put(`/api/note/${note.id}`, { reminder: '2030-12-01T09:00:00-03:00' });
    expect(same.statusCode).toBe(200);
    expect(await pendingReminderSent(note.id)).not.toBeNull();

    const response = await api.owner.put(`/api/note/${note.id}`, {
      description: 'Nueva descripción',
      userId: collaborator.id,
      reminder: '2030-12-02T08:15:00Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: notesMsg.noteUpdated,
      note: {
        id: note.id,
        description: 'Nueva descripción',
        userId: assignee(collaborator),
        reminder: '2030-12-02T08:15:00.000Z',
        reminderSentAt: null,
        reminderDelivery: null,
        done: false,
        createdAt: note.createdAt,
      },
    });
    expect(await pendingReminderSent(note.id)).toBeNull();

    const cleared = await api.owner.put(`/api/note/${note.id}`, { reminder: '' });
    expect(cleared.json().note.reminder).toBeNull();
  });

  it('refuses changing a reminder to a past moment, but saves a note whose stored reminder has passed', async () => {
    const note = await createNote({ description: 'Vencida', reminder: '2030-12-01T12:00:00Z' });
    const past = new Date('2021-05-01T12:00:00Z');
    await t.database.db.update(notes).set({ reminder: past }).where(eq(notes.id, note.id));

    const moved = await api.owner.put(`/api/note/${note.id}`, { reminder: '2022-01-01T12:00:00Z' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      message: notesMsg.reminderPast,
      errors: [{ field: 'reminder', message: notesMsg.reminderPast }],
    });

    const kept = await api.owner.put(`/api/note/${note.id}`, {
      description: 'Vencida, revisada',
      reminder: past.toISOString(),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().note).toMatchObject({ description: 'Vencida, revisada', reminder: past.toISOString() });
  });

  it('locks a done note: only un-doing it is allowed, then it can be edited again', async () => {
    const note = await createNote({ description: 'Hecha', reminder: '2030-12-01T12:00:00Z' });
    expect((await api.owner.put(`/api/note/${note.id}`, { done: true })).json().note.done).toBe(true);

    const refused = [
      { description: 'Otra' },
      { userId: collaborator.id },
      { reminder: '2030-12-05T12:00:00Z' },
      { reminder: '' },
      { done: true },
      {},
      { description: 'Otra', done: false },
    ];
    for (const payload of refused) {
      const response = await api.owner.put(`/api/note/${note.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({
        message: notesMsg.doneNoteLocked,
        errors: [{ field: 'done', message: notesMsg.doneNoteLocked }],
      });
    }
    expect((await api.owner.get(`/api/note?id=${owner.id}`)).json()).toContainEqual(
      expect.objectContaining({ id: note.id, description: 'Hecha', done: true }),
    );

    // The form may send the note back whole: unchanged fields with done=false is still only an un-do.
    const undone = await api.owner.put(`/api/note/${note.id}`, {
      description: 'Hecha',
      userId: owner.id,
      reminder: '2030-12-01T09:00:00-03:00',
      done: false,
    });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().note).toMatchObject({ description: 'Hecha', done: false });
    const edited = await api.owner.put(`/api/note/${note.id}`, { description: 'Editada' });
    expect(edited.json().note.description).toBe('Editada');
  });

  it('lets a collaborator mark their own note done and not done, and nothing else', async () => {
    const note = await createNote({ userId: collaborator.id, description: 'Tuya' });
    const done = await api.collaborator.put(`/api/note/${note.id}`, { done: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().note).toMatchObject({ done: true, description: 'Tuya' });
    const undone = await api.collaborator.put(`/api/note/${note.id}`, { done: false, description: 'Tuya' });
    expect(undone.json().note.done).toBe(false);

    for (const payload of [{ description: 'Cambiada' }, { userId: owner.id }, { reminder: '2030-12-01T12:00:00Z' }]) {
      const response = await api.collaborator.put(`/api/note/${note.id}`, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: notesMsg.onlyMarkDone });
    }
    const others = await createNote({ userId: otherCollaborator.id });
    const response = await api.collaborator.put(`/api/note/${others.id}`, { done: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: msg.forbidden });
    expect((await api.owner.get(`/api/note?id=${otherCollaborator.id}`)).json()).toContainEqual(
      expect.objectContaining({ id: others.id, done: false }),
    );
  });

  it('refuses a client or unknown assignee and bad input, and answers 404 for an unknown note', async () => {
    const note = await createNote();
    for (const userId of [clientId, 999_999]) {
      const response = await api.owner.put(`/api/note/${note.id}`, { userId });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'userId', message: notesMsg.assigneeNotStaff }]);
    }
    const nul = await api.owner.put(`/api/note/${note.id}`, { description: '\u0000' });
    expect(nul.json().errors).toEqual([{ field: 'description', message: msg.forbiddenChars }]);
    const missing = await api.owner.put('/api/note/999999', { done: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: notesMsg.noteNotFound });
    for (const id of ['2147483648', 'abc', '0']) {
      const response = await api.owner.put(`/api/note/${id}`, { done: true });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'id', message: msg.invalidId }]);
    }
  });
});

describe('DELETE /api/note/:id', () => {
  it('deletes a note (done or not) for an owner, then answers 404', async () => {
    const note = await createNote({ done: true, userId: collaborator.id });
    const response = await api.owner.delete(`/api/note/${note.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: notesMsg.noteDeleted });
    expect((await api.owner.get('/api/note')).json()).not.toContainEqual(expect.objectContaining({ id: note.id }));
    const again = await api.owner.delete(`/api/note/${note.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: notesMsg.noteNotFound });
    expect((await api.owner.delete('/api/note/2147483648')).statusCode).toBe(400);
  });

  it('deletes the notes of a deleted user with them', async () => {
    const person = await t.userWithRole('collaborator');
    const note = await createNote({ userId: person.id });
    expect((await api.owner.delete(`/api/user/${person.id}`)).statusCode).toBe(200);
    expect((await api.owner.get('/api/note')).json()).not.toContainEqual(expect.objectContaining({ id: note.id }));
  });
});

describe('permissions', () => {
  it('refuses a collaborator creating or deleting notes, even their own', async () => {
    const own = await createNote({ userId: collaborator.id });
    const attempts = [
      { method: 'POST', url: '/api/note', payload: { description: 'x' } },
      { method: 'DELETE', url: `/api/note/${own.id}` },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.request({ ...attempt, token: roles.collaborator });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: msg.forbidden });
    }
    expect((await api.collaborator.get('/api/note')).json()).toContainEqual(expect.objectContaining({ id: own.id }));
  });

  it.each([
    { method: 'GET', url: '/api/note' },
    { method: 'POST', url: '/api/note' },
    { method: 'PUT', url: '/api/note/1' },
    { method: 'DELETE', url: '/api/note/1' },
  ] as const)('$method $url answers a client 403 and an anonymous caller 401', async ({ method, url }) => {
    const payload = method === 'POST' || method === 'PUT' ? { description: 'x', done: true } : undefined;
    await expectClientAndAnonymousRefused({ method, url, payload });
  });
});
