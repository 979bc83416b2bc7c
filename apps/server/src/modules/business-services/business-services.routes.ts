import { idParams } from '@app/shared/fields';
import { servicesMsg } from '@app/shared/messages-services';
import {
  BusinessServiceActivateManyResponseSchema,
  BusinessServiceActivateManySchema,
  BusinessServiceAllUpdateResponseSchema,
  BusinessServiceAllUpdateSchema,
  BusinessServiceCreateSchema,
  BusinessServiceOfServiceListSchema,
  BusinessServiceResponseSchema,
  BusinessServiceUpdateSchema,
  ServiceBusinessListSchema,
} from '@app/shared/schemas/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { ServiceIdParamSchema } from '../services/services.params.ts';
import { presentBusinessService } from './business-services.presenter.ts';
import type { BusinessServicesService } from './business-services.service.ts';

const BusinessIdParamSchema = idParams('businessId');
const BusinessServiceParamSchema = idParams('businessId', 'serviceId');
const IdParamSchema = idParams('id');

/** Company-service links, from the service detail ('Empresas') and from the company detail. */
export const businessServicesRoutes: FastifyPluginAsyncZod<{ businessServices: BusinessServicesService }> = async (
  app,
  { businessServices },
) => {
  app.get(
    '/api/service/:serviceId/business-service',
    {
      schema: {
        tags: ['services'],
        params: ServiceIdParamSchema,
        response: { 200: BusinessServiceOfServiceListSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:read'),
    },
    (request) => businessServices.listForService(request.params.serviceId),
  );

  app.put(
    '/api/service/:serviceId/business-service-all-update',
    {
      schema: {
        tags: ['services'],
        params: ServiceIdParamSchema,
        body: BusinessServiceAllUpdateSchema,
        response: { 200: BusinessServiceAllUpdateResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const result = await businessServices.updateAllForService(
        request.params.serviceId,
        request.body,
        actorOf(request),
      );
      return {
        message: result.activated ? servicesMsg.allActivated : servicesMsg.allDeactivated,
        businessServices: result.rows,
      };
    },
  );

  app.get(
    '/api/service/:id/business',
    {
      schema: {
        tags: ['services'],
        params: IdParamSchema,
        response: { 200: ServiceBusinessListSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:read'),
    },
    (request) => businessServices.listBusinessesOfService(request.params.id),
  );

  app.post(
    '/api/business/:businessId/service',
    {
      schema: {
        tags: ['companies'],
        params: BusinessIdParamSchema,
        body: BusinessServiceCreateSchema,
        response: { 200: BusinessServiceResponseSchema, 201: BusinessServiceResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('businesses:write'),
    },
    async (request, reply) => {
      const { row, created } = await businessServices.activate(
        request.params.businessId,
        request.body,
        actorOf(request),
      );
      return reply
        .status(created ? 201 : 200)
        .send({ message: servicesMsg.serviceActivated, businessService: presentBusinessService(row) });
    },
  );

  app.post(
    '/api/business/:businessId/service/activate-many',
    {
      schema: {
        tags: ['companies'],
        params: BusinessIdParamSchema,
        body: BusinessServiceActivateManySchema,
        response: { 200: BusinessServiceActivateManyResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('businesses:write'),
    },
    async (request) => {
      const activated = await businessServices.activateMany(request.params.businessId, request.body, actorOf(request));
      return { message: servicesMsg.suggestionsActivated(activated), activated };
    },
  );

  app.put(
    '/api/business/:businessId/service/:serviceId',
    {
      schema: {
        tags: ['companies'],
        params: BusinessServiceParamSchema,
        body: BusinessServiceUpdateSchema,
        response: { 200: BusinessServiceResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('businesses:write'),
    },
    async (request) => {
      const { businessId, serviceId } = request.params;
      const row = await businessServices.update(businessId, serviceId, request.body, actorOf(request));
      const message =
        request.body.active === false
          ? servicesMsg.serviceDeactivated
          : request.body.active === true
            ? servicesMsg.serviceActivated
            : servicesMsg.startDateEdited;
      return { message, businessService: presentBusinessService(row) };
    },
  );
};
