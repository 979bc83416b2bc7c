import { profileMsg } from '@app/shared/messages-profile';
import {
  MorningDigestResponseSchema,
  MorningDigestSchema,
  PasswordChangeResponseSchema,
  PasswordChangeSchema,
  ProfileUpdateResponseSchema,
  ProfileUpdateSchema,
} from '@app/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { ProfileService } from './profile.service.ts';
import { presentUser } from './users.presenter.ts';

/** The signed-in user's own profile and password, for every role ('profile:self'). */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.put(
    '/api/user/me',
    {
      schema: {
        tags: ['users'],
        description: 'Name, last name and e-mail of the signed-in user; role and company cannot change here.',
        body: ProfileUpdateSchema,
        response: { 200: ProfileUpdateResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => {
      const user = await profile.update(currentUser(request), request.body);
      return { message: profileMsg.profileUpdated, user: presentUser(user) };
    },
  );

  app.get(
    '/api/user/me/morning-digest',
    {
      schema: {
        tags: ['users'],
        description: 'Whether the signed-in staff member gets the 08:00 digest of due dates (clients: 403).',
        response: { 200: MorningDigestSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:digest'),
    },
    async (request) => ({ morningDigest: await profile.morningDigest(currentUser(request)) }),
  );

  app.put(
    '/api/user/me/morning-digest',
    {
      schema: {
        tags: ['users'],
        description: 'Opts the signed-in staff member out of (or back into) the 08:00 digest of due dates.',
        body: MorningDigestSchema,
        response: { 200: MorningDigestResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:digest'),
    },
    async (request) => {
      const morningDigest = await profile.setMorningDigest(currentUser(request), request.body.morningDigest);
      return { morningDigest, message: morningDigest ? profileMsg.morningDigestOn : profileMsg.morningDigestOff };
    },
  );

  app.put(
    '/api/user/me/password',
    {
      schema: {
        tags: ['users'],
        description: "Changes the signed-in user's password and ends their other sessions.",
        body: PasswordChangeSchema,
        response: { 200: PasswordChangeResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => {
      await profile.changePassword(currentUser(request), request.body, request.ip);
      return { message: profileMsg.passwordChanged };
    },
  );
};
