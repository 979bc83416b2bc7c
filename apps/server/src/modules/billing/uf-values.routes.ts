import { ApiErrorSchema } from '@app/shared/errors';
import { billingMsg } from '@app/shared/messages-billing';
import {
  BillingMonthSchema,
  UfImportErrorSchema,
  UfImportPreviewSchema,
  UfImportResultSchema,
  UfValueListSchema,
  UfValueSavedSchema,
  UfValueSetSchema,
} from '@app/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { readSheetForm } from '../../lib/sheet-upload.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import { UfImportRefused, type UfValuesService } from './uf-values.service.ts';

const multipartBody =
  "multipart/form-data with one field 'file': an .xlsx or .csv of two columns, the date ('01-11-2026' or '2026-11-01') and the value ('39.643,59'), with or without a header row; 2 MB at most (413).";

/** The UF's daily values: owners only. */
export const ufValuesRoutes: FastifyPluginAsyncZod<{ uf: UfValuesService }> = async (app, { uf }) => {
  const tags = ['billing'];

  app.get(
    '/api/billing/uf',
    {
      schema: {
        tags,
        description: "A month's UF values by date (`value` in hundredths of a peso).",
        querystring: BillingMonthSchema,
        response: { 200: UfValueListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => uf.listMonth(request.query),
  );

  app.put(
    '/api/billing/uf',
    {
      schema: {
        tags,
        description: "One day's UF value typed by hand; the charges waiting for that day are converted (`converted`).",
        body: UfValueSetSchema,
        response: { 200: UfValueSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => {
      const saved = await uf.set(request.body.date, request.body.value, actorOf(request));
      return { message: billingMsg.ufSaved, ...saved };
    },
  );

  app.post(
    '/api/billing/uf/import/preview',
    {
      schema: {
        tags,
        description: `${multipartBody} Every line: new, changed (with the stored value), unchanged or invalid (with its reason). Nothing is written.`,
        response: { 200: UfImportPreviewSchema, ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => uf.preview((await readSheetForm(request, BILLING_SHEET_RULES)).bytes),
  );

  app.post(
    '/api/billing/uf/import/confirm',
    {
      schema: {
        tags,
        description: `${multipartBody} Writes the new and changed values in one transaction and converts the charges waiting for them; with any invalid line 400 with every line, and nothing written.`,
        response: {
          200: UfImportResultSchema,
          ...errorResponses,
          400: z.union([UfImportErrorSchema, ApiErrorSchema]),
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request, reply) => {
      const { bytes } = await readSheetForm(request, BILLING_SHEET_RULES);
      try {
        return await uf.confirm(bytes, actorOf(request));
      } catch (error) {
        if (error instanceof UfImportRefused)
          return reply.status(400).send({ message: error.message, lines: error.lines });
        throw error;
      }
    },
  );
};
