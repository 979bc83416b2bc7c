import { calendarMsg } from '@app/shared/messages-calendar';
import type { EventsResponse, MyCalendars } from '@app/shared/schemas/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForEveryRole } from '../../test/factories.ts';
import {
  FAKE_GOOGLE_CODE,
  FAKE_GOOGLE_EMAIL,
  type FakeEvent,
  type FakeGoogle,
  startFakeGoogle,
} from '../../test/fake-google.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { googleAccounts } from './calendar.tables.ts';

let google: FakeGoogle;
let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
let allowed: { token: string };
let primaryEvents: FakeEvent[];

const soon = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp(google.env);
  tokens = await tokensForEveryRole(t);
  allowed = await t.userWithRole('collaborator', { allowCalendarView: true });
  primaryEvents = [
    { id: 'e1', summary: 'Reunión con Aromos', start: { dateTime: soon(1, 14) }, end: { dateTime: soon(1, 15) } },
    { id: 'e2', summary: 'Pago F29', start: { date: soon(2, 0).slice(0, 10) }, end: { date: soon(3, 0).slice(0, 10) } },
  ];
  google.setEvents('primary@estudio', primaryEvents);
  google.setEvents('vencimientos@estudio', [
    { id: 'v1', summary: 'Vencimiento IVA', start: { dateTime: soon(3, 12) }, end: { dateTime: soon(3, 13) } },
  ]);
});
afterAll(async () => {
  await t.close();
  await google.close();
});

async function linkAccount(token = tokens.owner) {
  const url = await t.request({ method: 'GET', url: '/api/auth/google-cloud-auth-url', token });
  expect(url.statusCode).toBe(200);
  const state = new URL(url.json().authUrl).searchParams.get('state') ?? '';
  return t.request({
    method: 'POST',
    url: '/api/auth/google-cloud',
    token,
    payload: { code: FAKE_GOOGLE_CODE, state },
  });
}

