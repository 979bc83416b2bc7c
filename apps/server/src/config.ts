import { isIP } from 'node:net';
import path from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN } from '@app/shared/fields';
import { z } from 'zod';
import { parseCron } from './lib/cron.ts';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths.ts';
import { StartupError } from './lib/startup-error.ts';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list like any address. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry.toLowerCase())) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may set the client address through X-Forwarded-For: none by default (the socket's
 * address is the client), 'true' (any: only behind a proxy that overwrites the header), a number
 * of hops, or a comma-separated list of proxy addresses and CIDR ranges. Fastify's trustProxy.
 */
const TrustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const value = raw?.trim() ?? '';
    if (value === '' || value.toLowerCase() === 'false') return false;
    if (value.toLowerCase() === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry && isAddressOrRange(entry))) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        "debe ser 'false', 'true', un número de saltos o una lista de direcciones IP o rangos CIDR separados por comas",
    });
    return z.NEVER;
  });

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify ignores a bare hop count (it cannot tell who the
 * nearest peer is), so a count becomes "the nearest n hops are proxies": use it only when the
 * server can be reached through those proxies alone.
 */
export function trustProxyOption(value: boolean | number | string[]) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** A WhatsApp template's name as WhatsApp Manager allows it (lower case, digits, '_'), with its default. */
const templateName = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'debe ser el nombre de una plantilla de WhatsApp (minúsculas, números y _)')
    .default(fallback);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url().optional()),
    APP_URL: optionalString.pipe(z.url().optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_EMAIL: z.email().default('admin@example.com'),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional()),
    TOKEN_SECRET: optionalString.pipe(z.string().min(32).optional()),
    ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9+/]{43}=$/, 'debe ser una clave de 32 bytes en base64')
        .optional(),
    ),
    /**
     * The ENCRYPTION_KEY before a rotation: stored files whose data key it wrapped are still read,
     * and the at-rest job re-wraps them under ENCRYPTION_KEY (their content is not encrypted again).
     */
    PREVIOUS_ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9+/]{43}=$/, 'debe ser una clave de 32 bytes en base64')
        .optional(),
    ),
    /**
     * Stored files encrypted at rest: on by default; 'off' (to measure what encryption costs, never
     * in production) stores new files plain and leaves plain files so. Either way encrypted files are read.
     */
    FILE_ENCRYPTION: z.enum(['on', 'off']).default('on'),
    /**
     * Keys whose new value replaces, at this start, the one the database was started with (its
     * fingerprint): 'TOKEN_SECRET', 'ENCRYPTION_KEY', 'VAPID_PRIVATE_KEY', comma-separated. Without
     * it a differing key stops the start.
     */
    ACCEPT_NEW_KEYS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.enum(['TOKEN_SECRET', 'ENCRYPTION_KEY', 'VAPID_PRIVATE_KEY'], {
            error: "debe nombrar 'TOKEN_SECRET', 'ENCRYPTION_KEY' o 'VAPID_PRIVATE_KEY', separadas por comas",
          }),
        ),
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
    /** Where replies to the app's e-mails go (a mail a staff member sends from the board: their own address). */
    MAIL_REPLY_TO: optionalString.pipe(z.email().optional()),
    /** The background jobs (note reminders): on by default, off by default in tests (they tick by hand). */
    SCHEDULER: z.enum(['on', 'off']).optional(),
    /** On SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are cut. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
    /** How often the scheduler looks for due work; a reminder goes out at most this late. */
    SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Browser tests only: push subscriptions may name a local fake push service (http://127.0.0.1). */
    PUSH_TEST_LOOPBACK: z.enum(['on', 'off']).default('off'),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: TrustProxySchema,
    REDIS_URL: optionalString.pipe(
      z.url({ protocol: /^rediss?$/, error: 'debe ser una URL redis:// o rediss://' }).optional(),
    ),
    /** Largest PDF accepted per file, in megabytes. */
    FILE_MAX_MB: z.coerce.number().positive().max(1024).default(20),
    /** How long a download link stays valid, in days. */
    DOWNLOAD_LINK_DAYS: z.coerce.number().positive().max(365).default(7),
    /** S3-compatible object storage for files; without S3_BUCKET files stay under DATA_DIR/files. */
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Google Calendar (OAuth 2.0 web client); without both the calendar says it is not set up. */
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** Where Google sends the owner back: the calendar page (default APP_URL/calendario). */
    GOOGLE_REDIRECT_URI: optionalString.pipe(z.url().optional()),
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_CALENDAR_API_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
    /**
     * A mindicador.cl-shaped API (`GET {this}/api/uf/{dd-mm-yyyy}`) the scheduler asks daily for the
     * UF's value; unset (the default), UF values are only typed or imported.
     */
    UF_SOURCE_URL: optionalString.pipe(z.url().optional()),
    /**
     * WhatsApp Business Cloud API (Meta's Graph API): off until both the phone number's id and the
     * token are set; then notices go as approved templates, one name per kind of notice.
     */
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d{1,3}\.\d{1,2}$/, 'debe ser una versión de la Graph API, p. ej. v21.0')
      .default('v21.0'),
    WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,30}$/, 'debe ser el identificador numérico del número de teléfono en WhatsApp Manager')
        .optional(),
    ),
    WHATSAPP_TOKEN: optionalString.pipe(z.string().min(20, 'debe ser un token de acceso de la Graph API').optional()),
    WHATSAPP_TEMPLATE_LANGUAGE: z
      .string()
      .regex(/^[a-z]{2}(_[A-Z]{2})?$/, "debe ser un código de idioma de plantilla, p. ej. 'es' o 'es_MX'")
      .default('es'),
    WHATSAPP_TEMPLATE_MESSAGE: templateName('nuevo_mensaje'),
    WHATSAPP_TEMPLATE_REQUEST: templateName('solicitud_por_vencer'),
    WHATSAPP_TEMPLATE_APPROVAL: templateName('aprobacion_pendiente'),
    WHATSAPP_TEMPLATE_CHARGE: templateName('cobro_vencido'),
    /** Prometheus metrics at /metrics, only with `Authorization: Bearer <this>`; without it /metrics does not exist. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'debe tener 16 caracteres o más').optional()),
    /** Where `npm run backup` and scheduled backups write archives (default DATA_DIR/backups). */
    BACKUP_DIR: optionalString,
    /** A backup every day at this time in Santiago (HH:MM), by one instance; or BACKUP_CRON. */
    BACKUP_TIME: optionalString.pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'debe ser una hora HH:MM (p. ej. 02:30)')
        .optional(),
    ),
    /** Backups when this cron expression matches (minute hour day month weekday, Santiago time). */
    BACKUP_CRON: optionalString.pipe(
      z
        .string()
        .refine((value) => parseCron(value) !== null, 'debe ser una expresión cron de 5 campos (p. ej. 30 2 * * *)')
        .optional(),
    ),
    /** How many scheduled archives stay in BACKUP_DIR (older scheduled ones are removed); 0 keeps all. */
    BACKUP_KEEP: z.coerce.number().int().min(0).default(14),
  })
  .superRefine((config, ctx) => {
    if (config.BACKUP_TIME && config.BACKUP_CRON)
      ctx.addIssue({ code: 'custom', path: ['BACKUP_CRON'], message: 'usa BACKUP_TIME o BACKUP_CRON, no ambas' });
    if (config.PUSH_TEST_LOOPBACK === 'on' && config.NODE_ENV === 'production')
      ctx.addIssue({ code: 'custom', path: ['PUSH_TEST_LOOPBACK'], message: 'no se permite con NODE_ENV=production' });
    if (config.FILE_ENCRYPTION === 'off' && config.NODE_ENV === 'production')
      ctx.addIssue({ code: 'custom', path: ['FILE_ENCRYPTION'], message: 'no se permite con NODE_ENV=production' });
    if (config.PREVIOUS_ENCRYPTION_KEY && config.PREVIOUS_ENCRYPTION_KEY === config.ENCRYPTION_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PREVIOUS_ENCRYPTION_KEY'],
        message: 'es la misma ENCRYPTION_KEY: la anterior es la que se reemplaza',
      });
    if (Boolean(config.WHATSAPP_PHONE_NUMBER_ID) !== Boolean(config.WHATSAPP_TOKEN)) {
      const missing = config.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN';
      const other = config.WHATSAPP_TOKEN ? 'WHATSAPP_TOKEN' : 'WHATSAPP_PHONE_NUMBER_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: `es obligatoria cuando ${other} está definida` });
    }
    if (!config.S3_BUCKET) return;
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'es obligatoria cuando S3_BUCKET está definida' });
    }
  });

