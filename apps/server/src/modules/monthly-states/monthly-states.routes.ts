import { boardMsg } from '@app/shared/messages-board';
import {
  HistoryQuerySchema,
  HistoryResponseSchema,
  MonthlyBoardSchema,
  MonthlyStateUpdateResponseSchema,
  MonthlyStateUpdateSchema,
  PeriodParamsSchema,
} from '@app/shared/schemas/monthly-states';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';

/**
 * The board is answered as plain JSON: it is built from typed rows, and validating 24,000 cells
 * against the response schema on every request would cost more than building them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const monthlyStatesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { monthlyStates } = context.services;

  app.get(
    '/api/monthly-states/year/:year/month/:month',
    {
      schema: {
        tags: ['monthly-states'],
        params: PeriodParamsSchema,
        response: { 200: MonthlyBoardSchema, ...errorResponses },
      },
      serializerCompiler: plainJson,
      onRequest: app.authorize('monthly-states:read'),
    },
    (request) => monthlyStates.getBoard(request.params),
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
      const change = await monthlyStates.updateState(currentUser(request), request.params, request.body);
      return { message: boardMsg.stateSaved, ...change };
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
