import { describe, expect, it } from 'vitest';
import { earliestReminder, instantToReminder, reminderStatus, reminderToInstant } from './reminder';

describe('reminder', () => {
  it("reads the picker's day and time on the firm's clock (America/Santiago)", () => {
    // March 2026 is summer time in Santiago: UTC-3.
    expect(reminderToInstant('2026-03-12 09:30:00')).toBe('2026-03-12T12:30:00.000Z');
    // July is winter time: UTC-4.
    expect(reminderToInstant('2026-07-01 21:00:00')).toBe('2026-07-02T01:00:00.000Z');
  });

  it('is no reminder without a value', () => {
    expect(reminderToInstant(null)).toBeNull();
    expect(reminderToInstant('')).toBeNull();
  });

  it('gives a saved reminder back as the same day and time', () => {
    expect(instantToReminder('2026-07-02T01:00:00.000Z')).toBe('2026-07-01 21:00:00');
    expect(instantToReminder(null)).toBeNull();
  });

  it("offers nothing earlier than this minute on the firm's clock", () => {
    expect(earliestReminder(new Date('2026-07-02T01:00:42.500Z'))).toBe('2026-07-01 21:00:00');
  });

  it('says a reminder is pending, sent, or only kept in the outbox, never sent for what did not leave', () => {
    const reminder = '2026-07-02T01:00:00.000Z';
    const sentAt = '2026-07-02T01:00:30.000Z';
    expect(reminderStatus({ reminder: null, reminderSentAt: null, reminderDelivery: null })).toBeNull();
    expect(reminderStatus({ reminder, reminderSentAt: null, reminderDelivery: null })).toBe('Recordatorio pendiente');
    expect(reminderStatus({ reminder, reminderSentAt: sentAt, reminderDelivery: 'sent' })).toBe(
      'Recordatorio enviado el 01-07-2026 21:00',
    );
    expect(reminderStatus({ reminder, reminderSentAt: sentAt, reminderDelivery: 'outbox' })).toBe(
      'Recordatorio no enviado por correo: quedó en la bandeja local del servidor (01-07-2026 21:00)',
    );
    expect(reminderStatus({ reminder, reminderSentAt: sentAt, reminderDelivery: 'failed' })).toBe(
      'Recordatorio no enviado por correo: el envío falló (01-07-2026 21:00)',
    );
  });
});
