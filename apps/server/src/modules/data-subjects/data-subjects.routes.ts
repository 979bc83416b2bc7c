import {
  SubjectQuerySchema,
  SubjectSearchResultSchema,
  SubjectSuppressedSchema,
} from '@app/shared/schemas/data-subjects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import { ZIP_CONTENT_TYPE } from '../../lib/zip-stream.ts';
import type { DataSubjectsService } from './data-subjects.service.ts';

/**
 * A data subject's rights (Ley 21.719), owners only: 'Buscar titular', 'Exportar' and 'Suprimir'.
 * Every one is a POST: the term (an e-mail, a RUT, a name) travels in the body, so it never reaches
 * the access log as part of an address.
 */
export const dataSubjectsRoutes: FastifyPluginAsyncZod<{ subjects: DataSubjectsService }> = async (
  app,
  { subjects },
) => {
  app.post(
    '/api/data-subjects/search',
    {
      schema: {
        tags: ['data-subjects'],
        body: SubjectQuerySchema,
        response: { 200: SubjectSearchResultSchema, ...errorResponses },
      },
      onRequest: app.authorize('data-subjects:search'),
    },
    (request) => subjects.search(request.body, actorOf(request)),
  );

  app.post(
    '/api/data-subjects/export',
    {
      schema: {
        tags: ['data-subjects'],
        description: 'A .zip with titular.json (portability) and titular.xlsx (a sheet per place), streamed.',
        body: SubjectQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authorize('data-subjects:export'),
    },
    async (request, reply) => {
      const { stream, fileName } = await subjects.export(request.body, actorOf(request));
      return reply
        .header('content-type', ZIP_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'no-store')
        .send(stream as never); // a byte stream, outside the JSON response schemas
    },
  );

  app.post(
    '/api/data-subjects/suppress',
    {
      schema: {
        tags: ['data-subjects'],
        body: SubjectQuerySchema,
        response: { 200: SubjectSuppressedSchema, ...errorResponses },
      },
      onRequest: app.authorize('data-subjects:suppress'),
    },
    (request) => subjects.suppress(request.body, actorOf(request)),
  );
};
