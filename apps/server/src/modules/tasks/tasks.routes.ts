import { MessageSchema } from '@app/shared/errors';
import { tasksMsg } from '@app/shared/messages-tasks';
import {
  BusinessInTaskAllResponseSchema,
  BusinessInTaskAllSchema,
  BusinessInTaskResponseSchema,
  BusinessInTaskWriteSchema,
  TaskBusinessParamSchema,
  TaskDetailResponseSchema,
  TaskIdOnlyParamSchema,
  TaskIdParamSchema,
  TaskListSchema,
  TaskResponseSchema,
  TaskWriteSchema,
} from '@app/shared/schemas/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { TasksService } from './tasks.service.ts';

/** Tasks and their companies: owners write, collaborators read. */
export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  const tags = ['tasks'];

  app.get(
    '/api/task',
    { schema: { tags, response: { 200: TaskListSchema, ...errorResponses } }, onRequest: app.authorize('tasks:read') },
    () => tasks.list(),
  );

  app.post(
    '/api/task',
    {
      schema: { tags, body: TaskWriteSchema, response: { 201: TaskResponseSchema, ...errorResponses } },
      config: idempotent,
      onRequest: app.authorize('tasks:write'),
    },
    async (request, reply) =>
      reply.status(201).send({ message: tasksMsg.taskSaved, task: await tasks.create(request.body, actorOf(request)) }),
  );

  app.get(
    '/api/task/:id',
    {
      schema: { tags, params: TaskIdParamSchema, response: { 200: TaskDetailResponseSchema, ...errorResponses } },
      onRequest: app.authorize('tasks:read'),
    },
    async (request) => ({ task: await tasks.getDetail(request.params.id) }),
  );

  app.put(
    '/api/task/:id',
    {
      schema: {
        tags,
        params: TaskIdParamSchema,
        body: TaskWriteSchema,
        response: { 200: TaskResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('tasks:write'),
    },
    async (request) => ({
      message: tasksMsg.taskSaved,
      task: await tasks.update(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/api/task/:id',
    {
      schema: { tags, params: TaskIdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('tasks:write'),
    },
    async (request) => {
      await tasks.delete(request.params.id, actorOf(request));
      return { message: tasksMsg.taskDeleted };
    },
  );

  app.post(
    '/api/task/:taskId/business/:businessId',
    {
      schema: {
        tags,
        params: TaskBusinessParamSchema,
        body: BusinessInTaskWriteSchema,
        response: { 200: BusinessInTaskResponseSchema, 201: BusinessInTaskResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('tasks:write'),
    },
    async (request, reply) => {
      const { taskId, businessId } = request.params;
      const { businessInTask, created } = await tasks.addBusiness(taskId, businessId, request.body, actorOf(request));
      return reply.status(created ? 201 : 200).send({ message: tasksMsg.businessAdded, businessInTask });
    },
  );

  app.put(
    '/api/task/:taskId/business/:businessId',
    {
      schema: {
        tags,
        params: TaskBusinessParamSchema,
        body: BusinessInTaskWriteSchema,
        response: { 200: BusinessInTaskResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('tasks:write'),
    },
    async (request) => {
      const { taskId, businessId } = request.params;
      return {
        message: tasksMsg.startDateEdited,
        businessInTask: await tasks.updateBusiness(taskId, businessId, request.body, actorOf(request)),
      };
    },
  );

  app.delete(
    '/api/task/:taskId/business/:businessId',
    {
      schema: { tags, params: TaskBusinessParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('tasks:write'),
    },
    async (request) => {
      await tasks.removeBusiness(request.params.taskId, request.params.businessId, actorOf(request));
      return { message: tasksMsg.businessRemoved };
    },
  );

  app.post(
    '/api/task/:taskId/create-all-business-in-task',
    {
      schema: {
        tags,
        params: TaskIdOnlyParamSchema,
        body: BusinessInTaskAllSchema,
        response: { 200: BusinessInTaskAllResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('tasks:write'),
    },
    async (request) => ({
      message: tasksMsg.allActivated,
      businessInTask: await tasks.addAllBusinesses(request.params.taskId, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/api/task/:taskId/delete-all-business-in-task',
    {
      schema: {
        tags,
        params: TaskIdOnlyParamSchema,
        response: { 200: BusinessInTaskAllResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('tasks:write'),
    },
    async (request) => {
      await tasks.removeAllBusinesses(request.params.taskId, actorOf(request));
      return { message: tasksMsg.allDeactivated, businessInTask: [] };
    },
  );
};
