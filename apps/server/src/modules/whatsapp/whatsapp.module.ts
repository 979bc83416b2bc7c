import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';
import { createWhatsAppService, type WhatsAppDeps, type WhatsAppSettings } from './whatsapp.service.ts';
import { createWhatsAppClient } from './whatsapp-client.ts';
import { whatsappSenderJob } from './whatsapp-sender.job.ts';

export type { NotifyOutcome, WhatsAppNotice } from './whatsapp.service.ts';

export interface WhatsAppModuleDeps extends Omit<WhatsAppDeps, 'settings'> {
  db: Db;
  config: Pick<
    AppConfig,
    | 'WHATSAPP_API_URL'
    | 'WHATSAPP_API_VERSION'
    | 'WHATSAPP_PHONE_NUMBER_ID'
    | 'WHATSAPP_TOKEN'
    | 'WHATSAPP_TEMPLATE_LANGUAGE'
    | 'WHATSAPP_TEMPLATE_MESSAGE'
    | 'WHATSAPP_TEMPLATE_REQUEST'
    | 'WHATSAPP_TEMPLATE_APPROVAL'
    | 'WHATSAPP_TEMPLATE_CHARGE'
  >;
}

/** The channel as the WHATSAPP_* variables set it: configured only with both the number's id and the token. */
export function whatsappSettingsOf(config: WhatsAppModuleDeps['config']): WhatsAppSettings {
  return {
    configured: Boolean(config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_TOKEN),
    apiUrl: config.WHATSAPP_API_URL,
    apiVersion: config.WHATSAPP_API_VERSION,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? null,
    token: config.WHATSAPP_TOKEN ?? null,
    language: config.WHATSAPP_TEMPLATE_LANGUAGE,
    templates: {
      message: config.WHATSAPP_TEMPLATE_MESSAGE,
      request: config.WHATSAPP_TEMPLATE_REQUEST,
      approval: config.WHATSAPP_TEMPLATE_APPROVAL,
      charge: config.WHATSAPP_TEMPLATE_CHARGE,
    },
  };
}

/**
 * WhatsApp notices to client companies (WhatsApp Business Cloud API): each company's number and
 * consent, the outbox other modules queue to with `notify` (handed to them in compose-modules.ts),
 * the job that sends it, and the owner's view of the channel. Off until configured.
 */
export function createWhatsAppModule(deps: WhatsAppModuleDeps) {
  const settings = whatsappSettingsOf(deps.config);
  const whatsapp = createWhatsAppService(deps.db, { ...deps, settings });
  const client =
    settings.configured && settings.phoneNumberId && settings.token
      ? createWhatsAppClient({
          apiUrl: settings.apiUrl,
          apiVersion: settings.apiVersion,
          phoneNumberId: settings.phoneNumberId,
          token: settings.token,
        })
      : null;
  const sender = whatsappSenderJob(deps.db, { log: deps.log, settings, client });
  return {
    /** Queues a notice for a company's WhatsApp (nothing unless configured and accepted); never throws. */
    notify: whatsapp.notify,
    /** The sender's run (tests call it with their own clock): answers how many WhatsApp accepted. */
    runSender: sender.run,
    routes: (app: FastifyInstance) => app.register(whatsappRoutes, { whatsapp }),
    jobs: [sender.job],
  };
}