const events = async (token: string): Promise<EventsResponse> => {
  const response = await t.request({ method: 'GET', url: '/api/calendar/event', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('linking a Google account', () => {
  it('gives a consent address for read-only calendars, offline access and a signed state', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/google-cloud-auth-url', token: tokens.owner });
    const authUrl = new URL(response.json().authUrl);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    expect(authUrl.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.readonly');
    expect(authUrl.searchParams.get('access_type')).toBe('offline');
    expect(authUrl.searchParams.get('redirect_uri')).toMatch(/\/calendario$/);
    expect(authUrl.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('exchanges the code, keeps the tokens encrypted, and imports the calendars (the primary one active)', async () => {
    const response = await linkAccount();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(calendarMsg.linked);
    const mine = (
      await t.request({ method: 'GET', url: '/api/user/me/calendar', token: tokens.owner })
    ).json() as MyCalendars;
    expect(mine.configured).toBe(true);
    expect(mine.account).toEqual({ email: FAKE_GOOGLE_EMAIL, relinkNeeded: false });
    expect(mine.calendars.map((calendar) => [calendar.name, calendar.isActive])).toEqual([
      ['Estudio', true],
      ['Vencimientos SII', false],
    ]);
    const [stored] = await t.database.db.select().from(googleAccounts);
    const plain = JSON.stringify(stored);
    expect(plain).not.toContain(google.state.refreshToken);
    for (const token of google.state.liveAccessTokens) expect(plain).not.toContain(token);
    expect(stored?.refreshTokenEncrypted).toMatch(/^v1:/);
  });

  it('refuses an invalid code and a state made for someone else, with plain Spanish', async () => {
    const url = await t.request({ method: 'GET', url: '/api/auth/google-cloud-auth-url', token: tokens.owner });
    const state = new URL(url.json().authUrl).searchParams.get('state') ?? '';
    const badCode = await t.request({
      method: 'POST',
      url: '/api/auth/google-cloud',
      token: tokens.owner,
      payload: { code: 'codigo-falso', state },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toEqual([{ field: 'code', message: calendarMsg.invalidCode }]);
    const otherOwner = await t.userWithRole('owner');
    const stolen = await t.request({
      method: 'POST',
      url: '/api/auth/google-cloud',
      token: otherOwner.token,
      payload: { code: FAKE_GOOGLE_CODE, state },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([{ field: 'state', message: calendarMsg.invalidState }]);
  });
});

describe('choosing calendars and reading events', () => {
  it('says Google is set up', async () => {
    const status = await t.request({ method: 'GET', url: '/api/calendar/status', token: allowed.token });
    expect(status.json()).toEqual({ configured: true });
  });

  it('shows the events of the active calendars to owners and allowed collaborators', async () => {
    const titles = (await events(tokens.owner)).events.map((event) => event.title);
    expect(titles).toEqual(['Reunión con Aromos', 'Pago F29']);
    const allDay = (await events(allowed.token)).events.find((event) => event.title === 'Pago F29');
    expect(allDay?.allDay).toBe(true);
  });

  it('adds a calendar’s events when an owner switches it on', async () => {
    const mine = (
      await t.request({ method: 'GET', url: '/api/user/me/calendar', token: tokens.owner })
    ).json() as MyCalendars;
    const deadlines = mine.calendars.find((calendar) => calendar.name === 'Vencimientos SII');
    const on = await t.request({
      method: 'PUT',
      url: `/api/user/me/calendar/${deadlines?.id}`,
      token: tokens.owner,
      payload: { isActive: true },
    });
    expect(on.json()).toMatchObject({ message: calendarMsg.calendarSaved, calendar: { isActive: true } });
    expect((await events(tokens.owner)).events.map((event) => event.title)).toContain('Vencimiento IVA');
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/user/me/calendar/999999',
      token: tokens.owner,
      payload: { isActive: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('follows nextPageToken through short and empty pages, so no event goes missing', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      id: `m${i}`,
      summary: `Cita ${i + 1}`,
      start: { dateTime: soon(4, 10 + i) },
      end: { dateTime: soon(4, 11 + i) },
    }));
    google.setEvents('primary@estudio', many);
    google.state.listRequests.length = 0;
    try {
      const titles = (await events(tokens.owner)).events.map((event) => event.title);
      expect(titles.filter((title) => title.startsWith('Cita '))).toEqual(many.map((event) => event.summary));
      const pagesRead = google.state.listRequests.filter((request) => request.path.includes('primary'));
      // An empty first page, then pages of at most two events with empty ones in between: 8 pages.
      expect(pagesRead.map((request) => request.pageToken)).toEqual([
        null,
        ...Array.from({ length: 7 }, (_, i) => `pagina-${i + 1}`),
      ]);
    } finally {
      google.setEvents('primary@estudio', primaryEvents);
    }
  });

  it('imports every calendar of the account even when the calendar list comes in several pages', async () => {
    google.state.calendars.push({ id: 'nominas@estudio', summary: 'Nóminas' });
    google.state.pageSize = 1;
    google.state.listRequests.length = 0;
    try {
      expect((await linkAccount()).statusCode).toBe(200);
      const mine = (
        await t.request({ method: 'GET', url: '/api/user/me/calendar', token: tokens.owner })
      ).json() as MyCalendars;
      expect(mine.calendars.map((calendar) => calendar.name).sort()).toEqual([
        'Estudio',
        'Nóminas',
        'Vencimientos SII',
      ]);
      const listPages = google.state.listRequests.filter((request) => request.path.endsWith('/calendarList'));
      expect(listPages.length).toBe(6); // empty, Estudio, empty, Vencimientos SII, empty, Nóminas
    } finally {
      google.state.calendars.pop();
      google.state.pageSize = 2;
    }
  });

  it('refreshes an expired access token and goes on', async () => {
    const before = google.state.refreshes;
    google.expireAccessTokens();
    expect((await events(tokens.owner)).events.length).toBeGreaterThan(0);
    expect(google.state.refreshes).toBe(before + 1);
  });

  it('keeps linking and choosing to owners, events to owners and allowed collaborators', async () => {
    for (const url of ['/api/auth/google-cloud-auth-url', '/api/user/me/calendar']) {
      expect((await t.request({ method: 'GET', url, token: allowed.token })).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url, token: tokens.client })).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const eventsUrl = '/api/calendar/event';
    expect((await t.request({ method: 'GET', url: eventsUrl, token: tokens.collaborator })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: eventsUrl, token: tokens.client })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: eventsUrl })).statusCode).toBe(401);
  });

  it('says to link again when Google revokes the account, and recovers once it is linked again', async () => {
    google.revoke();
    const revoked = await events(tokens.owner);
    expect(revoked).toEqual({ events: [], relinkNeeded: true });
    const mine = (
      await t.request({ method: 'GET', url: '/api/user/me/calendar', token: tokens.owner })
    ).json() as MyCalendars;
    expect(mine.account?.relinkNeeded).toBe(true);
    expect((await linkAccount()).statusCode).toBe(200);
    const again = await events(tokens.owner);
    expect(again.relinkNeeded).toBe(false);
    expect(again.events.length).toBeGreaterThan(0);
  });
});

describe('without configuration', () => {
  it('answers that the integration is not set up', async () => {
    const bare = await createTestApp();
    try {
      const owner = await bare.ownerToken();
      const url = await bare.request({ method: 'GET', url: '/api/auth/google-cloud-auth-url', token: owner });
      expect(url.statusCode).toBe(503);
      expect(url.json().message).toBe(calendarMsg.notConfigured);
      expect((await bare.request({ method: 'GET', url: '/api/calendar/event', token: owner })).json().message).toBe(
        calendarMsg.notConfigured,
      );
      const mine = await bare.request({ method: 'GET', url: '/api/user/me/calendar', token: owner });
      expect(mine.json()).toEqual({ configured: false, account: null, calendars: [] });
      // Said to everyone: no environment variable names in the server's answer.
      expect(calendarMsg.notConfigured).not.toMatch(/GOOGLE_/);
    } finally {
      await bare.close();
    }
  });

  it('tells owners and allowed collaborators whether Google is set up, and nobody else', async () => {
    const bare = await createTestApp();
    try {
      const owner = await bare.ownerToken();
      const viewer = await bare.userWithRole('collaborator', { allowCalendarView: true });
      const other = await bare.userWithRole('collaborator', { allowCalendarView: false });
      for (const token of [owner, viewer.token]) {
        const status = await bare.request({ method: 'GET', url: '/api/calendar/status', token });
        expect(status.statusCode).toBe(200);
        expect(status.json()).toEqual({ configured: false });
      }
      expect((await bare.request({ method: 'GET', url: '/api/calendar/status', token: other.token })).statusCode).toBe(
        403,
      );
      expect((await bare.request({ method: 'GET', url: '/api/calendar/status' })).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
