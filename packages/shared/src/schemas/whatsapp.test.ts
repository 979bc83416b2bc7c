import { describe, expect, it } from 'vitest';
import { whatsappMsg } from '../messages-whatsapp.ts';
import {
  formatChileanMobile,
  normalizeChileanMobile,
  WhatsAppContactSaveSchema,
  WhatsAppPhoneSchema,
} from './whatsapp.ts';

describe('a Chilean mobile for WhatsApp', () => {
  it('is read in the forms people type it and kept as E.164', () => {
    for (const typed of [
      '+56 9 1234 5678',
      '+56912345678',
      '56912345678',
      '912345678',
      '9 1234 5678',
      '(+56) 9-1234-5678',
      '0056 9 1234 5678',
      ' +56 9.1234.5678 ',
    ]) {
      expect(normalizeChileanMobile(typed), typed).toBe('+56912345678');
    }
  });

  it('refuses landlines, other countries, and too few or too many digits', () => {
    for (const typed of [
      '+56 2 2123 4567',
      '22 123 4567',
      '+54 9 11 1234 5678',
      '+1 650 555 1234',
      '9 1234 567',
      '9 1234 56789',
      '+9 1234 5678',
      '56 9 1234 5678 0',
      'nueve',
      '',
    ]) {
      expect(normalizeChileanMobile(typed), typed).toBeNull();
    }
  });

  it('is shown grouped, and the schema words its refusal in Spanish', () => {
    expect(formatChileanMobile('+56912345678')).toBe('+56 9 1234 5678');
    expect(WhatsAppPhoneSchema.parse('')).toBeNull();
    expect(WhatsAppPhoneSchema.parse(null)).toBeNull();
    const refused = WhatsAppPhoneSchema.safeParse('22 123 4567');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(whatsappMsg.invalidPhone);
  });

  it('is required to accept WhatsApp notices', () => {
    const refused = WhatsAppContactSaveSchema.safeParse({ phone: ' ', optedIn: true });
    expect(refused.error?.issues).toMatchObject([{ path: ['phone'], message: whatsappMsg.phoneRequired }]);
    expect(WhatsAppContactSaveSchema.parse({ phone: null, optedIn: false })).toEqual({ phone: null, optedIn: false });
  });
});
