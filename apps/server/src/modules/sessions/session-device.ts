import { sessionsMsg } from '@app/shared/messages-trust';
import Bowser from 'bowser';

/**
 * How 'Mi perfil' names the device of a session: 'Chrome en Windows', 'Safari en iPhone';
 * 'Dispositivo desconocido' without a user agent (or one that names neither browser nor system).
 */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return sessionsMsg.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || '';
  const model = parsed.platform.model;
  const system = model === 'iPhone' || model === 'iPad' ? model : parsed.os.name || '';
  if (browser && system) return `${browser} en ${system}`;
  return browser || system || sessionsMsg.unknownDevice;
}
