import { describe, expect, it } from 'vitest';
import { dataSubjectsMsg } from './messages-data-subjects.ts';
import {
  foldText,
  mentionsSubject,
  nameVariants,
  pseudonymEmailOf,
  pseudonymOf,
  readSubjectTerm,
  replaceMentions,
  replaceMentionsDeep,
  type SubjectMentions,
} from './subject-match.ts';

const mentions = (partial: Partial<SubjectMentions>): SubjectMentions => ({
  names: [],
  emails: [],
  ruts: [],
  ...partial,
});

describe('reading a RUT', () => {
  it('reads it with or without dots and dash, the check digit K in either case', () => {
    for (const spelling of ['12.345.678-5', '12345678-5', '123456785', ' 12.345.678 - 5 ', '012.345.678-5']) {
      expect(readSubjectTerm('rut', spelling)).toEqual({
        ok: true,
        term: {
          by: 'rut',
          rut: '12.345.678-5',
          body: '12345678',
          checkDigit: '5',
          spellings: ['12.345.678-5', '12345678-5', '123456785'],
        },
      });
    }
    for (const spelling of ['10.000.013-k', '10000013K', '10000013-K']) {
      const read = readSubjectTerm('rut', spelling);
      expect(read.ok && read.term.by === 'rut' && read.term.rut).toBe('10.000.013-K');
    }
    // A seven-digit body, as older RUTs have.
    expect(readSubjectTerm('rut', '7.654.321-6')).toMatchObject({ ok: true, term: { rut: '7.654.321-6' } });
  });

  it('says the check digit is missing rather than reading another RUT', () => {
    const missing = dataSubjectsMsg.rutWithoutCheckDigit('12.345.678');
    expect(readSubjectTerm('rut', '12.345.678')).toEqual({ ok: false, message: missing });
    expect(readSubjectTerm('rut', '12.345.678-')).toEqual({ ok: false, message: missing });
    // '12345678' read as 1.234.567-8 has the wrong check digit (it is 4): the 8 was the body's.
    expect(readSubjectTerm('rut', '12345678')).toEqual({ ok: false, message: missing });
  });

  it('says when the check digit does not belong to the number, and refuses what is not a RUT', () => {
    expect(readSubjectTerm('rut', '12.345.678-9')).toEqual({
      ok: false,
      message: dataSubjectsMsg.rutWrongCheckDigit('12.345.678'),
    });
    for (const text of ['abc', '12.345.678-55', '1-9', '12.3a5.678-5']) {
      expect(readSubjectTerm('rut', text)).toEqual({ ok: false, message: dataSubjectsMsg.rutInvalid });
    }
  });
});

describe('reading an e-mail or a name', () => {
  it('lower-cases an e-mail and refuses what is not one', () => {
    expect(readSubjectTerm('email', ' Ana.Perez@ElRoble.CL ')).toEqual({
      ok: true,
      term: { by: 'email', email: 'ana.perez@elroble.cl' },
    });
    expect(readSubjectTerm('email', 'ana@elroble')).toEqual({ ok: false, message: dataSubjectsMsg.emailInvalid });
    expect(readSubjectTerm('email', '')).toEqual({ ok: false, message: dataSubjectsMsg.termRequired });
  });

  it('keeps a name as typed (blanks collapsed) and asks for three letters at least', () => {
    expect(readSubjectTerm('name', '  Ana   María ')).toEqual({ ok: true, term: { by: 'name', name: 'Ana María' } });
    expect(readSubjectTerm('name', 'Al')).toEqual({ ok: false, message: dataSubjectsMsg.nameTooShort(3) });
    expect(readSubjectTerm('name', '12 34')).toEqual({ ok: false, message: dataSubjectsMsg.nameTooShort(3) });
  });
});

