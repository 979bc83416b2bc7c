import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createGoogleClient } from '../../lib/google-calendar.ts';
import { createSigner } from '../../lib/signed-tokens.ts';
import type { Vault } from '../../lib/vault.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';

type GoogleSettings = Pick<
  AppConfig,
  | 'APP_URL'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_REDIRECT_URI'
  | 'GOOGLE_AUTH_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'GOOGLE_CALENDAR_API_URL'
>;

export interface CalendarModuleDeps {
  db: Db;
  /** Google is set up only when its client id and secret are. */
  config: GoogleSettings;
  /** The encryption of Google tokens at rest. */
  vault: Vault;
  /** Signs the OAuth state (TOKEN_SECRET). */
  tokenSecret: string;
  /** Users module. */
  getUser(id: number): Promise<{ allowCalendarView: boolean }>;
  /** The auth module's single-use marker, shared by every instance. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
}

export function createCalendarModule(deps: CalendarModuleDeps) {
  const { config } = deps;
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleClient({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: config.GOOGLE_REDIRECT_URI ?? `${config.APP_URL}/calendario`,
          authUrl: config.GOOGLE_AUTH_URL,
          tokenUrl: config.GOOGLE_TOKEN_URL,
          apiUrl: config.GOOGLE_CALENDAR_API_URL,
        })
      : null;
  const calendar = createCalendarService(deps.db, {
    google,
    vault: deps.vault,
    signer: createSigner(deps.tokenSecret, 'google-oauth-state/v1'),
    getUser: deps.getUser,
    claimStateOnce: (nonce, ttlMs) => deps.claimOnce(`google-oauth-state:${nonce}`, ttlMs),
  });
  return {
    ...calendar,
    routes: (app: FastifyInstance) => app.register(calendarRoutes, { calendar }),
  };
}
