import { randomBytes } from 'node:crypto';
import { msg } from '@app/shared/messages';
import { calendarMsg } from '@app/shared/messages-calendar';
import { can } from '@app/shared/permissions';
import type {
  Calendar,
  CalendarEvent,
  CalendarStatus,
  EventsResponse,
  MyCalendars,
} from '@app/shared/schemas/calendar';
import dayjs from 'dayjs';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { emailFromIdToken, type GoogleClient, GoogleError } from '../../lib/google-calendar.ts';
import type { createSigner } from '../../lib/signed-tokens.ts';
import type { Vault } from '../../lib/vault.ts';
import { presentCalendar, presentEvent } from './calendar.presenter.ts';
import { calendarRepository, type GoogleAccountRow, type GoogleCalendarRow } from './calendar.repository.ts';

interface Deps {
  /** Null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleClient | null;
  vault: Vault;
  signer: ReturnType<typeof createSigner>;
  getUser(id: number): Promise<{ allowCalendarView: boolean }>;
  /**
   * Marks a state's nonce as used, shared by every instance (database or Redis) and kept for
   * `ttlMs`: true the first time only, so a state links at most once.
   */
  claimStateOnce(nonce: string, ttlMs: number): Promise<boolean>;
}

/** How long the consent round trip may take before its state stops being accepted. */
const STATE_TTL_SECONDS = 15 * 60;
/** Refresh a little before Google's expiry, so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The firm's Google Calendar ('Calendario'): an owner links an account through
 * OAuth 2.0 and chooses calendars; owners and allowed collaborators see the active calendars'
 * events. Tokens are kept encrypted and refreshed when they expire.
 */