export type Env = z.input<typeof ConfigSchema>;

export type AppConfig = Omit<z.output<typeof ConfigSchema>, 'APP_URL' | 'WEB_DIST_DIR'> & {
  /** The public address for e-mailed links; http://localhost:PORT when APP_URL is unset. */
  APP_URL: string;
  /** Whether APP_URL was set: without it e-mailed links name localhost (links in the app are relative). */
  appUrlConfigured: boolean;
  WEB_DIST_DIR: string;
};

/** A bad setting: the message names the variable (and never echoes a secret). */
export class ConfigError extends StartupError {}

/** Variables whose value may hold a secret (keys, passwords, URLs with credentials): never echoed. */
const SECRET_VARIABLE = /SECRET|PASSWORD|KEY|TOKEN|DATABASE_URL|REDIS_URL|SMTP_URL/;

const shownValue = (name: string, value: string | undefined) =>
  value !== undefined && SECRET_VARIABLE.test(name) ? '(oculto)' : JSON.stringify(value);

/** Reads and validates the environment; a bad value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (valor: ${shownValue(String(issue.path[0]), env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Configuración inválida:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    APP_URL: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    appUrlConfigured: config.APP_URL !== undefined,
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
  };
}

/** Whether this instance runs the scheduler's timer: SCHEDULER, or on everywhere but in tests. */
export function schedulerEnabled(config: Pick<AppConfig, 'SCHEDULER' | 'NODE_ENV'>): boolean {
  return config.SCHEDULER ? config.SCHEDULER === 'on' : config.NODE_ENV !== 'test';
}
