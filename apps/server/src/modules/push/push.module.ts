import type { Db } from '../../db/client.ts';
import { createPushService, type PushDeps } from './push.service.ts';

export interface PushModuleDeps extends Omit<PushDeps, 'vapid'> {
  db: Db;
  vapidKeys: { publicKey: string; privateKey: string };
  /** The app's public address and the e-mails' sender: the contact the push services are given. */
  appUrl: string;
  mailFrom: string;
}

/** The VAPID contact: the app's address when it is https, otherwise the sender address of its e-mails. */
export function vapidSubject(appUrl: string, mailFrom: string): string {
  if (appUrl.startsWith('https://')) return appUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** Web Push to the users' browsers: no routes of its own (the users module stores the subscriptions). */
export function createPushModule(deps: PushModuleDeps) {
  const { db, vapidKeys, appUrl, mailFrom, ...options } = deps;
  return createPushService(db, { ...options, vapid: { ...vapidKeys, subject: vapidSubject(appUrl, mailFrom) } });
}
