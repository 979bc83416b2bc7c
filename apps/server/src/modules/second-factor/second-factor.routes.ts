import { IdParamSchema, MessageSchema } from '@app/shared/errors';
import { secondFactorMsg } from '@app/shared/messages-trust';
import {
  RecoveryCodesSchema,
  SecondFactorChallengeOnlySchema,
  SecondFactorLoginResponseSchema,
  SecondFactorLoginSchema,
  SecondFactorSetupLoginSchema,
  SecondFactorSetupSchema,
  SecondFactorSetupStartSchema,
  SecondFactorStatusSchema,
  SecuritySettingsSchema,
  TotpCodeSchema,
} from '@app/shared/schemas/second-factor';
import type { User } from '@app/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { UserRow } from '../users/users.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';

interface Options {
  secondFactor: SecondFactorService;
  /** The session's bearer token (the auth module's signing, same lifetime as a password-only sign-in). */
  sessionToken(userId: number, sessionId: string): string;
  /** The users module's one shape of a user that leaves the server. */
  presentUser(row: UserRow): User;
}

/** Two-factor sign-in: the sign-in steps, 'Mi perfil', the owner's reset and the firm's setting. */
export const secondFactorRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { secondFactor, sessionToken, presentUser },
) => {
  const originOf = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/login/second-factor',
    {
      schema: {
        tags: ['auth'],
        description: 'The code (or a recovery code) after the password: answers the session.',
        body: SecondFactorLoginSchema,
        response: { 200: SecondFactorLoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionId } = await secondFactor.signInWithCode(
        request.body.challenge,
        request.body.code,
        originOf(request),
      );
      return { user: presentUser(user), token: sessionToken(user.id, sessionId) };
    },
  );

  app.post(
    '/api/login/second-factor/setup',
    {
      schema: {
        tags: ['auth'],
        description: "A 'setup' challenge (the firm requires a second factor): starts the set-up.",
        body: SecondFactorChallengeOnlySchema,
        response: { 200: SecondFactorSetupSchema, ...errorResponses },
      },
    },
    async (request) => secondFactor.startSetupAtSignIn(request.body.challenge),
  );

  app.post(
    '/api/login/second-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        description: 'The first code of the set-up: enables it and answers the session and the recovery codes.',
        body: SecondFactorSetupLoginSchema,
        response: { 200: SecondFactorLoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionId, recoveryCodes } = await secondFactor.confirmSetupAtSignIn(
        request.body.challenge,
        request.body.code,
        originOf(request),
      );
      return { user: presentUser(user), token: sessionToken(user.id, sessionId), recoveryCodes };
    },
  );

  app.get(
    '/api/profile/second-factor',
    {
      schema: { tags: ['profile'], response: { 200: SecondFactorStatusSchema, ...errorResponses } },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => secondFactor.status(currentUser(request)),
  );

  app.post(
    '/api/profile/second-factor/setup',
    {
      schema: {
        tags: ['profile'],
        description: 'Starts a set-up: takes the current password (throttled like its other checks).',
        body: SecondFactorSetupStartSchema,
        response: { 200: SecondFactorSetupSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => secondFactor.startSetup(currentUser(request), request.body.currentPassword),
  );

  app.post(
    '/api/profile/second-factor/confirm',
    {
      schema: {
        tags: ['profile'],
        description: "Enables the set-up with its first code; ends the user's other sessions.",
        body: TotpCodeSchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => ({
      message: secondFactorMsg.enabled,
      recoveryCodes: await secondFactor.confirmSetup(currentUser(request), request.ip, request.body.code),
    }),
  );

  app.delete(
    '/api/profile/second-factor',
    {
      schema: { tags: ['profile'], body: TotpCodeSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => {
      await secondFactor.disable(currentUser(request), request.ip, request.body.code);
      return { message: secondFactorMsg.disabled };
    },
  );

  app.post(
    '/api/profile/second-factor/recovery-codes',
    {
      schema: {
        tags: ['profile'],
        body: TotpCodeSchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => ({
      message: secondFactorMsg.recoveryCodesRenewed,
      recoveryCodes: await secondFactor.renewRecoveryCodes(currentUser(request), request.ip, request.body.code),
    }),
  );

  app.delete(
    '/api/users/:id/second-factor',
    {
      schema: {
        tags: ['users'],
        description:
          "The owner's reset: removes the user's second factor and recovery codes, ends their sessions. Not one's own (403: 'Mi perfil' turns it off with a code).",
        params: IdParamSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
      onRequest: app.authorize('users:manage'),
    },
    async (request) => {
      await secondFactor.resetForUser(actorOf(request), request.params.id);
      return { message: secondFactorMsg.resetDone };
    },
  );

  app.get(
    '/api/settings/security',
    {
      schema: { tags: ['settings'], response: { 200: SecuritySettingsSchema, ...errorResponses } },
      onRequest: app.authorize('settings:manage'),
    },
    async () => secondFactor.settings(),
  );

  app.put(
    '/api/settings/security',
    {
      schema: {
        tags: ['settings'],
        body: SecuritySettingsSchema,
        response: { 200: SecuritySettingsSchema, ...errorResponses },
      },
      onRequest: app.authorize('settings:manage'),
    },
    async (request) => secondFactor.saveSettings(actorOf(request), request.body),
  );
};