export function createCalendarService(db: Db, deps: Deps) {
  function requireGoogle(): GoogleClient {
    if (!deps.google) throw new AppError(503, calendarMsg.notConfigured);
    return deps.google;
  }

  const googleFailure = (error: unknown): never => {
    if (error instanceof GoogleError) throw new AppError(502, calendarMsg.googleUnavailable);
    throw error;
  };

  /** A live access token for the account, refreshed when expired; marks the account revoked when Google refuses. */
  async function accessTokenOf(google: GoogleClient, account: GoogleAccountRow, force = false): Promise<string> {
    const fresh =
      !force &&
      account.accessTokenEncrypted &&
      account.accessTokenExpiresAt &&
      account.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
    if (fresh && account.accessTokenEncrypted) return deps.vault.decrypt(account.accessTokenEncrypted);
    try {
      const tokens = await google.refresh(deps.vault.decrypt(account.refreshTokenEncrypted));
      await calendarRepository.updateAccountOfToken(db, account.id, account.refreshTokenEncrypted, {
        accessTokenEncrypted: deps.vault.encrypt(tokens.access_token),
        accessTokenExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
        ...(tokens.refresh_token ? { refreshTokenEncrypted: deps.vault.encrypt(tokens.refresh_token) } : {}),
      });
      return tokens.access_token;
    } catch (error) {
      if (error instanceof GoogleError && error.kind === 'invalid_grant') {
        await calendarRepository.updateAccountOfToken(db, account.id, account.refreshTokenEncrypted, {
          revokedAt: new Date(),
          accessTokenEncrypted: null,
        });
      }
      throw error;
    }
  }

  /**
   * Calls Google with the account's token, kept for the account's next calls; a refused token is
   * refreshed once and the call retried.
   */
  function tokenKeeper(google: GoogleClient, account: GoogleAccountRow) {
    let token: string | undefined;
    return async <T>(call: (token: string) => Promise<T>): Promise<T> => {
      token ??= await accessTokenOf(google, account);
      try {
        return await call(token);
      } catch (error) {
        if (!(error instanceof GoogleError && error.kind === 'invalid_grant')) throw error;
        token = await accessTokenOf(google, account, true);
        return call(token);
      }
    };
  }

  return {
    authUrl(actor: AuthUser): string {
      const google = requireGoogle();
      const state = deps.signer.seal({ u: actor.id, n: randomBytes(12).toString('base64url') }, STATE_TTL_SECONDS);
      return google.authUrl(state);
    },

    /** Exchanges the code Google sent back for tokens (kept encrypted), then imports the account's calendars. */
    async link(actor: AuthUser, input: { code: string; state: string }): Promise<Calendar[]> {
      const state = deps.signer.open<{ u: number; n?: unknown }>(input.state);
      if (!state.ok || state.payload.u !== actor.id || typeof state.payload.n !== 'string')
        throw badRequest(calendarMsg.invalidState, 'state');
      const google = requireGoogle();
      // Single-use: spent here, before the code is exchanged, even if the exchange then fails.
      if (!(await deps.claimStateOnce(state.payload.n, STATE_TTL_SECONDS * 1000)))
        throw badRequest(calendarMsg.stateUsed, 'state');
      const tokens = await google.exchangeCode(input.code).catch((error: unknown) => {
        if (error instanceof GoogleError && error.kind === 'invalid_grant')
          throw badRequest(calendarMsg.invalidCode, 'code');
        return googleFailure(error);
      });
      const previous = await calendarRepository.findAccountOfUser(db, actor.id);
      const refreshToken = tokens.refresh_token
        ? deps.vault.encrypt(tokens.refresh_token)
        : previous?.refreshTokenEncrypted;
      if (!refreshToken) throw badRequest(calendarMsg.invalidCode, 'code');
      const account = await calendarRepository.upsertAccount(db, {
        userId: actor.id,
        email: emailFromIdToken(tokens.id_token) || previous?.email || '',
        refreshTokenEncrypted: refreshToken,
        accessTokenEncrypted: deps.vault.encrypt(tokens.access_token),
        accessTokenExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      });
      const listed = await google.listCalendars(tokens.access_token).catch(googleFailure);
      await calendarRepository.mergeCalendars(
        db,
        account.id,
        listed.map((item) => ({ googleId: item.id, name: item.summary ?? item.id, active: item.primary === true })),
      );
      return (await calendarRepository.listCalendars(db, account.id)).map(presentCalendar);
    },

    async myCalendars(actor: AuthUser): Promise<MyCalendars> {
      const account = await calendarRepository.findAccountOfUser(db, actor.id);
      return {
        configured: deps.google !== null,
        account: account ? { email: account.email, relinkNeeded: account.revokedAt !== null } : null,
        calendars: account ? (await calendarRepository.listCalendars(db, account.id)).map(presentCalendar) : [],
      };
    },

    async setActive(actor: AuthUser, id: number, isActive: boolean): Promise<Calendar> {
      const account = await calendarRepository.findAccountOfUser(db, actor.id);
      if (!account) throw notFound(calendarMsg.notLinked);
      const row = await calendarRepository.setActive(db, account.id, id, isActive);
      if (!row) throw notFound(calendarMsg.calendarNotFound);
      return presentCalendar(row);
    },

    /** Whether Google is set up, for whoever may see events: the page asks this before asking for events. */
    async status(actor: AuthUser): Promise<CalendarStatus> {
      if (!can(actor, 'calendar:events', await deps.getUser(actor.id))) throw forbidden(msg.forbidden);
      return { configured: deps.google !== null };
    },

    /** Events of every active calendar from timeMin (default one month back) to timeMax (default three months on). */
    async events(actor: AuthUser, query: { timeMin?: string; timeMax?: string }): Promise<EventsResponse> {
      if (!can(actor, 'calendar:events', await deps.getUser(actor.id))) throw forbidden(msg.forbidden);
      const google = requireGoogle();
      const timeMin = query.timeMin ? dayjs(query.timeMin) : dayjs().subtract(1, 'month');
      const timeMax = query.timeMax ? dayjs(query.timeMax) : timeMin.add(3, 'month');
      const rows = await calendarRepository.listActiveCalendars(db);
      const byAccount = new Map<number, { account: GoogleAccountRow; calendars: GoogleCalendarRow[] }>();
      for (const { account, calendar } of rows) {
        const entry = byAccount.get(account.id) ?? { account, calendars: [] };
        entry.calendars.push(calendar);
        byAccount.set(account.id, entry);
      }
      const events: CalendarEvent[] = [];
      let relinkNeeded = false;
      for (const { account, calendars } of byAccount.values()) {
        if (account.revokedAt) {
          relinkNeeded = true;
          continue;
        }
        const withToken = tokenKeeper(google, account);
        try {
          for (const calendar of calendars) {
            const items = await withToken((token) =>
              google.listEvents(token, calendar.googleId, timeMin.toISOString(), timeMax.toISOString()),
            );
            for (const item of items) {
              const event = presentEvent(calendar.id, item);
              if (event) events.push(event);
            }
          }
        } catch (error) {
          if (error instanceof GoogleError && error.kind === 'invalid_grant') {
            relinkNeeded = true;
            continue;
          }
          googleFailure(error);
        }
      }
      events.sort((a, b) => a.start.localeCompare(b.start));
      return { events, relinkNeeded };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
