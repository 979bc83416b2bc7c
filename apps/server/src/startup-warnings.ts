import type { AppConfig } from './config.ts';

/**
 * What is not configured, each with what that means for the firm: mail that reaches no one,
 * e-mailed links that only work on this computer, no backups taken by themselves.
 */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (!config.SMTP_URL) {
    warnings.push(
      `SMTP_URL no está definida: los correos no se envían, se guardan en ${config.DATA_DIR}/outbox (nadie los recibe)`,
    );
  }
  if (!config.appUrlConfigured) {
    warnings.push(
      `APP_URL no está definida: los enlaces enviados por correo (recuperar contraseña, 'Avisar al cliente') apuntan a ${config.APP_URL} y solo funcionan en este computador; defínela con la dirección que usan los demás (p. ej. http://192.168.1.10:${config.PORT})`,
    );
  }
  if (!config.BACKUP_TIME && !config.BACKUP_CRON) {
    warnings.push(
      'No hay respaldos programados (BACKUP_TIME o BACKUP_CRON sin definir): nada se respalda solo; haz respaldos con npm run backup o define una de las dos',
    );
  }
  return warnings;
}

/** The warnings as one block for the start-up log; nothing when everything is configured. */
export function startupWarningBlock(warnings: readonly string[]): string | undefined {
  if (!warnings.length) return undefined;
  return ['Aviso: falta configuración (el servidor funciona, pero):', ...warnings.map((line) => `  - ${line}`)].join(
    '\n',
  );
}
