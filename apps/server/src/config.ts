import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  APP_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6).optional()),
  TOKEN_SECRET: optionalString.pipe(z.string().min(32).optional()),
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'debe ser una clave de 32 bytes en base64')
      .optional(),
  ),
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, 'debe ser una clave pública VAPID (base64url)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/, 'debe ser una clave privada VAPID (base64url)')
      .optional(),
  ),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().min(3).default('Estudio Contable <no-reply@example.com>'),
  WEB_DIST_DIR: optionalString,
});

export type Env = z.input<typeof ConfigSchema>;

export type AppConfig = Omit<z.output<typeof ConfigSchema>, 'APP_URL' | 'WEB_DIST_DIR'> & {
  APP_URL: string;
  WEB_DIST_DIR: string;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message} (valor: ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Configuración inválida:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    APP_URL: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'web', 'dist')),
  };
}
