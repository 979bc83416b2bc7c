import { tasksMsg } from '@app/shared/messages-tasks';
import { boardExportName, TaskBoardExportSchema } from '@app/shared/schemas/board-export';
import { PeriodParamsSchema } from '@app/shared/schemas/monthly-states';
import {
  TaskBoardSchema,
  TaskHistoryQuerySchema,
  TaskHistoryResponseSchema,
  TaskStateParamsSchema,
  TaskStateUpdateResponseSchema,
  TaskStateUpdateSchema,
} from '@app/shared/schemas/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { TaskBoardService } from './task-board.service.ts';

/** The task tracking board: staff read; a cell changes by the shared policy. */
export const taskBoardRoutes: FastifyPluginAsyncZod<{ taskBoard: TaskBoardService }> = async (app, { taskBoard }) => {
  const tags = ['task-board'];

  app.get(
    '/api/business-task-states/year/:year/month/:month',
    {
      schema: { tags, params: PeriodParamsSchema, response: { 200: TaskBoardSchema, ...errorResponses } },
      onRequest: app.authorize('task-states:read'),
    },
    (request) => taskBoard.getBoard(request.params),
  );

  // 'Exportar a Excel': the companies and tasks the browser shows, in its order, as a streamed .xlsx.
  app.post(
    '/api/business-task-states/year/:year/month/:month/export',
    {
      schema: { tags, params: PeriodParamsSchema, body: TaskBoardExportSchema, response: errorResponses },
      onRequest: app.authorize('task-states:read'),
    },
    async (request, reply) => {
      const sheet = await taskBoard.exportBoard(request.params, request.body);
      return sendXlsx(reply, boardExportName('tareas', request.params), sheet);
    },
  );

  app.put(
    '/api/business-task-states/year/:year/month/:month/businessId/:businessId/taskId/:taskId',
    {
      schema: {
        tags,
        params: PeriodParamsSchema.extend(TaskStateParamsSchema.shape),
        body: TaskStateUpdateSchema,
        response: { 200: TaskStateUpdateResponseSchema, ...errorResponses },
      },
      // Staff reach the handler; whether this user may change this task's cells is the task's policy.
      onRequest: app.authorize('task-states:read'),
    },
    async (request) => {
      const { year, month, businessId, taskId } = request.params;
      const change = await taskBoard.updateState(
        currentUser(request),
        { year, month },
        { businessId, taskId },
        request.body,
        actorOf(request),
      );
      return { message: tasksMsg.stateSaved, ...change };
    },
  );

  app.get(
    '/api/business-task-states/history',
    {
      schema: {
        tags,
        querystring: TaskHistoryQuerySchema,
        response: { 200: TaskHistoryResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('task-states:read'),
    },
    async (request) => ({ rows: await taskBoard.history(request.query) }),
  );
};
