import { ApiErrorSchema } from '@app/shared/errors';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import {
  CartolaConfirmResultSchema,
  CartolaConfirmSchema,
  CartolaIgnoreSchema,
  CartolaLineListQuerySchema,
  CartolaLineListSchema,
  CartolaLineParamsSchema,
  CartolaLineSavedSchema,
  CartolaMatchSchema,
  CartolaPreviewSchema,
} from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { readSheetForm } from '../../lib/sheet-upload.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import type { CartolaService } from './cartola.service.ts';

/** A confirm carries up to 5,000 lines back: more than the 1 MB every other JSON body is held to. */
const CONFIRM_BODY_LIMIT = 4 * 1024 * 1024;

/** The bank statement ('cartola'): owners only ('billing:manage' to import and match, 'billing:read' to list). */
export const cartolaRoutes: FastifyPluginAsyncZod<{ cartola: CartolaService }> = async (app, { cartola }) => {
  const tags = ['billing'];

  app.post(
    '/api/billing/cartola/preview',
    {
      schema: {
        tags,
        description:
          "multipart/form-data with one field 'file': the bank's statement (.xlsx or .csv, 2 MB, 5,000 lines at most) with a header row naming Fecha, Descripción (or Glosa, Detalle) and Monto (signed) or Abono and Cargo, and optionally RUT. Each line: 'new' with a proposed company and why (a RUT in the line, the amount of the one open charge with it, a folio in the description), 'duplicate' (imported before), 'debit' (a charge to the account, ignored) or 'invalid' (its error). Nothing is written.",
        response: { 200: CartolaPreviewSchema, ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => cartola.preview((await readSheetForm(request, BILLING_SHEET_RULES)).bytes),
  );

  app.post(
    '/api/billing/cartola/confirm',
    {
      bodyLimit: CONFIRM_BODY_LIMIT,
      schema: {
        tags,
        description:
          "The preview's new lines sent back with an action each: 'match' (a payment of `businessId`, source 'cartola', paying `chargeIds` first), 'keep' (listed to match later) or 'ignore' (with `ignoreReason`). One transaction; a line stored before is left as it was and counted in `duplicates`.",
        body: CartolaConfirmSchema,
        response: { 200: CartolaConfirmResultSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => cartola.confirm(request.body, actorOf(request)),
  );

  app.get(
    '/api/billing/cartola/lines',
    {
      schema: {
        tags,
        description:
          "Stored statement lines of a status ('unmatched' by default, each with a fresh proposal; 'matched' with its payment; 'ignored' with its reason), oldest first, at most 2,000.",
        querystring: CartolaLineListQuerySchema,
        response: { 200: CartolaLineListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => cartola.list(request.query.status),
  );

  app.post(
    '/api/billing/cartola/lines/:id/match',
    {
      schema: {
        tags,
        description:
          'A stored line (unmatched or ignored) becomes a payment of the company, paying `chargeIds` first. 409 when it is already matched.',
        params: CartolaLineParamsSchema,
        body: CartolaMatchSchema,
        response: { 200: CartolaLineSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: collectionsMsg.cartolaLineMatchedNow,
      ...(await cartola.match(request.params.id, request.body, actorOf(request))),
    }),
  );

  app.post(
    '/api/billing/cartola/lines/:id/ignore',
    {
      schema: {
        tags,
        description: 'An unmatched line set aside with a required reason. 409 when it is already matched.',
        params: CartolaLineParamsSchema,
        body: CartolaIgnoreSchema,
        response: { 200: CartolaLineSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: collectionsMsg.cartolaLineIgnored,
      line: await cartola.ignore(request.params.id, request.body.reason, actorOf(request)),
      payment: null,
    }),
  );
};
