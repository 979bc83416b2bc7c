import { dataSubjectsMsg } from './messages-data-subjects.ts';
import { computeRutCheckDigit, formatRut } from './rut.ts';

/**
 * How a data subject ('titular') is looked for, and how the places that name them are rewritten when
 * they are suppressed: the rules both the server and the screen read. Matching ignores accents and
 * case, and works on whole words (see docs/rules.md, 'Titulares de datos').
 */

export const SUBJECT_SEARCH_KINDS = ['email', 'rut', 'name'] as const;
export type SubjectSearchKind = (typeof SUBJECT_SEARCH_KINDS)[number];

export const SUBJECT_SEARCH_LABELS: Record<SubjectSearchKind, string> = {
  email: 'Correo',
  rut: 'RUT',
  name: 'Nombre',
};

/** What is looked for, once read: an e-mail (lower case), a RUT in its spellings, or a name's words. */
export type SubjectTerm =
  | { by: 'email'; email: string }
  | { by: 'rut'; rut: string; body: string; checkDigit: string; spellings: string[] }
  | { by: 'name'; name: string };

export type SubjectTermResult = { ok: true; term: SubjectTerm } | { ok: false; message: string };

/** The shortest name searched (three letters: 'Ana'), the longest of any term. */
export const SUBJECT_NAME_MIN = 3;
export const SUBJECT_TERM_MAX = 120;

