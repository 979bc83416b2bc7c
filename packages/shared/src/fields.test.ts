import { describe, expect, it } from 'vitest';
import { calendarDate, hasForbiddenChars, INT4_MAX, idParam, isPublicHttpsUrl, newPassword } from './fields.ts';
import { msg } from './messages.ts';
import { BusinessCreateSchema } from './schemas/businesses.ts';
import { GroupCreateSchema } from './schemas/groups.ts';
import { ServiceCreateSchema } from './schemas/services.ts';
import { UserCreateSchema } from './schemas/users.ts';
import { z } from './zod-setup.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text that PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates, and lets paired surrogates (emoji) and accents through', () => {
    expect(hasForbiddenChars('a\u0000b')).toBe(true);
    expect(hasForbiddenChars('x\ud800')).toBe(true);
    expect(hasForbiddenChars('\udc00x')).toBe(true);
    expect(hasForbiddenChars('Ñuñoa 😀 café')).toBe(false);
  });

  it('is refused in a form field with a plain Spanish message', () => {
    const result = GroupCreateSchema.safeParse({ name: 'Grupo\u0000' });
    expect(messagesOf(result)).toEqual([msg.forbiddenChars]);
  });
});

describe('ids', () => {
  it('accept 1..2,147,483,647 and refuse the rest with one plain message', () => {
    expect(idParam().parse('2147483647')).toBe(INT4_MAX);
    for (const bad of ['2147483648', '0', '-1', '1.5', 'abc', '', '99999999999999999999']) {
      expect([...new Set(messagesOf(idParam().safeParse(bad)))], bad).toEqual([msg.invalidId]);
    }
  });
});

describe('numbers and dates', () => {
  it('refuses an order past int4 with a sentence, not a bound', () => {
    const result = ServiceCreateSchema.safeParse({ name: 'F29', startMonthDay: 1, lastMonthDay: 12, order: 2 ** 31 });
    expect(messagesOf(result)).toEqual([msg.numberTooLarge]);
  });

  it('accepts dates from 1900 to 2100 only', () => {
    const date = calendarDate(msg.required, 'Debe ser una fecha válida');
    expect(date.parse('1900-01-01')).toBe('1900-01-01');
    expect(date.parse('2100-12-31')).toBe('2100-12-31');
    expect(messagesOf(date.safeParse('0000-01-01'))).toEqual([msg.dateOutOfRange]);
    expect(messagesOf(date.safeParse('2101-01-01'))).toEqual([msg.dateOutOfRange]);
  });

  it('says so in the company form too', () => {
    const company = {
      name: 'A',
      razonSocial: 'A',
      rut: '76.086.428-5',
      startContract: '0000-01-01',
      endContract: '2030-01-01',
      legalRepresentative: 'B',
      contact: 'a@b.cl',
    };
    expect(messagesOf(BusinessCreateSchema.safeParse(company))).toContain(msg.dateOutOfRange);
  });
});

describe('new passwords', () => {
  const password = newPassword(msg.passwordMinUser);
  it('need 8 to 128 characters, not only spaces', () => {
    expect(password.parse('ocho-car')).toBe('ocho-car');
    expect(messagesOf(password.safeParse('siete-c'))).toEqual([msg.passwordMinUser]);
    expect(messagesOf(password.safeParse('x'.repeat(129)))).toEqual([msg.passwordMax]);
    expect(messagesOf(password.safeParse(' '.repeat(10)))).toEqual([msg.passwordBlank]);
  });

  it('apply to the staff user form', () => {
    const user = { name: 'Ana', email: 'ana@estudio.cl', role: 'collaborator', password: 'corta' };
    expect(messagesOf(UserCreateSchema.safeParse(user))).toEqual([msg.passwordMinUser]);
  });
});

describe('plain Spanish for what no form sends', () => {
  it('words wrong types and bounds for a person', () => {
    expect(messagesOf(z.number().safeParse('12'))).toEqual([msg.notANumber]);
    expect(
      messagesOf(
        z
          .number()
          .int()
          .safeParse(2 ** 60),
      ),
    ).toEqual([msg.numberTooLarge]);
    expect(messagesOf(z.boolean().safeParse('sí'))).toEqual([msg.notBoolean]);
    expect(messagesOf(z.object({ a: z.string() }).safeParse({}))).toEqual([msg.required]);
    const joined = [
      ...messagesOf(z.coerce.number().safeParse('abc')),
      ...messagesOf(z.number().int().safeParse(1.5)),
    ].join(' ');
    expect(joined).not.toMatch(/NaN|int|<=|esperaba/);
  });
});

describe('push subscription endpoints', () => {
  it('accept a public https host', () => {
    expect(isPublicHttpsUrl('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPublicHttpsUrl('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
  });

  it('refuse plain http, loopback, private and link-local addresses, and local names', () => {
    for (const url of [
      'http://fcm.googleapis.com/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://0x7f.1/x',
      'https://2130706433/x',
      'https://10.0.0.8/x',
      'https://172.20.1.1/x',
      'https://192.168.1.10/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://intranet/x',
      'https://nas.local/x',
      'https://user:pw@push.example.com/x',
      'no es una url',
    ]) {
      expect(isPublicHttpsUrl(url), url).toBe(false);
    }
  });

  it('refuse every IPv6 literal that holds a loopback or private address, written in any form', () => {
    for (const url of [
      'https://[::7f00:1]/x',
      'https://[::127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[0:0:0:0:0:ffff:7f00:1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[2002:7f00:1::1]/x',
      'https://[2001:0:7f00:1::1]/x',
      'https://[::]/x',
      'https://[fe80::1]/x',
      'https://[fec0::1]/x',
      'https://[fc00::1]/x',
      'https://[ff02::1]/x',
      'https://[2001:db8::1]/x',
      'https://100.64.0.1/x',
      'https://198.18.0.1/x',
    ]) {
      expect(isPublicHttpsUrl(url), url).toBe(false);
    }
    expect(isPublicHttpsUrl('https://[2606:4700:4700::1111]/x')).toBe(true);
    expect(isPublicHttpsUrl('https://8.8.8.8/x')).toBe(true);
  });
});
