import {
  PanelBillingSchema,
  PanelProgressQuerySchema,
  PanelProgressSchema,
  PanelPunctualitySchema,
  PanelRequestAgeSchema,
  PanelResponsibleQuerySchema,
  PanelWorkloadSchema,
} from '@app/shared/schemas/panel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { PanelReads } from './panel.service.ts';

const collaboratorNote =
  " A collaborator sees only their own companies ('encargado' absent or their id; another: 403).";

/** 'Panel': the firm at a glance, each answer built once per change of its tables and kept as JSON. */
export const panelRoutes: FastifyPluginAsyncZod<{ panel: PanelReads }> = async (app, { panel }) => {
  const tags = ['panel'];

  app.get(
    '/api/panel/progress',
    {
      schema: {
        tags,
        description: `A period's cells per service by state, as the monthly board counts them ('N/A' left out); the current period when anio/mes are absent.${collaboratorNote}`,
        querystring: PanelProgressQuerySchema,
        response: { 200: PanelProgressSchema, ...errorResponses },
      },
      onRequest: app.authorize('panel:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await panel.progress(currentUser(request), request.query)),
  );

  app.get(
    '/api/panel/punctuality',
    {
      schema: {
        tags,
        description: `The last 12 periods: cells done on or before their due date, done after it, not done past it, and not due yet.${collaboratorNote}`,
        querystring: PanelResponsibleQuerySchema,
        response: { 200: PanelPunctualitySchema, ...errorResponses },
      },
      onRequest: app.authorize('panel:read'),
    },
    async (request, reply) =>
      sendBuiltJson(request, reply, await panel.punctuality(currentUser(request), request.query)),
  );

  app.get(
    '/api/panel/workload',
    {
      schema: {
        tags,
        description: `Per 'Encargado' (and 'Sin encargado') the current period's cells not done: all, due this week, late; with \`encargado\`, that row alone.${collaboratorNote}`,
        querystring: PanelResponsibleQuerySchema,
        response: { 200: PanelWorkloadSchema, ...errorResponses },
      },
      onRequest: app.authorize('panel:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await panel.workload(currentUser(request), request.query)),
  );

  app.get(
    '/api/panel/requests-age',
    {
      schema: {
        tags,
        description: `Document requests waiting (an item not received) by days since they were made: 0–7, 8–30, 31–60, more than 60.${collaboratorNote}`,
        querystring: PanelResponsibleQuerySchema,
        response: { 200: PanelRequestAgeSchema, ...errorResponses },
      },
      onRequest: app.authorize('panel:read'),
    },
    async (request, reply) =>
      sendBuiltJson(request, reply, await panel.requestsAge(currentUser(request), request.query)),
  );

  app.get(
    '/api/panel/billing',
    {
      schema: {
        tags,
        description:
          'The last 12 calendar months: issued charges’ totals by issue month and confirmed payments by date; and what is open now by aging.',
        response: { 200: PanelBillingSchema, ...errorResponses },
      },
      onRequest: app.authorize('panel:money'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await panel.billing()),
  );
};
