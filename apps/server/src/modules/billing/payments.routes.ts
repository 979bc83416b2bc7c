import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { BillingBusinessParamsSchema } from '@app/shared/schemas/billing';
import {
  CreditAppliedSchema,
  CreditApplySchema,
  PaymentConfirmSchema,
  PaymentCreateSchema,
  PaymentListQuerySchema,
  PaymentListSchema,
  PaymentParamsSchema,
  PaymentRejectSchema,
  PaymentReverseSchema,
  PaymentSavedSchema,
  PaymentViewSchema,
} from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { PaymentsService } from './payments.service.ts';
import type { ReceiptsService } from './receipts.service.ts';

/** Payments and the company's credit: owners only (read 'billing:read', write 'billing:manage'). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; receipts: ReceiptsService }> = async (
  app,
  { payments, receipts },
) => {
  const tags = ['billing'];

  app.get(
    '/api/billing/payments',
    {
      schema: {
        tags,
        description:
          "Payments newest first (at most 500), of one company and/or one status ('to_confirm': the clients' receipts waiting for the owner).",
        querystring: PaymentListQuerySchema,
        response: { 200: PaymentListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => payments.list(request.query),
  );

  app.post(
    '/api/billing/payments',
    {
      schema: {
        tags,
        description:
          "Records a payment (amount read as pesos: '150.000'; a date not after today): it pays `chargeIds` first, in that order (each the company's and open), then the company's oldest open charges by due date; what is left is the company's credit. One transaction with its activity entry.",
        body: PaymentCreateSchema,
        response: { 201: PaymentSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request, reply) => reply.status(201).send(await payments.record(request.body, actorOf(request))),
  );

  app.get(
    '/api/billing/payments/:id',
    {
      schema: { tags, params: PaymentParamsSchema, response: { 200: PaymentViewSchema, ...errorResponses } },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => payments.get(request.params.id),
  );

  app.post(
    '/api/billing/payments/:id/reverse',
    {
      schema: {
        tags,
        description:
          'Reverses a confirmed payment with a required reason: the payment and its allocations stay (the allocations no longer count), the charges it paid are open again. 409 unless confirmed.',
        params: PaymentParamsSchema,
        body: PaymentReverseSchema,
        response: { 200: PaymentSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: collectionsMsg.paymentReversed,
      payment: await payments.reverse(request.params.id, request.body.reason, actorOf(request)),
    }),
  );

  app.post(
    '/api/billing/payments/:id/confirm',
    {
      schema: {
        tags,
        description:
          "Confirms a client's receipt ('to_confirm'): it becomes a payment and applies like one (`chargeIds` first). 409 unless waiting.",
        params: PaymentParamsSchema,
        body: PaymentConfirmSchema,
        response: { 200: PaymentSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => payments.confirm(request.params.id, request.body.chargeIds, actorOf(request)),
  );

  app.post(
    '/api/billing/payments/:id/reject',
    {
      schema: {
        tags,
        description:
          "Rejects a client's receipt with a required reason, kept and shown to the client. 409 unless waiting.",
        params: PaymentParamsSchema,
        body: PaymentRejectSchema,
        response: { 200: PaymentSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: collectionsMsg.receiptRejected,
      payment: await payments.reject(request.params.id, request.body.reason, actorOf(request)),
    }),
  );

  app.get(
    '/api/billing/payments/:id/receipt',
    {
      schema: {
        tags,
        description:
          'The receipt a client sent with the payment (PDF, JPG or PNG), streamed from storage. 404 when it has none.',
        params: PaymentParamsSchema,
        response: errorResponses,
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request, reply) => receipts.download(request.params.id, reply),
  );

  app.post(
    '/api/billing/business/:businessId/apply-credit',
    {
      schema: {
        tags,
        description:
          "'Aplicar saldo a favor': applies the company's credit (payments not applied) to its open charges, oldest first, each application logged; answers the pesos applied and what is left of the credit and of the open charges. Credit is already applied by every write that opens a charge, and the credit job does the same every few minutes.",
        params: BillingBusinessParamsSchema,
        body: CreditApplySchema,
        response: { 200: CreditAppliedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => {
      const result = await payments.applyCredit(request.params.businessId, actorOf(request));
      return { message: collectionsMsg.creditApplied(result.applied, result), ...result };
    },
  );
};
