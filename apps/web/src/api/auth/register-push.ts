import type { MessageResponse } from '@app/shared/errors';
import type { PushPublicKey } from '@app/shared/schemas/auth';
import { api } from '../../lib/api-client';

const SERVICE_WORKER_URL = '/sw.js';

/** Registers the service worker that shows push notifications; harmless where unsupported. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
    console.warn('No se pudo registrar el service worker', error);
  });
}

/**
 * After sign-in, subscribes the browser to Web Push with the server's VAPID key and stores the
 * subscription as the user's notification token. Any failure (no support, permission
 * refused, no push service) is only logged; the user is not told.
 */
export async function registerPushSubscription(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
    const registration =
      (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)) ??
      (await navigator.serviceWorker.register(SERVICE_WORKER_URL));
    const { publicKey } = await api<PushPublicKey>('/push/public-key');
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    await api<MessageResponse>('/user/me/notification-token', {
      method: 'POST',
      body: { token: subscription.toJSON() },
    });
  } catch (error) {
    console.warn('No se pudo registrar el token de notificaciones', error);
  }
}
