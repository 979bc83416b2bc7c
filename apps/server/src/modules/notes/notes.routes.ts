import { MessageSchema } from '@app/shared/errors';
import { notesMsg } from '@app/shared/messages-notes';
import {
  NoteCreateSchema,
  NoteIdParamSchema,
  NoteListQuerySchema,
  NoteListSchema,
  NoteResponseSchema,
  NoteUpdateSchema,
} from '@app/shared/schemas/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { NotesService } from './notes.service.ts';

/** Notes: owners manage all of them; a collaborator reads theirs and marks them done. */
export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  app.get(
    '/api/note',
    {
      schema: {
        tags: ['notes'],
        querystring: NoteListQuerySchema,
        response: { 200: NoteListSchema, ...errorResponses },
      },
      onRequest: app.authorize('notes:read'),
    },
    async (request) => notes.list(currentUser(request), request.query),
  );

  app.post(
    '/api/note',
    {
      schema: { tags: ['notes'], body: NoteCreateSchema, response: { 201: NoteResponseSchema, ...errorResponses } },
      config: idempotent,
      onRequest: app.authorize('notes:manage'),
    },
    async (request, reply) => {
      const note = await notes.create(currentUser(request), request.body);
      return reply.status(201).send({ message: notesMsg.noteCreated, note });
    },
  );

  app.put(
    '/api/note/:id',
    {
      schema: {
        tags: ['notes'],
        params: NoteIdParamSchema,
        body: NoteUpdateSchema,
        response: { 200: NoteResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('notes:read'),
    },
    async (request) => {
      const note = await notes.update(currentUser(request), request.params.id, request.body);
      return { message: notesMsg.noteUpdated, note };
    },
  );

  app.delete(
    '/api/note/:id',
    {
      schema: { tags: ['notes'], params: NoteIdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('notes:manage'),
    },
    async (request) => {
      await notes.delete(request.params.id);
      return { message: notesMsg.noteDeleted };
    },
  );
};
