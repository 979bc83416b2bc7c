import { MessageSchema } from '@app/shared/errors';
import { billingMsg } from '@app/shared/messages-billing';
import {
  BillingBusinessParamsSchema,
  ExtraChargeInputSchema,
  ExtraChargeListSchema,
  ExtraChargeParamsSchema,
  ExtraChargeSavedSchema,
  FeeTermsInputSchema,
  FeeTermsResponseSchema,
  FeeTermsSavedSchema,
} from '@app/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { FeeTermsService } from './fee-terms.service.ts';

/** A company's fee terms and extra charges: owners only (read 'billing:read', write 'billing:manage'). */
export const feeTermsRoutes: FastifyPluginAsyncZod<{ terms: FeeTermsService }> = async (app, { terms }) => {
  const tags = ['billing'];

  app.get(
    '/api/billing/business/:businessId/terms',
    {
      schema: {
        tags,
        description: 'The fee terms in force this month (Santiago), or null, and every version, newest first.',
        params: BillingBusinessParamsSchema,
        response: { 200: FeeTermsResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => terms.get(request.params.businessId),
  );

  app.post(
    '/api/billing/business/:businessId/terms',
    {
      schema: {
        tags,
        description: 'A new version of the terms, in force from `effectiveFrom`; earlier versions stay as history.',
        params: BillingBusinessParamsSchema,
        body: FeeTermsInputSchema,
        response: { 201: FeeTermsSavedSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('billing:manage'),
    },
    async (request, reply) => {
      const saved = await terms.save(request.params.businessId, request.body, actorOf(request));
      return reply.status(201).send({ message: billingMsg.termsSaved, terms: saved });
    },
  );

  app.get(
    '/api/billing/business/:businessId/extras',
    {
      schema: {
        tags,
        params: BillingBusinessParamsSchema,
        response: { 200: ExtraChargeListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => terms.listExtras(request.params.businessId),
  );

  app.post(
    '/api/billing/business/:businessId/extras',
    {
      schema: {
        tags,
        params: BillingBusinessParamsSchema,
        body: ExtraChargeInputSchema,
        response: { 201: ExtraChargeSavedSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('billing:manage'),
    },
    async (request, reply) => {
      const extra = await terms.createExtra(request.params.businessId, request.body, actorOf(request));
      return reply.status(201).send({ message: billingMsg.extraSaved, extra });
    },
  );

  app.put(
    '/api/billing/extras/:id',
    {
      schema: {
        tags,
        description:
          'Changes an extra charge that produced no charge (description, amount, document, month or yearly). One that produced a charge may only be deactivated or activated again: any other change is refused with 409 (its charges keep their amounts; the firm deactivates it and adds a new one).',
        params: ExtraChargeParamsSchema,
        body: ExtraChargeInputSchema,
        response: { 200: ExtraChargeSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: billingMsg.extraSaved,
      extra: await terms.updateExtra(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/api/billing/extras/:id',
    {
      schema: {
        tags,
        description:
          'Deletes an extra charge that produced no charge; one that did is deactivated instead (the message says which).',
        params: ExtraChargeParamsSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => {
      const outcome = await terms.deleteExtra(request.params.id, actorOf(request));
      return { message: outcome === 'deleted' ? billingMsg.extraDeleted : billingMsg.extraDeactivated };
    },
  );
};
