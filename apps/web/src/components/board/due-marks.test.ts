import { describe, expect, it } from 'vitest';
import { dueMarkOf, dueText } from './due-marks';

const today = '2026-11-24';

describe('the due mark of a cell', () => {
  it('is the late mark when the server says overdue', () => {
    expect(dueMarkOf({ dueDate: '2026-11-12', overdue: true, done: false }, today)).toBe('overdue');
  });

  it('is the soft mark from today up to three days ahead, and none beyond or without a date', () => {
    expect(dueMarkOf({ dueDate: '2026-11-24', overdue: false, done: false }, today)).toBe('soon');
    expect(dueMarkOf({ dueDate: '2026-11-27', overdue: false, done: false }, today)).toBe('soon');
    expect(dueMarkOf({ dueDate: '2026-11-28', overdue: false, done: false }, today)).toBeNull();
    expect(dueMarkOf({ dueDate: null, overdue: false, done: false }, today)).toBeNull();
  });

  it('is none for a cell at its last state, even past its date', () => {
    expect(dueMarkOf({ dueDate: '2026-11-12', overdue: true, done: true }, today)).toBeNull();
    expect(dueMarkOf({ dueDate: '2026-11-25', overdue: false, done: true }, today)).toBeNull();
  });

  it('is none before the board has told its day', () => {
    expect(dueMarkOf({ dueDate: '2026-11-25', overdue: false, done: false }, '')).toBeNull();
  });
});

describe('the due text of a cell', () => {
  it('says when a late cell fell due, and when another one falls due, as DD-MM-YYYY', () => {
    expect(dueText('2026-11-12', 'overdue', false)).toBe('Atrasada, venció 12-11-2026');
    expect(dueText('2026-11-25', 'soon', false)).toBe('Vence 25-11-2026');
    expect(dueText('2026-12-14', null, false)).toBe('Vence 14-12-2026');
  });

  it('says nothing without a due date or once done', () => {
    expect(dueText(null, null, false)).toBeNull();
    expect(dueText('2026-11-12', null, true)).toBeNull();
  });
});
