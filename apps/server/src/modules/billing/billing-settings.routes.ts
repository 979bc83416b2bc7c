import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { BillingBusinessParamsSchema } from '@app/shared/schemas/billing';
import {
  BillingSettingsSavedSchema,
  BillingSettingsSaveSchema,
  BillingSettingsSchema,
  ReminderListSchema,
  RemindersStopResultSchema,
  RemindersStopSchema,
} from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { BillingSettingsService } from './billing-settings.service.ts';
import type { RemindersService } from './reminders.service.ts';

/** The firm's billing settings and each company's reminders: owners only. */
export const billingSettingsRoutes: FastifyPluginAsyncZod<{
  settings: BillingSettingsService;
  reminders: RemindersService;
}> = async (app, { settings, reminders }) => {
  const tags = ['billing'];

  app.get(
    '/api/billing/settings',
    {
      schema: {
        tags,
        description:
          "The firm's billing settings: where clients transfer (bank, account type and number, holder, RUT), the e-mail receipts go to, the reminder steps (days from the due date) and whether reminders go out; `mailConfigured` false: reminders only reach the local outbox.",
        response: { 200: BillingSettingsSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async () => settings.get(),
  );

  app.put(
    '/api/billing/settings',
    {
      schema: {
        tags,
        description:
          'Saves the billing settings: the RUT is checked (check digit) and stored as 12.345.678-5; reminder steps are days from the due date between -30 and 90, at most 8, without repeats.',
        body: BillingSettingsSaveSchema,
        response: { 200: BillingSettingsSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => ({
      message: collectionsMsg.settingsSaved,
      settings: await settings.save(request.body, actorOf(request)),
    }),
  );

  app.put(
    '/api/billing/business/:businessId/reminders',
    {
      schema: {
        tags,
        description: "Stops (`stopped: true`) or resumes the company's payment reminders.",
        params: BillingBusinessParamsSchema,
        body: RemindersStopSchema,
        response: { 200: RemindersStopResultSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:manage'),
    },
    async (request) => {
      const { stopped } = request.body;
      await settings.setRemindersStopped(request.params.businessId, stopped, actorOf(request));
      return { message: stopped ? collectionsMsg.remindersStopped : collectionsMsg.remindersResumed, stopped };
    },
  );

  app.get(
    '/api/billing/business/:businessId/reminders',
    {
      schema: {
        tags,
        description:
          "The company's payment reminders, newest first, with what became of each e-mail: 'Enviado' only when the mail server took it; 'En bandeja local' when mail is not configured.",
        params: BillingBusinessParamsSchema,
        response: { 200: ReminderListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request) => reminders.listOf(request.params.businessId),
  );
};