describe('matching and replacing a person in text', () => {
  const ana = mentions({ names: ['Ana María Pérez'], emails: ['ana.perez@elroble.cl'] });

  it('finds a name whatever its accents and case', () => {
    for (const text of ['Llamar a ANA MARIA PEREZ', 'llamar a ana maría pérez', 'Ana  María\nPérez llamó']) {
      expect(mentionsSubject(text, ana)).toBe(true);
      expect(replaceMentions(text, ana, 'Titular suprimido #1')).toContain('Titular suprimido #1');
    }
    expect(replaceMentions('Escribe a Ana María Pérez.', ana, 'X')).toBe('Escribe a X.');
  });

  it('matches whole words only: never Mariana nor mañana for Ana', () => {
    const short = mentions({ names: ['Ana'] });
    expect(replaceMentions('Mariana pide la cartola de mañana; Ana no.', short, 'X')).toBe(
      'Mariana pide la cartola de mañana; X no.',
    );
    expect(mentionsSubject('Anabel y Susana', short)).toBe(false);
  });

  it('reads ñ and n as one letter, and other accents too', () => {
    const munoz = mentions({ names: ['Nuñez Muñoz'] });
    expect(replaceMentions('Sr. NUNEZ MUNOZ, Sra. Núñez Muñoz', munoz, 'X')).toBe('Sr. X, Sra. X');
  });

  it('replaces a whole e-mail address in any case, not one that only contains it', () => {
    expect(replaceMentions('Para: ANA.PEREZ@ELROBLE.CL, otra@elroble.cl', ana, 'X')).toBe('Para: X, otra@elroble.cl');
    expect(replaceMentions('juana.perez@elroble.cl y ana.perez@elroble.cl.ar', ana, 'X')).toBe(
      'juana.perez@elroble.cl y ana.perez@elroble.cl.ar',
    );
    expect(replaceMentions('Escriba a ana.perez@elroble.cl.', ana, 'X')).toBe('Escriba a X.');
  });

  it('replaces a RUT in every spelling, never inside a longer number', () => {
    const rut = mentions({ ruts: [{ body: '12345678', checkDigit: '5' }] });
    expect(replaceMentions('RUT 12.345.678-5, 12345678-5 o 123456785.', rut, 'X')).toBe('RUT X, X o X.');
    expect(replaceMentions('Folio 9123456785 y 12.345.678-50', rut, 'X')).toBe('Folio 9123456785 y 12.345.678-50');
    const withK = mentions({ ruts: [{ body: '10000013', checkDigit: 'K' }] });
    expect(replaceMentions('10.000.013-k y 10000013K', withK, 'X')).toBe('X y X');
  });

  it('replaces the longest mention first: the full name, not a part of it', () => {
    const both = mentions({ names: ['Ana Pérez', 'Ana María Pérez Soto'] });
    expect(replaceMentions('Firma: Ana María Pérez Soto', both, 'X')).toBe('Firma: X');
  });

  it('replaces inside every string of a JSON value, keeping its keys', () => {
    expect(
      replaceMentionsDeep(
        { after: { email: 'ana.perez@elroble.cl', contacts: ['ana.perez@elroble.cl', 'b@c.cl'], count: 2 } },
        ana,
        'X',
      ),
    ).toEqual({ after: { email: 'X', contacts: ['X', 'b@c.cl'], count: 2 } });
  });
});

describe('the names and pseudonym of a person', () => {
  it('writes a name the usual ways, two words at least', () => {
    expect(nameVariants('Ana María', 'Pérez Soto')).toEqual([
      'Ana María Pérez Soto',
      'Ana María Pérez',
      'Ana Pérez Soto',
      'Ana Pérez',
    ]);
    expect(nameVariants('Rosa', 'Díaz')).toEqual(['Rosa Díaz']);
    expect(nameVariants('Administrador', '')).toEqual([]);
  });

  it('folds accents, ñ and case away', () => {
    expect(foldText('Ñuñoa PÉREZ Güemes')).toBe('nunoa perez guemes');
  });

  it('names the N-th suppression and gives its account an address nothing can reach', () => {
    expect(pseudonymOf(7)).toBe('Titular suprimido #7');
    expect(pseudonymEmailOf(7)).toBe('titular-suprimido-7@suprimido.invalid');
  });
});
