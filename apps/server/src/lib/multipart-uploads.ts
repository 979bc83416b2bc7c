import type { Readable } from 'node:stream';
import { ApiErrorSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { documentsMsg } from '@app/shared/messages-documents';
import type { StoredFile } from '@app/shared/schemas/documents';
import { UploadResponseSchema } from '@app/shared/schemas/documents';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { errorResponses } from './error-responses.ts';
import { dropRestOfBody } from './unread-body.ts';
import { createUploadSlots } from './upload-slots.ts';

/** At most this many files in one upload: with FILE_MAX_MB each, the most a request can carry. */
export const MAX_FILES = 20;
/** The longest text field an upload form may carry, in bytes (a longer one is refused with 400). */
export const FIELD_MAX_BYTES = 2048;
/** Uploads streaming at once on one instance, and how many more may wait their turn (then 503). */
const UPLOAD_SLOTS = 4;
const UPLOAD_QUEUE = 32;
/**
 * An upload still unfinished after this long is cut (and its bytes removed): well under the orphan
 * sweep's hour, so the sweep never takes the bytes of an upload whose rows are yet to be written.
 */
export const UPLOAD_DEADLINE_MS = 30 * 60_000;

/** One file of an upload as it arrives: its name and its bytes, read once. */
export interface IncomingFile {
  fileName: string;
  content: Readable;
}

/** The multipart parser's own failures, in Spanish: limits are 413, anything malformed 400. */
function multipartFailure(error: unknown, maxMegabytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, documentsMsg.tooLarge(maxMegabytes));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, documentsMsg.tooManyFiles);
  }
  if (code?.startsWith('FST_')) return new AppError(400, msg.badRequest);
  return error;
}

/**
 * Multipart file uploads, one receiver for every upload route of the instance: they share its
 * upload slots (UPLOAD_SLOTS streaming at once, UPLOAD_QUEUE more waiting, beyond that 503), the
 * parser's limits and its failures in Spanish, the deadline, and the draining of a refused body.
 * `maxMegabytes` is FILE_MAX_MB, the largest file an upload may carry.
 */
export function createUploadReceiver(maxMegabytes: number) {
  const maxBytes = Math.round(maxMegabytes * 1024 * 1024);
  /** The most one upload request may carry (every file at its largest, with room for the parts' headers). */
  const maxRequestBytes = MAX_FILES * (maxBytes + 64 * 1024);
  const slots = createUploadSlots(UPLOAD_SLOTS, UPLOAD_QUEUE);

  /**
   * A multipart upload: waits for one of the upload slots (503 when too many wait), cuts it off
   * after UPLOAD_DEADLINE_MS, and hands the request's 'file' parts to `handle` as they arrive,
   * answering what it answers; a refused upload has the rest of its body drained. The form's text
   * fields fill `fields` as they arrive, so those sent before a file are there when it comes (and
   * every one once the files are read); a field past FIELD_MAX_BYTES is refused (400).
   */
  async function accept<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    handle: (files: AsyncIterable<IncomingFile>, fields: ReadonlyMap<string, string>) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart()) throw new AppError(415, msg.unsupportedMediaType);
    const release = await slots.acquire();
    if (!release) {
      reply.header('retry-after', '60');
      throw new AppError(503, documentsMsg.uploadsBusy);
    }
    const deadline = setTimeout(() => request.raw.destroy(), UPLOAD_DEADLINE_MS);
    const fields = new Map<string, string>();
    try {
      async function* files(): AsyncGenerator<IncomingFile> {
        for await (const part of request.parts()) {
          if (part.type !== 'file') {
            if (part.valueTruncated || typeof part.value !== 'string') throw new AppError(400, msg.badRequest);
            fields.set(part.fieldname, part.value);
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          yield { fileName: part.filename, content: part.file };
        }
      }
      return await handle(files(), fields).catch((error: unknown) => {
        dropRestOfBody(request.raw, reply.raw, maxRequestBytes);
        throw multipartFailure(error, maxMegabytes);
      });
    } finally {
      clearTimeout(deadline);
      release();
    }
  }

  return {
    maxMegabytes,

    /**
     * Lets the routes of the calling plugin take multipart bodies (only them: another plugin's
     * routes keep refusing one). One byte over the limit reaches the upload's own check, which
     * cuts the file off with 413. `fieldMaxBytes` lets a form carry a longer text field (a message's
     * text) than FIELD_MAX_BYTES; a field past it is refused with 400 as ever.
     */
    async registerParser(app: FastifyInstance, options: { fieldMaxBytes?: number } = {}): Promise<void> {
      await app.register(multipart, {
        limits: {
          fileSize: maxBytes + 1,
          files: MAX_FILES,
          fields: 10,
          fieldSize: options.fieldMaxBytes ?? FIELD_MAX_BYTES,
          parts: MAX_FILES + 10,
        },
      });
    },

    accept,

    /**
     * A multipart upload of files into storage (`accept`): answers 201 with what `store` stored.
     */
    async receive(
      request: FastifyRequest,
      reply: FastifyReply,
      store: (files: AsyncIterable<IncomingFile>) => Promise<StoredFile[]>,
    ) {
      const stored = await accept(request, reply, store);
      return reply
        .status(201)
        .send({ message: documentsMsg.filesAdded(stored.length), count: stored.length, files: stored });
    },

    /** What an upload route's description says of its body. */
    description: `multipart/form-data with the repeated field 'file': PDF, XML (well-formed, no DOCTYPE), JPEG, PNG, XLSX or CSV, each recognised by its content (415 otherwise; its name gets the extension of what it is), ${maxMegabytes} MB each at most, ${MAX_FILES} files at most. Each file streams to storage; ${UPLOAD_SLOTS} uploads at once per instance, ${UPLOAD_QUEUE} more wait their turn, beyond that 503 with Retry-After.`,

    /** An upload route's answers. */
    responses: {
      201: UploadResponseSchema,
      413: ApiErrorSchema,
      415: ApiErrorSchema,
      503: ApiErrorSchema,
      507: ApiErrorSchema,
      ...errorResponses,
    },
  };
}

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
