import { ApiErrorSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { IMPORT_MAX_BYTES, importMsg } from '@app/shared/messages-import';
import {
  IMPORT_TEMPLATE_FILE_NAME,
  ImportConfirmErrorSchema,
  ImportConfirmedRenamesSchema,
  ImportConfirmSchema,
  ImportPreviewSchema,
} from '@app/shared/schemas/business-import';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { readSheetForm } from '../../lib/sheet-upload.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { IMPORT_SHEET_RULES } from './business-import.parser.ts';
import type { BusinessImportService } from './business-import.service.ts';

const formOf = (request: FastifyRequest) => readSheetForm(request, IMPORT_SHEET_RULES);

const multipartBody = `multipart/form-data with one field 'file': an .xlsx or .csv (recognised by its content, 415 otherwise), ${IMPORT_MAX_BYTES / 1024 / 1024} MB at most (413).`;

/** 'Importar empresas': owners only ('businesses:import'). */
export const businessImportRoutes: FastifyPluginAsyncZod<{ businessImport: BusinessImportService }> = async (
  app,
  { businessImport },
) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 200_000, parts: 6 },
  });

  app.get(
    '/api/business/import/template',
    {
      schema: {
        tags: ['companies'],
        description: `${IMPORT_TEMPLATE_FILE_NAME}: the import's headers and one column per service (its start month MM-YYYY).`,
        response: errorResponses,
      },
      onRequest: app.authorize('businesses:import'),
    },
    async (_request, reply) => {
      const sheet = await businessImport.template();
      return sendXlsx(reply, IMPORT_TEMPLATE_FILE_NAME, xlsxStream(sheet));
    },
  );

  app.post(
    '/api/business/import/preview',
    {
      schema: {
        tags: ['companies'],
        description: `${multipartBody} Nothing is written.`,
        response: { 200: ImportPreviewSchema, ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
      onRequest: app.authorize('businesses:import'),
    },
    async (request) => businessImport.preview((await formOf(request)).bytes),
  );

  app.post(
    '/api/business/import/confirm',
    {
      schema: {
        tags: ['companies'],
        description: `${multipartBody} And 'confirmedRenames': the ids, comma-separated, of the companies whose change of name (a preview row's renamedFrom) was confirmed. Without errors every row is written in one transaction; with errors 400, with a change of name not confirmed 409, and nothing written.`,
        response: {
          200: ImportConfirmSchema,
          ...errorResponses,
          400: z.union([ImportConfirmErrorSchema, ApiErrorSchema]),
          409: z.union([ImportConfirmErrorSchema, ApiErrorSchema]),
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
      onRequest: app.authorize('businesses:import'),
    },
    async (request, reply) => {
      const { bytes, fields } = await formOf(request);
      const confirmedRenames = ImportConfirmedRenamesSchema.safeParse(fields.get('confirmedRenames') ?? '');
      if (!confirmedRenames.success) throw new AppError(400, msg.badRequest);
      const result = await businessImport.confirm(bytes, actorOf(request), confirmedRenames.data);
      if ('errors' in result) {
        return reply.status(400).send({ message: importMsg.confirmHasErrors, importErrors: result.errors });
      }
      if ('unconfirmedRenames' in result) {
        return reply
          .status(409)
          .send({ message: importMsg.renamesNotConfirmed, importErrors: result.unconfirmedRenames });
      }
      return { message: importMsg.imported(result.created, result.updated), ...result };
    },
  );
};
