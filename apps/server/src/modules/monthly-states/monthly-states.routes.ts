import { boardMsg } from '@app/shared/messages-board';
import { MonthlyStateBulkResponseSchema, MonthlyStateBulkSchema } from '@app/shared/schemas/board-bulk';
import { BoardExportSchema, boardExportName } from '@app/shared/schemas/board-export';
import {
  HistoryQuerySchema,
  HistoryResponseSchema,
  MonthlyBoardSchema,
  MonthlyStateUpdateResponseSchema,
  MonthlyStateUpdateSchema,
  PeriodParamsSchema,
} from '@app/shared/schemas/monthly-states';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { MonthlyStatesService } from './monthly-states.service.ts';

export const monthlyStatesRoutes: FastifyPluginAsyncZod<{ monthlyStates: MonthlyStatesService }> = async (
  app,
  { monthlyStates },
) => {
  app.get(
    '/api/monthly-states/year/:year/month/:month',
    {
      schema: {
        tags: ['monthly-states'],
        params: PeriodParamsSchema,
        response: { 200: MonthlyBoardSchema, ...errorResponses },
      },
      onRequest: app.authorize('monthly-states:read'),
    },
    // Already JSON bytes (kept built until the board changes): sent as they are, gzipped when the
    // client accepts it, never re-serialised.
    async (request, reply) => sendBuiltJson(request, reply, await monthlyStates.getBuiltBoard(request.params)),
  );

  // 'Exportar a Excel': the companies the browser shows, in its order, as a streamed .xlsx.
  app.post(
    '/api/monthly-states/year/:year/month/:month/export',
    {
      schema: {
        tags: ['monthly-states'],
        params: PeriodParamsSchema,
        body: BoardExportSchema,
        response: errorResponses,
      },
      onRequest: app.authorize('monthly-states:read'),
    },
    async (request, reply) => {
      const sheet = await monthlyStates.exportBoard(request.params, request.body.businessIds);
      return sendXlsx(reply, boardExportName('tablero', request.params), sheet);
    },
  );

  app.put(
    '/api/monthly-states/year/:year/month/:month',
    {
      schema: {
        tags: ['monthly-states'],
        params: PeriodParamsSchema,
        body: MonthlyStateUpdateSchema,
        response: { 200: MonthlyStateUpdateResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('monthly-states:write'),
    },
    async (request) => {
      const change = await monthlyStates.updateState(
        currentUser(request),
        request.params,
        request.body,
        actorOf(request),
      );
      return { message: boardMsg.stateSaved, ...change };
    },
  );

  // A bulk change: one service's state for many companies, one transaction, one event.
  app.put(
    '/api/monthly-states/year/:year/month/:month/bulk',
    {
      schema: {
        tags: ['monthly-states'],
        params: PeriodParamsSchema,
        body: MonthlyStateBulkSchema,
        response: { 200: MonthlyStateBulkResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('monthly-states:write'),
    },
    async (request) => {
      const result = await monthlyStates.bulkUpdate(
        currentUser(request),
        request.params,
        request.body,
        actorOf(request),
      );
      return { message: boardMsg.bulkUpdated(result.updated, result.skipped, result.unchanged), ...result };
    },
  );

  app.get(
    '/api/monthly-states/history',
    {
      schema: {
        tags: ['monthly-states'],
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('monthly-states:read'),
    },
    async (request) => ({ rows: await monthlyStates.history(request.query) }),
  );
};
