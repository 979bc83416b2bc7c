import { formatDuration } from '@app/shared/duration';
import { MessageSchema } from '@app/shared/errors';
import { timeMsg } from '@app/shared/messages-time';
import {
  HourlyCostInputSchema,
  HourlyCostListSchema,
  HourlyCostResponseSchema,
  LONG_TIMER_MINUTES,
  TimeEntriesQuerySchema,
  TimeEntryInputSchema,
  TimeEntryListSchema,
  TimeEntryParamSchema,
  TimeEntryResponseSchema,
  TimerChangeResponseSchema,
  TimerStartSchema,
  TimerStateSchema,
  TimerStopSchema,
  TimeSettingsResponseSchema,
  TimeSettingsSchema,
  TimeWeekQuerySchema,
  TimeWeekSchema,
} from '@app/shared/schemas/time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { currentUser } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { TimeService } from './time.service.ts';
import { weekSheet } from './time-export.ts';

const tags = ['time'];

/**
 * 'Registro de tiempo': staff track their own time (timer and entries typed by hand); owners read
 * and change anyone's entries and set each staff member's hourly cost.
 */
export const timeRoutes: FastifyPluginAsyncZod<{ time: TimeService }> = async (app, { time }) => {
  app.get(
    '/api/time/timer',
    {
      schema: { tags, response: { 200: TimerStateSchema, ...errorResponses } },
      onRequest: app.authorize('time:track'),
    },
    async (request) => ({ timer: await time.timer(currentUser(request)) }),
  );

  app.post(
    '/api/time/timer/start',
    {
      schema: {
        tags,
        description: 'Starts the timer now; a timer already running is stopped and logged in the same transaction.',
        body: TimerStartSchema,
        response: { 200: TimerChangeResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('time:track'),
    },
    async (request) => {
      const { timer, stopped } = await time.start(currentUser(request), request.body, actorOf(request));
      return {
        message: !stopped
          ? timeMsg.timerStarted
          : (stopped.minutes ?? 0) > LONG_TIMER_MINUTES
            ? timeMsg.timerStartedStoppingLong(stopped.businessName, formatDuration(stopped.minutes ?? 0))
            : timeMsg.timerStartedStopping(stopped.businessName),
        timer,
        stopped,
      };
    },
  );

  app.post(
    '/api/time/timer/stop',
    {
      schema: { tags, body: TimerStopSchema, response: { 200: TimerChangeResponseSchema, ...errorResponses } },
      onRequest: app.authorize('time:track'),
    },
    async (request) => {
      const stopped = await time.stop(currentUser(request), actorOf(request));
      const minutes = stopped.minutes ?? 0;
      return {
        message:
          minutes > LONG_TIMER_MINUTES ? timeMsg.timerStoppedLong(formatDuration(minutes)) : timeMsg.timerStopped,
        timer: null,
        stopped,
      };
    },
  );

  app.get(
    '/api/time/entries',
    {
      schema: {
        tags,
        description: "Finished entries of a range; `usuario` (owners) another staff member's.",
        querystring: TimeEntriesQuerySchema,
        response: { 200: TimeEntryListSchema, ...errorResponses },
      },
      onRequest: app.authorize('time:track'),
    },
    async (request) => time.list(currentUser(request), request.query),
  );

  app.post(
    '/api/time/entries',
    {
      schema: { tags, body: TimeEntryInputSchema, response: { 201: TimeEntryResponseSchema, ...errorResponses } },
      config: idempotent,
      onRequest: app.authorize('time:track'),
    },
    async (request, reply) => {
      const entry = await time.create(currentUser(request), request.body, actorOf(request));
      return reply.status(201).send({ message: timeMsg.created, entry });
    },
  );

  app.put(
    '/api/time/entries/:entryId',
    {
      schema: {
        tags,
        params: TimeEntryParamSchema,
        body: TimeEntryInputSchema,
        response: { 200: TimeEntryResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('time:track'),
    },
    async (request) => ({
      message: timeMsg.updated,
      entry: await time.update(currentUser(request), request.params.entryId, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/api/time/entries/:entryId',
    {
      schema: { tags, params: TimeEntryParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('time:track'),
    },
    async (request) => {
      await time.delete(currentUser(request), request.params.entryId, actorOf(request));
      return { message: timeMsg.deleted };
    },
  );

  app.get(
    '/api/time/week',
    {
      schema: {
        tags,
        description:
          "A week's grid: companies × 7 days in minutes, by company name, with totals and the week's entries.",
        querystring: TimeWeekQuerySchema,
        response: { 200: TimeWeekSchema, ...errorResponses },
      },
      onRequest: app.authorize('time:track'),
    },
    async (request) => time.week(currentUser(request), request.query),
  );

  app.get(
    '/api/time/week/export',
    {
      schema: {
        tags,
        description: "'Exportar a Excel' of the week's grid (hours as h:mm and as decimal hours).",
        querystring: TimeWeekQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authorize('time:track'),
    },
    async (request, reply) => {
      const week = await time.week(currentUser(request), request.query);
      return sendXlsx(reply, timeMsg.exportFileName(week.monday), xlsxStream(weekSheet(week)));
    },
  );

  app.get(
    '/api/time/costs',
    {
      schema: { tags, response: { 200: HourlyCostListSchema, ...errorResponses } },
      onRequest: app.authorize('time:manage'),
    },
    async () => time.costs(),
  );

  app.put(
    '/api/time/costs',
    {
      schema: { tags, body: HourlyCostInputSchema, response: { 200: HourlyCostResponseSchema, ...errorResponses } },
      onRequest: app.authorize('time:manage'),
    },
    async (request) => ({ message: timeMsg.costSaved, cost: await time.setCost(request.body, actorOf(request)) }),
  );

  app.get(
    '/api/time/settings',
    {
      schema: { tags, response: { 200: TimeSettingsSchema, ...errorResponses } },
      onRequest: app.authorize('time:track'),
    },
    async (request) => ({ remind: await time.remind(currentUser(request)) }),
  );

  app.put(
    '/api/time/settings',
    {
      schema: { tags, body: TimeSettingsSchema, response: { 200: TimeSettingsResponseSchema, ...errorResponses } },
      onRequest: app.authorize('time:track'),
    },
    async (request) => {
      const remind = await time.setRemind(currentUser(request), request.body.remind);
      return { remind, message: remind ? timeMsg.remindOn : timeMsg.remindOff };
    },
  );
};
