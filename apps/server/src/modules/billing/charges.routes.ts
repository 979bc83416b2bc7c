import { ApiErrorSchema } from '@app/shared/errors';
import { billingMsg } from '@app/shared/messages-billing';
import {
  BillingMonthSchema,
  ChargeExportQuerySchema,
  ChargeListQuerySchema,
  ChargeListSchema,
  ChargeParamsSchema,
  ChargeSavedSchema,
  ChargeSchema,
  ChargeUpdateSchema,
  ChargeVoidSchema,
  GenerateChargesResultSchema,
  GenerateChargesSchema,
  IssueChargesSchema,
  IssuedImportErrorSchema,
  IssuedImportPreviewSchema,
  IssueErrorSchema,
  IssueResultSchema,
} from '@app/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { readSheetForm } from '../../lib/sheet-upload.ts';
import { sendCsv, sendXlsx } from '../../lib/xlsx-reply.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import { type ChargesService, IssuedImportRefused, IssueRefused } from './charges.service.ts';
import { invoiceCsv, invoiceExportName, invoiceSheet } from './charges-export.ts';

const issuedFileBody =
  "multipart/form-data with one field 'file': the invoicing tool's export (.xlsx or .csv, 2 MB at most) with the columns RUT, Folio and Total (also 'RUT Receptor', 'Monto Total'…); each line is matched to the month's charge to invoice with that RUT and total.";

/** The month's charges: owners only (read 'billing:read', write 'billing:manage'). */
export const chargesRoutes: FastifyPluginAsyncZod<{ charges: ChargesService }> = async (app, { charges }) => {
  const tags = ['billing'];

  app.get(
    '/api/billing/charges',
    {
      schema: {
        tags,
        description:
          "A month's charges (optionally of one status) by company name in the Spanish order, with the month's totals (void ones left out).",
        querystring: ChargeListQuerySchema,
        response: { 200: ChargeListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request, reply) =>
      sendBuiltJson(request, reply, await charges.listBuilt(request.query, request.query.status)),
  );

  app.post(
    '/api/billing/charges/generate',
    {
      schema: {
        tags,
        description:
          "Generates a month's charges: one per company with fee terms in force and an active contract, one per extra charge falling in the month, each issued on the company's billing day of that month. A charge already generated is left as it is (`existing`). Months up to the next calendar month.",
        body: GenerateChargesSchema,
        response: { 200: GenerateChargesResultSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => charges.generate(request.body, actorOf(request)),
  );

  app.get(
    '/api/billing/charges/export',
    {
      schema: {
        tags,
        description:
          "'Exportar para facturar': the month's charges to invoice (not issued, not void, not waiting for UF) as .xlsx or CSV (UTF-8 with BOM, ';'): RUT, Razón social, Detalle, Neto, IVA, Retención, Total, Email. Streamed.",
        querystring: ChargeExportQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request, reply) => {
      const { format, ...period } = request.query;
      const { rows, periodText } = await charges.exportRows(period, actorOf(request));
      const name = invoiceExportName(periodText, format);
      if (format === 'csv') return sendCsv(reply, name, invoiceCsv(rows));
      return sendXlsx(reply, name, xlsxStream(invoiceSheet(rows)));
    },
  );

  app.post(
    '/api/billing/charges/issue',
    {
      schema: {
        tags,
        description:
          "'Marcar emitido': one or many charges with their DTE type ('33' factura afecta, '34' factura exenta, 'bhe' boleta de honorarios electrónica) and folio, all or none: 400 with each refused item's reason.",
        body: IssueChargesSchema,
        response: { 200: IssueResultSchema, ...errorResponses, 400: z.union([IssueErrorSchema, ApiErrorSchema]) },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request, reply) => {
      try {
        const issued = await charges.issue(request.body.items, actorOf(request));
        return { message: billingMsg.issued(issued), issued };
      } catch (error) {
        if (error instanceof IssueRefused) {
          return reply.status(400).send({ message: error.message, itemErrors: error.itemErrors });
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/billing/charges/issued-import/preview',
    {
      schema: {
        tags,
        description: `${issuedFileBody} Nothing is written.`,
        querystring: BillingMonthSchema,
        response: { 200: IssuedImportPreviewSchema, ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) =>
      charges.issuedImportPreview(request.query, (await readSheetForm(request, BILLING_SHEET_RULES)).bytes),
  );

  app.post(
    '/api/billing/charges/issued-import/confirm',
    {
      schema: {
        tags,
        description: `${issuedFileBody} Marks every matched charge issued in one transaction; with any line unmatched 400 with every line, and nothing written.`,
        querystring: BillingMonthSchema,
        response: {
          200: IssueResultSchema,
          ...errorResponses,
          400: z.union([IssuedImportErrorSchema, IssueErrorSchema, ApiErrorSchema]),
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request, reply) => {
      const { bytes } = await readSheetForm(request, BILLING_SHEET_RULES);
      try {
        const issued = await charges.issuedImportConfirm(request.query, bytes, actorOf(request));
        return { message: billingMsg.issued(issued), issued };
      } catch (error) {
        if (error instanceof IssuedImportRefused) {
          return reply.status(400).send({ message: error.message, lines: error.lines });
        }
        if (error instanceof IssueRefused) {
          return reply.status(400).send({ message: error.message, itemErrors: error.itemErrors });
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/billing/charges/:id',
    {
      schema: { tags, params: ChargeParamsSchema, response: { 200: ChargeSchema, ...errorResponses } },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => charges.get(request.params.id),
  );

  app.put(
    '/api/billing/charges/:id',
    {
      schema: {
        tags,
        description:
          "A draft's (or a charge waiting for UF) description and amount (in the charge's currency: pesos, or UF converted at its issue date's value). 409 for an issued or void charge.",
        params: ChargeParamsSchema,
        body: ChargeUpdateSchema,
        response: { 200: ChargeSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: billingMsg.chargeSaved,
      charge: await charges.update(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.post(
    '/api/billing/charges/:id/void',
    {
      schema: {
        tags,
        description:
          'Voids a charge (draft, waiting or issued) with a required reason, kept with who and when. 409 when already void.',
        params: ChargeParamsSchema,
        body: ChargeVoidSchema,
        response: { 200: ChargeSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: billingMsg.chargeVoided,
      charge: await charges.void(request.params.id, request.body.reason, actorOf(request)),
    }),
  );
};
