import { APP_TIME_ZONE } from '@app/shared/period';
import { type APIRequestContext, expect } from '@playwright/test';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { FAKE_GOOGLE_URL } from '../../playwright.config';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The fake Google's two calendars (apps/server/src/test/fake-google.ts): the primary one starts active. */
export const FAKE_CALENDARS = {
  primary: { id: 'primary@estudio', name: 'Estudio' },
  deadlines: { id: 'vencimientos@estudio', name: 'Vencimientos SII' },
} as const;

/** The e-mail of the fake Google account. */
export const FAKE_GOOGLE_EMAIL = 'estudio@gmail.com';

export interface FakeEventInput {
  id: string;
  summary: string;
  start: { dateTime: string };
  end: { dateTime: string };
}

/** Today at hour:minute in America/Santiago (where the browser runs), as an ISO instant with its offset. */
export function todayAt(hour: number, minute = 0): string {
  return dayjs().tz(APP_TIME_ZONE).hour(hour).minute(minute).second(0).millisecond(0).format();
}

/** An event of the fake Google today, from `from` to `to` o'clock (America/Santiago). */
export const eventToday = (id: string, summary: string, from: number, to: number): FakeEventInput => ({
  id,
  summary,
  start: { dateTime: todayAt(from) },
  end: { dateTime: todayAt(to) },
});

/** Replaces the events of one of the fake Google's calendars. */
export async function setFakeGoogleEvents(request: APIRequestContext, calendarId: string, events: FakeEventInput[]) {
  const response = await request.post(`${FAKE_GOOGLE_URL}/__control/events`, { data: { calendarId, events } });
  expect(response.status()).toBe(200);
}

/** The fake Google stops accepting the linked account (its refresh token is refused from now on). */
export async function revokeFakeGoogleAccount(request: APIRequestContext) {
  const response = await request.post(`${FAKE_GOOGLE_URL}/__control/revoke`);
  expect(response.status()).toBe(200);
}
