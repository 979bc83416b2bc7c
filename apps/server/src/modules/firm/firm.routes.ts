import { msg } from '@app/shared/messages';
import { reportMsg } from '@app/shared/messages-report';
import {
  FIRM_LOGO_MAX_KB,
  FirmSettingsSavedSchema,
  FirmSettingsSaveSchema,
  FirmSettingsSchema,
} from '@app/shared/schemas/monthly-report';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { FirmService } from './firm.service.ts';

const MAX_BYTES = FIRM_LOGO_MAX_KB * 1024;

/** The request's one 'file' part, whole: a logo is small (413 one byte past the limit, as it arrives). */
async function readLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, reportMsg.logoRequired);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || bytes !== undefined) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > MAX_BYTES)
        throw new AppError(413, reportMsg.logoTooLarge(FIRM_LOGO_MAX_KB));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, reportMsg.logoTooLarge(FIRM_LOGO_MAX_KB));
    if (code?.startsWith('FST_')) throw new AppError(400, msg.badRequest);
    throw error;
  }
  if (bytes === undefined) throw new AppError(400, reportMsg.logoRequired);
  return bytes;
}

/** 'Datos del estudio': the firm's name, RUT, address and logo, and the monthly report's e-mail day (owners). */
export const firmRoutes: FastifyPluginAsyncZod<{ firm: FirmService }> = async (app, { firm }) => {
  const tags = ['firm'];
  await app.register(multipart, { limits: { fileSize: MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 100, parts: 3 } });

  app.get(
    '/api/firm/settings',
    {
      schema: {
        tags,
        description:
          "The firm's identity as its PDFs carry it (name, RUT, address, whether a logo is stored) and the day of the month the previous month's report is e-mailed to every company (null: never).",
        response: { 200: FirmSettingsSchema, ...errorResponses },
      },
      onRequest: app.authorize('settings:manage'),
    },
    async () => firm.get(),
  );

  app.put(
    '/api/firm/settings',
    {
      schema: {
        tags,
        description:
          "Saves the firm's name, RUT (checked, stored as 12.345.678-5), address and the monthly report's day (1 to 28, or null: off).",
        body: FirmSettingsSaveSchema,
        response: { 200: FirmSettingsSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('settings:manage'),
    },
    async (request) => ({ message: reportMsg.firmSaved, settings: await firm.save(request.body, actorOf(request)) }),
  );

  app.put(
    '/api/firm/logo',
    {
      schema: {
        tags,
        description: `The firm's logo: multipart/form-data with one field 'file', a PNG or JPEG recognised by its content (415 otherwise), ${FIRM_LOGO_MAX_KB} KB at most (413).`,
        response: { 200: FirmSettingsSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('settings:manage'),
    },
    async (request) => ({
      message: reportMsg.logoSaved,
      settings: await firm.setLogo(await readLogo(request), actorOf(request)),
    }),
  );

  app.delete(
    '/api/firm/logo',
    {
      schema: {
        tags,
        description: "Removes the firm's logo.",
        response: { 200: FirmSettingsSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('settings:manage'),
    },
    async (request) => ({ message: reportMsg.logoRemoved, settings: await firm.removeLogo(actorOf(request)) }),
  );

  app.get(
    '/api/firm/logo',
    {
      schema: { tags, description: "The firm's logo as stored (404 without one).", response: errorResponses },
      onRequest: app.authorize('settings:manage'),
    },
    async (_request, reply) => {
      const logo = await firm.logo();
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes as never); // bytes, outside the JSON response schemas
    },
  );
};
