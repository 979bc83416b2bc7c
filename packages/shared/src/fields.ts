import { msg } from './messages.ts';
import { z } from './zod-setup.ts';

/**
 * The building blocks of every request schema. They refuse, with plain Spanish, the inputs that
 * once reached PostgreSQL and came back as a 500: NUL and lone surrogates in text, integers past
 * int4, years PostgreSQL will not store.
 */

/** The largest value of a PostgreSQL `integer` (int4): ids and whole-number fields. */
export const INT4_MAX = 2_147_483_647;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
/** Longest password accepted anywhere (hashing a megabyte would be a denial of service). */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True for text PostgreSQL cannot store as UTF-8 text: a NUL character or half of a surrogate pair. */
export function hasForbiddenChars(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * A string typed by a person. Start every text field from this instead of `z.string()`;
 * `error` is the message for a missing or non-text value.
 */
export const plainText = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .refine((value) => !hasForbiddenChars(value), { message: msg.forbiddenChars, abort: true });

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (requiredMessage: string, max: number, maxMessage?: string) =>
  plainText(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(max, maxMessage ?? `Debe tener como máximo ${max.toLocaleString('es-CL')} caracteres`);

/** An optional trimmed text: missing or null becomes ''. */
export const optionalText = (max: number, maxMessage?: string) =>
  plainText()
    .trim()
    .max(max, maxMessage ?? `Debe tener como máximo ${max.toLocaleString('es-CL')} caracteres`)
    .nullish()
    .transform((value) => value ?? '');

/** A row id sent in a JSON body: a positive integer within int4; 'Campo requerido' when missing. */
export const idField = (message: string = msg.invalidId) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : message) })
    .int(message)
    .min(1, message)
    .max(INT4_MAX, message);

/** A row id in a path or query string ('12'): a positive integer within int4. */
export const idParam = (message: string = msg.invalidId) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

/** A path parameter object, e.g. `idParams('serviceId', 'id')` for /service/{serviceId}/state/{id}. */
export function idParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, idParam()])) as Record<K, ReturnType<typeof idParam>>);
}

/** A whole number that fits an int4 column; `typeMessage` for a missing, fractional or non-number value. */
export const int4Field = (typeMessage: string = msg.notAnInteger) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? msg.required : typeMessage) })
    .int(typeMessage)
    .min(-INT4_MAX, msg.numberTooSmall)
    .max(INT4_MAX, msg.numberTooLarge);

/** True when a 'YYYY-MM-DD' date lies within the years the product accepts (anything else is another rule's problem). */
export function isYearInRange(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return true;
  const year = Number(isoDate.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A calendar date 'YYYY-MM-DD' (no time zone) between 1900 and 2100, required. */
export const calendarDate = (requiredMessage: string, invalidMessage: string) =>
  plainText(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .pipe(z.iso.date(invalidMessage))
    .refine(isYearInRange, { message: msg.dateOutOfRange });

/**
 * A new password: 8 to 128 characters, not only spaces. `minMessage` keeps each form's own
 * wording of the minimum (the forms word it three ways).
 */
export const newPassword = (minMessage: string) =>
  plainText(minMessage)
    .min(PASSWORD_MIN, minMessage)
    .max(PASSWORD_MAX, msg.passwordMax)
    .refine((value) => value.trim().length > 0, { message: msg.passwordBlank });

const PRIVATE_IPV4 = [
  /^0\./,
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^(22[4-9]|2[3-5]\d)\./,
  /^192\.0\.[02]\./,
  /^198\.(1[89])\./,
  /^198\.51\.100\./,
  /^203\.0\.113\./,
];

/**
 * True for http://127.0.0.1 URLs: a local fake push service, accepted only where the server is
 * started for browser tests (PUSH_TEST_LOOPBACK=on), never in production.
 */
export function isLoopbackHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && url.hostname === '127.0.0.1' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The eight groups of an IPv6 address written compressed, hex only ('fe80::1'), as hex text. */
export function expandIPv6(v6: string): string[] {
  const [head = '', tail] = v6.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  return tail === undefined
    ? headGroups
    : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, hex only). */
const ipv6Groups = (v6: string): number[] => expandIPv6(v6).map((group) => Number.parseInt(group, 16));

/**
 * False for IPv6 literals that reach the server itself or the firm's network, or that carry an IPv4
 * address inside: all of ::/8 (unspecified, loopback, IPv4-compatible such as ::7f00:1, IPv4-mapped,
 * and the NAT64 prefix), 6to4 and Teredo, discard and documentation prefixes, unique-local,
 * link-local, site-local and multicast.
 */
function isPublicIpv6(v6: string): boolean {
  const [first = 0, second = 0, third = 0, fourth = 0] = ipv6Groups(v6);
  if (first < 0x100) return false;
  if (first === 0x100 && second === 0 && third === 0 && fourth === 0) return false;
  if (first === 0x2002 || (first === 0x2001 && (second === 0 || second === 0xdb8))) return false;
  return !(
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xffc0) === 0xfec0 ||
    first >= 0xff00
  );
}

/**
 * True for an https URL whose host is a public name or address: not localhost, not a bare or
 * '.local'/'.internal' name, not a loopback, private, link-local or multicast address. A push
 * subscription is a URL the server will later POST to, so it must not point inside the firm.
 */
export function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return isPublicIpv6(host.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !PRIVATE_IPV4.some((range) => range.test(host));
  if (!host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|lan|home|corp|intranet|localdomain)$/.test(host);
}
