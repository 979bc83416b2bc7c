import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type AppModules, composeModules } from './compose-modules.ts';
import { type AppConfig, schedulerEnabled, trustProxyOption } from './config.ts';
import { type Database, MIGRATIONS_DIR } from './db/client.ts';
import { checkKeyFingerprints } from './db/key-fingerprints.ts';
import { MAX_LINK_TOKEN_LENGTH } from './lib/download-links.ts';
import { redactUrl } from './lib/log-redaction.ts';
import type { Mailer } from './lib/mailer.ts';
import { MAX_FILES } from './lib/multipart-uploads.ts';
import { loadSecrets } from './lib/secrets.ts';
import { backupDirOf } from './modules/backup/backup.module.ts';
import { ensureFirstOwner } from './modules/users/first-owner.ts';
import { authPlugin } from './plugins/auth.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerHealth } from './plugins/health.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { createMailer } from './plugins/mailer.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { connectRedis } from './plugins/redis.ts';
import { registerRequestId, requestIdOptions } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  /** Print the generated first-owner password (main.ts does; tests do not). */
  announce?: (message: string) => void;
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: DestinationStream;
  /** Open DATA_DIR/run/admin.sock so `npm run backup` reaches the embedded database through this server (main.ts does). */
  adminSocket?: boolean;
  /** The boards' clock (overdue cells); tests set it. */
  now?: () => Date;
}

/** The whole application as one Fastify instance; main.ts listens on it, tests inject into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await assembleApp(options)).app;
}

/**
 * The application and the modules it is made of: tests and the demo seeder reach the services,
 * the event bus and file storage through `modules` (nothing inside the app does).
 */
export async function assembleApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; modules: AppModules }> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: [
              'req.headers.authorization',
              'req.body.password',
              '*.password',
              '*.currentPassword',
              '*.passwordHash',
              // Two-step sign-in: nothing logs these today; should an object carrying one be logged.
              '*.challenge',
              '*.recoveryCodes',
              '*.otpauthUrl',
              '*.secret',
            ],
            // The access log never holds a live credential: recovery and download tokens, OAuth
            // codes and states, signed values become [oculto] in the logged URL.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            ...(options.logStream
              ? { stream: options.logStream }
              : // Readable lines in a terminal; JSON lines otherwise (files, log collectors).
                process.stdout.isTTY
                ? {
                    transport: {
                      target: 'pino-pretty',
                      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
                    },
                  }
                : {}),
          },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // X-Request-Id: a sane incoming one is kept, else one is made; every log line of the request carries it.
    ...requestIdOptions,
    // Every signed download link the app issues is routed (the longest has the largest ids); a
    // longer path parameter answers 414 in Spanish, as does a badly encoded one (400).
    routerOptions: { maxParamLength: MAX_LINK_TOKEN_LENGTH },
    frameworkErrors: answerFrameworkError,
    bodyLimit: 1024 * 1024,
    // A '__proto__' or 'constructor.prototype' key is dropped, then the body is judged on its fields.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secrets = loadSecrets(config);
  // Prometheus metrics exist only when METRICS_TOKEN is set; the mailer then counts what it sends.
  const metrics = config.METRICS_TOKEN ? createMetrics() : undefined;
  const mailer = options.mailer ?? createMailer(config);
  // Every instance on this database holds the keys its data was made with, or does not start.
  for (const name of await checkKeyFingerprints(database.db, secrets, config, config.ACCEPT_NEW_KEYS)) {
    app.log.warn({ key: name }, 'ACCEPT_NEW_KEYS: this key replaces the one the database was started with');
  }
  // REDIS_URL: throttling counters and live events shared by the instances, while Redis is reachable.
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : undefined;
  // Registered before the realtime plugin's and the modules', so it runs after them on close.
  if (redis) app.addHook('onClose', () => redis.close());
  app.decorate('redisState', () => redis?.state() ?? 'off');
  const modules = composeModules({
    config,
    secrets,
    db: database.db,
    changes: database.changes,
    mailer: metrics ? metrics.countMails(mailer) : mailer,
    log: app.log,
    redis,
    signToken: (payload, expiresIn) => app.signSessionToken(payload, expiresIn),
    now: options.now,
  });

  registerRequestId(app);
  registerMetrics(app, metrics, {
    token: config.METRICS_TOKEN,
    sources: {
      openSockets: () => app.io?.of('/').sockets.size ?? 0,
      poolStats: database.poolStats,
      backupDir: backupDirOf(config),
    },
  });
  if (metrics) modules.scheduler.onJobRun(metrics.recordJobRun);
  await registerSecurityHeaders(app, config.APP_URL);
  registerErrorHandler(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Estudio Contable API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Publishes schemas registered with an id (recursive ones, like the folder tree) as components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, {
    secret: secrets.tokenSecret,
    resolveSession: (sessionId, userId) => modules.auth.resolveSession(sessionId, userId),
    noteSessionUse: (sessionId, ip) => modules.sessions.noteUse(sessionId, ip),
  });
  registerIdempotency(app, database.db);

  registerHealth(app, {
    db: database.db,
    databaseKind: database.kind,
    migrationsDir: MIGRATIONS_DIR,
    storage: modules.storage,
    minFreeBytes: MAX_FILES * config.FILE_MAX_MB * 2 ** 20,
    redisUrl: config.REDIS_URL,
  });
  // Every module in one pass of the list: its routes, its live room, its jobs for the scheduler.
  for (const module of modules.list) {
    await module.routes?.(app);
    if (module.jobs) modules.scheduler.schedule(module.jobs);
  }
  const liveParts = modules.list.flatMap((module) => (module.live ? [module.live] : []));
  const live = await registerRealtime(app, {
    events: modules.events,
    roomPermissions: liveParts.map((part) => part.room),
    authenticate: (token) => app.verifySessionToken(token),
    recheck: (sessionId, userId) => modules.sessions.resolveFresh(sessionId, userId),
    noteSessionUse: (sessionId) => modules.sessions.noteUse(sessionId, null),
    redis,
  });
  for (const part of liveParts) part.goLive(live);
  // A first start waits a moment for Redis, so that its first requests and events are shared.
  await redis?.settled(3000);

  await registerSpa(app, config.WEB_DIST_DIR);

  app.addHook('onClose', () => database.close());
  // Registered after the database's, so each runs first: mails in flight are sent, session uses
  // written, background recoveries finish and Redis closes.
  for (const module of modules.list) {
    const { settle } = module;
    if (settle) app.addHook('onClose', async () => void (await settle()));
  }
  await ensureFirstOwner(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, options.announce);
  // Closed before the database: `npm run backup` reaches the embedded database through the server.
  if (options.adminSocket && database.kind === 'pglite') {
    app.addHook('onClose', await modules.backup.listenAdminSocket());
  }
  // Registered last, so it runs first on close: the tick in progress ends before the database closes.
  app.addHook('onClose', () => modules.scheduler.stop());
  if (schedulerEnabled(config)) modules.scheduler.start();
  return { app, modules };
}
