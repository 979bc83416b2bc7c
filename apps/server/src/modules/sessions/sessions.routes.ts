import { IdParamSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { sessionsMsg } from '@app/shared/messages-trust';
import { SessionIdParamsSchema, SessionSummarySchema } from '@app/shared/schemas/sessions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { badRequest } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { SessionsService } from './sessions.service.ts';

const EndedSchema = MessageSchema.extend({ count: z.number().int() });
/** Nothing to send: no body or an object (ignored); anything else is refused. */
async function refuseOtherBodies(request: FastifyRequest) {
  const { body } = request;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest(msg.invalidValue);
  }
}

/**
 * The signed-in user's sessions ('Mi perfil', every role) and the owner's end of a user's sessions.
 * Every end is logged and closes the ended sessions' sockets; their tokens are refused at once.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  app.get(
    '/api/profile/sessions',
    {
      schema: {
        tags: ['users'],
        description: "The signed-in user's live sessions, the most recently used first; `current` marks this one.",
        response: { 200: z.array(SessionSummarySchema), ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => {
      const user = currentUser(request);
      return sessions.list(user.id, user.sessionId);
    },
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      schema: {
        tags: ['users'],
        description: "Ends one of the signed-in user's sessions (this one too); 404 when it is not theirs or gone.",
        params: SessionIdParamsSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
    },
    async (request) => {
      const user = currentUser(request);
      await sessions.endOwn(actorOf(request), user.id, request.params.id);
      return { message: sessionsMsg.ended };
    },
  );

  app.post(
    '/api/profile/sessions/end-others',
    {
      schema: {
        tags: ['users'],
        description: 'Ends every session of the signed-in user but this one; answers how many ended.',
        response: { 200: EndedSchema, ...errorResponses },
      },
      onRequest: app.authorize('profile:self'),
      preValidation: refuseOtherBodies,
    },
    async (request) => {
      const user = currentUser(request);
      const count = await sessions.endOthers(actorOf(request), user.id, user.sessionId);
      return { message: sessionsMsg.endedOthers(count), count };
    },
  );

  app.delete(
    '/api/users/:id/sessions',
    {
      schema: {
        tags: ['users'],
        description:
          'The owner ends every session of a user (their tokens and sockets at once); 404 for an unknown user.',
        params: IdParamSchema,
        response: { 200: EndedSchema, ...errorResponses },
      },
      onRequest: app.authorize('users:manage'),
    },
    async (request) => {
      const count = await sessions.endAllOf(actorOf(request), request.params.id);
      return { message: sessionsMsg.endedOthers(count), count };
    },
  );
};
