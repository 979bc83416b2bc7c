import { IdParamSchema, MessageSchema } from '@app/shared/errors';
import { companiesMsg } from '@app/shared/messages-companies';
import { can } from '@app/shared/permissions';
import {
  CredentialCreateSchema,
  CredentialDetailResponseSchema,
  CredentialListQuerySchema,
  CredentialListSchema,
  CredentialResponseSchema,
  CredentialRevealResponseSchema,
  CredentialRevealSchema,
  CredentialUpdateSchema,
} from '@app/shared/schemas/credentials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { CredentialsService } from './credentials.service.ts';

/**
 * Portal credentials (/api/password), staff only. No answer carries a password but the
 * reveal's, one at a time and logged.
 */
export const credentialsRoutes: FastifyPluginAsyncZod<{ credentials: CredentialsService }> = async (
  app,
  { credentials },
) => {
  app.get(
    '/api/password',
    {
      schema: {
        tags: ['credentials'],
        querystring: CredentialListQuerySchema,
        response: { 200: CredentialListSchema, ...errorResponses },
      },
      onRequest: app.authorize('credentials:read'),
    },
    async (request) =>
      credentials.listForBusiness(request.query.businessId, {
        withLastReveal: can(request.auth, 'activity:read'),
      }),
  );

  app.post(
    '/api/password',
    {
      schema: {
        tags: ['credentials'],
        body: CredentialCreateSchema,
        response: { 201: CredentialResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('credentials:write'),
    },
    async (request, reply) => {
      const credential = await credentials.create(request.body, actorOf(request));
      return reply.status(201).send({ message: companiesMsg.credentialCreated, credential });
    },
  );

  app.get(
    '/api/password/:id',
    {
      schema: {
        tags: ['credentials'],
        params: IdParamSchema,
        response: { 200: CredentialDetailResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('credentials:read'),
    },
    async (request) => ({ credential: await credentials.get(request.params.id) }),
  );

  app.post(
    '/api/password/:id/reveal',
    {
      schema: {
        tags: ['credentials'],
        params: IdParamSchema,
        body: CredentialRevealSchema,
        response: { 200: CredentialRevealResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('credentials:read'),
    },
    async (request, reply) => {
      const password = await credentials.reveal(request.params.id, request.body.purpose, actorOf(request));
      return reply.header('cache-control', 'no-store').send({ password });
    },
  );

  app.put(
    '/api/password/:id',
    {
      schema: {
        tags: ['credentials'],
        params: IdParamSchema,
        body: CredentialUpdateSchema,
        response: { 200: CredentialResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('credentials:write'),
    },
    async (request) => {
      const credential = await credentials.update(request.params.id, request.body, actorOf(request));
      return { message: companiesMsg.credentialEdited, credential };
    },
  );

  app.delete(
    '/api/password/:id',
    {
      schema: { tags: ['credentials'], params: IdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('credentials:write'),
    },
    async (request) => {
      await credentials.delete(request.params.id, actorOf(request));
      return { message: companiesMsg.credentialDeleted };
    },
  );
};
