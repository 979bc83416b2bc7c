import { api } from '../../../lib/api-client';

/**
 * Registers the browser's push subscription as the user's notification token after sign-in.
 * Needs a service worker and the server's VAPID key; any failure is only logged (spec 1 §1).
 */
export async function registerPushSubscription(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const vapidKey = document.querySelector<HTMLMetaElement>('meta[name="vapid-public-key"]')?.content;
    if (!registration || !vapidKey) return;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKey }));
    await api('/user/me/notification-token', { method: 'POST', body: { token: subscription.toJSON() } });
  } catch (error) {
    console.warn('No se pudo registrar el token de notificaciones', error);
  }
}
