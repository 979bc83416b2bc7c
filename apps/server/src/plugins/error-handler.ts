import { msg } from '@app/shared/messages';
import { documentsMsg } from '@app/shared/messages-documents';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyAttemptsError } from '../lib/app-error.ts';
import { isDatabaseUnreachable, loggableError } from '../lib/db-errors.ts';
import { StorageUnavailableError, StoredFileUnreadableError } from '../lib/file-storage/storage.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: msg.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: msg.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: msg.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: msg.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: msg.badRequest },
};

/**
 * The multipart parser's (@fastify/busboy) failures for a body that is not the multipart it
 * declares: cut off before its closing boundary, or without a boundary. They are plain Errors,
 * known only by their text; a user's broken upload, so 400, on every multipart route.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/**
 * Fastify's `frameworkErrors`: a path the router refuses before any route runs (a parameter longer
 * than maxParamLength, a badly encoded one) answers in the app's shape, never echoing the URL,
 * which may carry a token.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Answered before any hook runs: the request id is named here.
  reply.header(REQUEST_ID_HEADER, request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: msg.uriTooLong });
  return reply
    .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .send({ message: msg.badRequest });
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Turns every failure into `{ message, errors? }` with the right status, never a stack trace; a
 * database out of reach is a 503,
 * and only real bugs become a 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath),
        message: issue.message ?? msg.badRequest,
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? msg.badRequest, errors });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (MALFORMED_MULTIPART.test(error.message)) return reply.status(400).send({ message: msg.badRequest });
    if (error.statusCode === 429) return reply.status(429).send({ message: msg.tooManyAttempts });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: msg.badRequest });
    }
    if (error instanceof StorageUnavailableError) {
      // Not a bug: the file store is full (507) or takes no writes (503) until an administrator acts.
      request.log.warn({ error: loggableError(error), code: error.code }, 'file storage refuses writes');
      return error.reason === 'full'
        ? reply.status(507).send({ message: documentsMsg.storageFull })
        : reply.status(503).send({ message: documentsMsg.storageReadOnly });
    }
    if (error instanceof StoredFileUnreadableError) {
      // Not a bug either: the server lacks the key the file was stored with, or its bytes fail
      // authentication (damaged, or altered on the disk). An administrator has to act; no byte was sent.
      const details = { error: loggableError(error), reason: error.reason };
      if (error.reason === 'damaged') request.log.error(details, 'stored file fails authentication');
      else request.log.warn(details, 'stored file encrypted with a key this server does not hold');
      return reply.status(503).send({
        message: error.reason === 'damaged' ? documentsMsg.storedFileDamaged : documentsMsg.storedFileOtherKey,
      });
    }
    if (isDatabaseUnreachable(error)) {
      // Not a bug: the database is restarting or out of reach; the request may be sent again.
      request.log.warn({ error: loggableError(error) }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: `${msg.databaseUnavailable} Código de referencia: ${request.id}` });
    }
    request.log.error({ error: loggableError(error) }, 'unhandled error');
    // The request's id, which every log line of it carries: a user's report finds them.
    return reply.status(500).send({ message: `${msg.internal} Código de referencia: ${request.id}` });
  });
}
