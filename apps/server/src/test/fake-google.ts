import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth 2.0 and Calendar endpoints, for tests only (route tests and
 * the browser test). It knows one account: the code 'codigo-valido' links it; its refresh token
 * works until `revoke()`; access tokens expire on `expireAccessTokens()`. Control endpoints under
 * /__control let a browser test arrange events and revocation over HTTP.
 *
 * Lists page like Google's (events and calendarList): a page holds fewer items than `maxResults`,
 * sometimes none at all, and `nextPageToken` says that more follow. Here every list starts with an
 * empty page and alternates empty pages with pages of at most `pageSize` items, so a client that
 * reads only the first page sees nothing.
 */
export interface FakeEvent {
  id: string;
  summary: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
}

export const FAKE_GOOGLE_CODE = 'codigo-valido';
export const FAKE_GOOGLE_EMAIL = 'estudio@gmail.com';

export async function startFakeGoogle(port = 0) {
  const state = {
    refreshToken: `rt-${randomBytes(6).toString('hex')}`,
    revoked: false,
    liveAccessTokens: new Set<string>(),
    refreshes: 0,
    calendars: [
      { id: 'primary@estudio', summary: 'Estudio', primary: true },
      { id: 'vencimientos@estudio', summary: 'Vencimientos SII' },
    ],
    events: new Map<string, FakeEvent[]>(),
    /** Most items on a non-empty page (besides the caller's maxResults). */
    pageSize: 2,
    /** Every list request, with the page token it carried (null for a first page). */
    listRequests: [] as { path: string; pageToken: string | null }[],
  };

  /**
   * The page of `items` that `pageToken` names: page 0 is empty, odd pages hold the next
   * min(pageSize, maxResults) items, even ones are empty again; `nextPageToken` while any remain.
   */
  const page = <T>(items: T[], url: URL) => {
    const token = url.searchParams.get('pageToken');
    state.listRequests.push({ path: url.pathname, pageToken: token });
    const maxResults = Number(url.searchParams.get('maxResults') ?? 250);
    const size = Math.max(1, Math.min(state.pageSize, maxResults));
    const index = token ? Number(token.replace(/^pagina-/, '')) : 0;
    const filled = Math.ceil(index / 2); // non-empty pages served up to and including this one
    const from = (index % 2 === 1 ? filled - 1 : filled) * size;
    const slice = index % 2 === 1 ? items.slice(from, from + size) : [];
    const consumed = from + slice.length;
    return consumed < items.length ? { items: slice, nextPageToken: `pagina-${index + 1}` } : { items: slice };
  };

  const newAccessToken = () => {
    const token = `at-${randomBytes(6).toString('hex')}`;
    state.liveAccessTokens.add(token);
    return token;
  };
  const idToken = () =>
    ['e30', Buffer.from(JSON.stringify({ email: FAKE_GOOGLE_EMAIL })).toString('base64url'), 'firma'].join('.');

  const readBody = (request: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => resolve(body));
    });
  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');

    // The consent page: an owner who says yes is sent straight back with the code and the state.
    if (url.pathname === '/o/oauth2/v2/auth') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', FAKE_GOOGLE_CODE);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      if (form.get('client_id') !== 'cliente-de-prueba' || form.get('client_secret') !== 'secreto-de-prueba') {
        return json(response, 401, { error: 'invalid_client' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        if (form.get('code') !== FAKE_GOOGLE_CODE) return json(response, 400, { error: 'invalid_grant' });
        state.revoked = false;
        return json(response, 200, {
          access_token: newAccessToken(),
          expires_in: 3599,
          refresh_token: state.refreshToken,
          id_token: idToken(),
          token_type: 'Bearer',
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (state.revoked || form.get('refresh_token') !== state.refreshToken) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        state.refreshes += 1;
        return json(response, 200, { access_token: newAccessToken(), expires_in: 3599, token_type: 'Bearer' });
      }
      return json(response, 400, { error: 'unsupported_grant_type' });
    }

    if (url.pathname.startsWith('/calendar/v3/')) {
      if (!state.liveAccessTokens.has(bearer)) return json(response, 401, { error: { code: 401 } });
      if (url.pathname === '/calendar/v3/users/me/calendarList') return json(response, 200, page(state.calendars, url));
      const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(url.pathname);
      if (match) {
        const calendarId = decodeURIComponent(match[1] ?? '');
        const timeMin = url.searchParams.get('timeMin') ?? '';
        const timeMax = url.searchParams.get('timeMax') ?? '9999';
        const items = (state.events.get(calendarId) ?? []).filter((event) => {
          const start = event.start.dateTime ?? event.start.date ?? '';
          return new Date(start) >= new Date(timeMin) && new Date(start) < new Date(timeMax);
        });
        return json(response, 200, page(items, url));
      }
    }

    if (url.pathname === '/__control/health') return json(response, 200, { ok: true });
    if (url.pathname === '/__control/events' && request.method === 'POST') {
      const body = JSON.parse(await readBody(request)) as { calendarId: string; events: FakeEvent[] };
      state.events.set(body.calendarId, body.events);
      return json(response, 200, {});
    }
    if (url.pathname === '/__control/revoke' && request.method === 'POST') {
      state.revoked = true;
      state.liveAccessTokens.clear();
      return json(response, 200, {});
    }
    return json(response, 404, { error: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** The configuration that points the app at this fake. */
    env: {
      GOOGLE_CLIENT_ID: 'cliente-de-prueba',
      GOOGLE_CLIENT_SECRET: 'secreto-de-prueba',
      GOOGLE_AUTH_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_CALENDAR_API_URL: `${base}/calendar/v3`,
    },
    state,
    setEvents(calendarId: string, events: FakeEvent[]) {
      state.events.set(calendarId, events);
    },
    expireAccessTokens() {
      state.liveAccessTokens.clear();
    },
    revoke() {
      state.revoked = true;
      state.liveAccessTokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
