/** What a hidden credential is logged as. */
export const HIDDEN = '[oculto]';

/** Path segments after which the next segment is a credential: the recovery page, download links, calendar feeds. */
const SECRET_AFTER = new Set(['recuperar-contraseña', 'download', 'calendar-feed']);
/** Query parameters that carry credentials (OAuth returns, tokens, signatures). */
const SECRET_QUERY_NAMES = new Set([
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
  'signature',
  'sig',
  'key',
  'password',
]);
/**
 * Values shaped like a credential wherever they appear: signed tokens and JWTs (base64url parts
 * joined by dots), and long random strings (a recovery token is 43 characters).
 */
const TOKEN_SHAPE = /^(?:[\w-]{8,}\.){1,2}[\w-]{16,}$|^[\w-]{32,}$/;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A segment as people read it (`contraseña`, not `contrase%C3%B1a`), unless decoding would change its shape. */
function readable(segment: string): string {
  const text = decoded(segment);
  return /[/?#\p{Cc}]/u.test(text) ? segment : text;
}

/**
 * A request URL fit for the access log: recovery and download tokens, signed or secret query
 * values and anything shaped like a token become `[oculto]`; the path's shape stays readable
 * (`/recuperar-contraseña/[oculto]`, `/calendario?code=[oculto]&state=[oculto]`).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1);

  const segments = path.split('/').map(readable);
  const shownPath = segments
    .map((segment, index) =>
      (index > 0 && SECRET_AFTER.has(segments[index - 1] ?? '') && segment) || TOKEN_SHAPE.test(segment)
        ? HIDDEN
        : segment,
    )
    .join('/');
  if (query === undefined) return shownPath;

  const shownQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return TOKEN_SHAPE.test(decoded(pair)) ? HIDDEN : pair;
      const name = pair.slice(0, equals);
      const value = decoded(pair.slice(equals + 1));
      return SECRET_QUERY_NAMES.has(decoded(name).toLowerCase()) || TOKEN_SHAPE.test(value)
        ? `${name}=${HIDDEN}`
        : pair;
    })
    .join('&');
  return `${shownPath}?${shownQuery}`;
}