const EMAIL = /^[^\s@,;<>()[\]"]+@[^\s@,;<>()[\]"]+\.[^\s@,;<>()[\]".]{2,}$/;
const DOTTED_BODY = /^\d{1,3}(\.\d{3})+$/;

function withDots(body: string): string {
  return body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * A RUT written in any usual spelling ('12.345.678-5', '12345678-5', '123456785'). A RUT without
 * its check digit ('12.345.678', '12.345.678-', or digits whose last one is not the check digit of
 * the others) is refused saying so, rather than read as another person's RUT.
 */
function readRut(value: string): SubjectTermResult {
  const compact = value.replace(/\s/g, '');
  if (!/^[\d.\-kK]+$/.test(compact) || !/\d/.test(compact)) return { ok: false, message: dataSubjectsMsg.rutInvalid };
  if (compact.endsWith('-') || DOTTED_BODY.test(compact)) {
    const body = compact.replace(/[.-]/g, '').replace(/^0+(?=\d)/, '');
    return { ok: false, message: dataSubjectsMsg.rutWithoutCheckDigit(withDots(body)) };
  }
  const dashed = /^([\d.]+)-([\dkK])$/.exec(compact);
  const plain = /^(\d+)([\dkK])$/.exec(compact.replaceAll('.', ''));
  const match = dashed ?? (compact.includes('-') ? null : plain);
  if (!match?.[1] || !match[2]) return { ok: false, message: dataSubjectsMsg.rutInvalid };
  const body = match[1].replaceAll('.', '').replace(/^0+(?=\d)/, '');
  const checkDigit = match[2].toUpperCase();
  if (body.length < 6 || body.length > 9) return { ok: false, message: dataSubjectsMsg.rutInvalid };
  const expected = computeRutCheckDigit(body);
  if (expected !== checkDigit) {
    // Without a dash every digit may be the body: the check digit was most likely left out.
    if (!dashed) {
      const whole = compact.replaceAll('.', '').replace(/^0+(?=\d)/, '');
      return { ok: false, message: dataSubjectsMsg.rutWithoutCheckDigit(withDots(whole)) };
    }
    return { ok: false, message: dataSubjectsMsg.rutWrongCheckDigit(withDots(body)) };
  }
  const rut = formatRut(`${body}-${checkDigit}`);
  return {
    ok: true,
    term: { by: 'rut', rut, body, checkDigit, spellings: [rut, `${body}-${checkDigit}`, `${body}${checkDigit}`] },
  };
}

/** Reads what the owner typed, by the kind chosen; a Spanish message when it cannot be searched. */
export function readSubjectTerm(by: SubjectSearchKind, value: string): SubjectTermResult {
  const text = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (text === '') return { ok: false, message: dataSubjectsMsg.termRequired };
  if (text.length > SUBJECT_TERM_MAX) return { ok: false, message: dataSubjectsMsg.termTooLong(SUBJECT_TERM_MAX) };
  if (by === 'email') {
    const email = text.toLowerCase();
    return EMAIL.test(email) ? { ok: true, term: { by, email } } : { ok: false, message: dataSubjectsMsg.emailInvalid };
  }
  if (by === 'rut') return readRut(text);
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < SUBJECT_NAME_MIN) return { ok: false, message: dataSubjectsMsg.nameTooShort(SUBJECT_NAME_MIN) };
  return { ok: true, term: { by, name: text } };
}

/**
 * The ways a person's name is usually written, from an account's names and surnames: all of them
 * ('Ana María Pérez Soto'), the given names with the first surname ('Ana María Pérez'), the first
 * given name with the surnames ('Ana Pérez Soto') and with the first surname ('Ana Pérez'). Only
 * names of two words or more: a lone 'Ana' names too many people.
 */
export function nameVariants(name: string, lastName: string): string[] {
  const given = name.trim().split(/\s+/).filter(Boolean);
  const surnames = lastName.trim().split(/\s+/).filter(Boolean);
  const variants = [
    [...given, ...surnames],
    [...given, ...surnames.slice(0, 1)],
    [...given.slice(0, 1), ...surnames],
    [...given.slice(0, 1), ...surnames.slice(0, 1)],
  ]
    .filter((words) => words.length >= 2)
    .map((words) => words.join(' '));
  const seen = new Set<string>();
  return variants.filter((variant) => {
    const key = foldText(variant);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Lower case without accents or 'ñ' ('Ñuñoa Pérez' → 'nunoa perez'): how names are compared. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The pseudonym of the N-th suppression: what shows wherever the person's name showed. */
export const pseudonymOf = (number: number) => `Titular suprimido #${number}`;

/**
 * The address a suppressed account keeps (the column is unique and required): on the reserved
 * `.invalid` domain, so nothing can ever be delivered to it nor anyone sign in with it.
 */
export const pseudonymEmailOf = (number: number) => `titular-suprimido-${number}@suprimido.invalid`;

/** What names a person in free text: their names (as phrases), e-mail addresses and RUTs. */
export interface SubjectMentions {
  names: string[];
  emails: string[];
  ruts: { body: string; checkDigit: string }[];
}

const ACCENTED: Record<string, string> = {
  a: 'aáàâäãå',
  e: 'eéèêë',
  i: 'iíìîï',
  o: 'oóòôöõ',
  u: 'uúùûü',
  n: 'nñ',
  c: 'cç',
  y: 'yý',
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A name as a pattern: each letter with its accented forms, blanks as any blanks. */
function namePattern(name: string): string {
  return foldText(name)
    .trim()
    .split(/\s+/)
    .map((word) => [...word].map((char) => (ACCENTED[char] ? `[${ACCENTED[char]}]` : escapeRegExp(char))).join(''))
    .join('\\s+');
}

/** A RUT in any spelling of it: dots between the groups or not, the dash or not, k in either case. */
function rutPattern(rut: { body: string; checkDigit: string }): string {
  const groups = withDots(rut.body).split('.');
  const checkDigit = rut.checkDigit === 'K' ? '[kK]' : rut.checkDigit;
  return `${groups.join('\\.?')}-?${checkDigit}`;
}

/**
 * One pattern for every mention, longest first (a full name before a part of it). Names and RUTs
 * match whole words only ('Ana' never inside 'Mariana' or 'mañana'); e-mails whole addresses.
 */
export function mentionPattern(mentions: SubjectMentions): RegExp | null {
  const parts: { length: number; pattern: string }[] = [];
  for (const name of mentions.names) {
    if (foldText(name).replace(/[^\p{L}\p{N}]/gu, '').length === 0) continue;
    parts.push({ length: name.length, pattern: `(?<![\\p{L}\\p{N}])${namePattern(name)}(?![\\p{L}\\p{N}])` });
  }
  for (const email of mentions.emails) {
    parts.push({
      length: email.length,
      pattern: `(?<![\\p{L}\\p{N}._%+-])${escapeRegExp(email)}(?![\\p{L}\\p{N}_%+-]|\\.[\\p{L}\\p{N}])`,
    });
  }
  for (const rut of mentions.ruts) {
    parts.push({ length: rut.body.length + 2, pattern: `(?<![\\p{N}.])${rutPattern(rut)}(?![\\p{N}kK])` });
  }
  if (parts.length === 0) return null;
  parts.sort((a, b) => b.length - a.length);
  return new RegExp(parts.map((part) => part.pattern).join('|'), 'giu');
}

/** The text with every mention of the person replaced (accents and case aside); unchanged when none. */
export function replaceMentions(text: string, mentions: SubjectMentions, replacement: string): string {
  const pattern = mentionPattern(mentions);
  return pattern ? text.replace(pattern, replacement) : text;
}

/** Whether the text mentions the person, by the same rule as `replaceMentions`. */
export function mentionsSubject(text: string, mentions: SubjectMentions): boolean {
  const pattern = mentionPattern(mentions);
  if (!pattern) return false;
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** Every string inside a JSON value with the mentions replaced (keys kept). */
export function replaceMentionsDeep(value: unknown, mentions: SubjectMentions, replacement: string): unknown {
  if (typeof value === 'string') return replaceMentions(value, mentions, replacement);
  if (Array.isArray(value)) return value.map((item) => replaceMentionsDeep(item, mentions, replacement));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceMentionsDeep(item, mentions, replacement)]),
    );
  }
  return value;
}
