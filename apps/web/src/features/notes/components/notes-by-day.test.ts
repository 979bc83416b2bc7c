import { describe, expect, it } from 'vitest';
import { notesByDay } from './notes-by-day';

const note = (id: number, createdAt: string) => ({ id, createdAt });

describe('notesByDay', () => {
  it('groups newest-first notes into days, newest day first and newest note first within it', () => {
    const notes = [
      note(4, '2026-03-12T15:00:00.000Z'),
      note(3, '2026-03-12T13:00:00.000Z'),
      note(2, '2026-03-10T18:00:00.000Z'),
      note(1, '2026-03-10T12:00:00.000Z'),
    ];
    expect(notesByDay(notes)).toEqual([
      { day: '2026-03-12', notes: [notes[0], notes[1]] },
      { day: '2026-03-10', notes: [notes[2], notes[3]] },
    ]);
  });

  it('keeps the reverse order when the notes come oldest first', () => {
    const notes = [note(1, '2026-03-10T12:00:00.000Z'), note(2, '2026-03-12T13:00:00.000Z')];
    expect(notesByDay(notes).map((group) => group.day)).toEqual(['2026-03-10', '2026-03-12']);
  });

  it("reads the day in the firm's time zone: 23:30 in Santiago is still that day", () => {
    // 2026-03-11T02:30Z is 23:30 of 10 March in Santiago (UTC-3 in summer time).
    expect(notesByDay([note(1, '2026-03-11T02:30:00.000Z')])[0]?.day).toBe('2026-03-10');
  });
});
