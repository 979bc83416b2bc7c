/** Google's OAuth 2.0 and Calendar endpoints, configurable so tests run against a local fake. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';

export class GoogleError extends Error {
  constructor(
    readonly kind: 'invalid_grant' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  id_token?: string;
}

export interface GoogleEventItem {
  id: string;
  summary?: string;
  status?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
}

const TIMEOUT_MS = 10_000;
/**
 * Most pages read for one list. Google may answer pages with fewer items than maxResults, even
 * none, while `nextPageToken` says more follow; past this many pages the list is refused rather
 * than shown incomplete.
 */
const MAX_PAGES = 200;

/** The few calls the calendar needs, over fetch; errors say whether the grant is dead or Google is down. */
export function createGoogleClient(config: GoogleConfig) {
  async function tokenRequest(form: Record<string, string>): Promise<TokenAnswer> {
    let response: Response;
    try {
      response = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GoogleError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const body = (await response.json().catch(() => ({}))) as Partial<TokenAnswer> & { error?: string };
    if (response.status === 400 || response.status === 401) {
      if (body.error === 'invalid_grant' || body.error === 'invalid_request')
        throw new GoogleError('invalid_grant', body.error);
    }
    if (!response.ok || !body.access_token) throw new GoogleError('unavailable', `token endpoint ${response.status}`);
    return body as TokenAnswer;
  }

  async function api<T>(accessToken: string, path: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${config.apiUrl.replace(/\/$/, '')}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GoogleError('unavailable', error instanceof Error ? error.message : String(error));
    }
    if (response.status === 401) throw new GoogleError('invalid_grant', 'access token refused');
    if (!response.ok) throw new GoogleError('unavailable', `calendar api ${response.status}`);
    return (await response.json()) as T;
  }

  /** Every item of a paged list: follows `nextPageToken` until Google stops sending one. */
  async function allPages<T>(accessToken: string, path: string, query: Record<string, string>): Promise<T[]> {
    const items: T[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages += 1) {
      const answer = await api<{ items?: T[]; nextPageToken?: string }>(
        accessToken,
        path,
        pageToken ? { ...query, pageToken } : query,
      );
      items.push(...(answer.items ?? []));
      if (!answer.nextPageToken || answer.nextPageToken === pageToken) return items;
      pageToken = answer.nextPageToken;
    }
    throw new GoogleError('unavailable', `${path}: more than ${MAX_PAGES} pages`);
  }

  return {
    /** The consent page: read-only calendars, offline access (a refresh token), our signed state. */
    authUrl(state: string): string {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: `openid email ${CALENDAR_SCOPE}`,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },

    exchangeCode: (code: string) =>
      tokenRequest({ code, grant_type: 'authorization_code', redirect_uri: config.redirectUri }),

    refresh: (refreshToken: string) => tokenRequest({ refresh_token: refreshToken, grant_type: 'refresh_token' }),

    /** Every calendar of the account, page after page. */
    listCalendars: (accessToken: string) =>
      allPages<{ id: string; summary?: string; primary?: boolean }>(accessToken, '/users/me/calendarList', {
        maxResults: '250',
      }),

    /** Every event of the calendar between the two instants, page after page. */
    listEvents: (accessToken: string, calendarId: string, timeMin: string, timeMax: string) =>
      allPages<GoogleEventItem>(accessToken, `/calendars/${encodeURIComponent(calendarId)}/events`, {
        timeMin,
        timeMax,
        singleEvents: 'true',
        orderBy: 'startTime',
        maxResults: '2500',
      }),
  };
}

export type GoogleClient = ReturnType<typeof createGoogleClient>;

/** The account's e-mail from the OpenID id_token (no signature check needed: it came straight from Google over TLS). */
export function emailFromIdToken(idToken: string | undefined): string {
  const payload = idToken?.split('.')[1];
  if (!payload) return '';
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : '';
  } catch {
    return '';
  }
}
