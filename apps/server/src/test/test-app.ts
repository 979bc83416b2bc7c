import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@app/shared/roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { assembleApp, type BuildAppOptions } from '../app.ts';
import type { AppModules } from '../compose-modules.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer, MailMessage } from '../lib/mailer.ts';
import { openTestDatabase } from './test-database.ts';

export const OWNER = { email: 'duena@estudio.cl', password: 'clave-duena-1' };

/**
 * The firm's keys in every test app (written as its DATA_DIR/secrets.json unless the directory has
 * one or the test sets TOKEN_SECRET or ENCRYPTION_KEY): an app started again, or a second instance,
 * on a test's database holds the keys that database was started with, as a real one must.
 */
export const TEST_KEYS = {
  tokenSecret: 'secreto-de-prueba-de-la-firma-para-todas-las-instancias',
  encryptionKey: Buffer.alloc(32, 7).toString('base64'),
  vapidPublicKey: 'BPP5tt5YWEFLBCb7xvMroXJnauanDXFHwQmwEAyMSa6gpI0tp9GgQbpCNOcN8JBqrFZYw20JPz4uLqxX95PHqr0',
  vapidPrivateKey: '7lmcOK6h4JM58iBs05TEhiVr3_fF8YRjulOsu1763NM',
};

/** A mailer that keeps messages in memory so tests can read what was sent. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { messageId: `<${this.sent.length}@test>`, response: '250 OK (memoria)', outbox: false };
  }
}

export interface TestApp {
  app: FastifyInstance;
  mailer: MemoryMailer;
  dataDir: string;
  database: Database;
  /** The services, the event bus and file storage the app was composed of. */
  modules: AppModules;
  /** Signs in and answers the bearer token. */
  login(email: string, password: string): Promise<string>;
  ownerToken(): Promise<string>;
  /** Creates a user of the role (through the API, as the owner) and answers its token and id. */
  userWithRole(role: Role, extra?: Record<string, unknown>): Promise<{ id: number; token: string; email: string }>;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let userCounter = 0;

/** The test apps not closed yet, newest last: what closeLeftoverApps() closes at the end of a file. */
const openApps: TestApp[] = [];

/**
 * Closes the apps a test file left open (a test that failed before its close), newest first, so
 * that their data directories and databases do not outlive the file (leftovers.ts runs it after
 * every file).
 */
export async function closeLeftoverApps() {
  for (const app of openApps.splice(0).reverse()) await app.close().catch(() => undefined);
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'logStream' | 'now'> & {
    /** Another test app's database: a second instance of the same firm (closed by its owner only). */
    database?: Database;
    /** 'configured': the mailer the configuration gives (the outbox without SMTP_URL); `mailer` then sees nothing. */
    mailer?: 'memory' | 'configured';
    /** Keys of its own in its secrets.json, instead of the firm's (TEST_KEYS). */
    keys?: Partial<typeof TEST_KEYS>;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // An app that does not start (a test of a refused setting or of refused keys) leaves neither its
  // folder nor its database behind.
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    });
  } catch (error) {
    removeDataDir();
    throw error;
  }
  const secretsFile = path.join(config.DATA_DIR, 'secrets.json');
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  if (!fs.existsSync(secretsFile))
    fs.writeFileSync(secretsFile, JSON.stringify({ ...TEST_KEYS, ...options.keys }), { mode: 0o600 });
  const database = options.database ? { ...options.database, close: async () => {} } : await openTestDatabase();
  const mailer = new MemoryMailer();
  const { app, modules } = await assembleApp({
    config,
    database,
    mailer: options.mailer === 'configured' ? undefined : mailer,
    logStream: options.logStream,
    now: options.now,
  }).catch(async (error) => {
    await database.close().catch(() => undefined);
    removeDataDir();
    throw error;
  });

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  async function login(email: string, password: string) {
    const response = await request({ method: 'POST', url: '/api/login', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json().token as string;
  }

  let cachedOwnerToken: string | undefined;
  async function ownerToken() {
    cachedOwnerToken ??= await login(OWNER.email, OWNER.password);
    return cachedOwnerToken;
  }

  const testApp: TestApp = {
    app,
    mailer,
    dataDir,
    database,
    modules,
    login,
    ownerToken,
    request,
    async userWithRole(role, extra = {}) {
      userCounter += 1;
      const email = `${role}${userCounter}-${process.pid}@estudio.cl`;
      const password = 'clave-segura';
      const response = await request({
        method: 'POST',
        url: '/api/user',
        token: await ownerToken(),
        payload: { name: 'Usuario', lastName: role, email, role, password, ...extra },
      });
      if (response.statusCode !== 201) throw new Error(`user create failed: ${response.body}`);
      return { id: response.json().user.id, token: await login(email, password), email };
    },
    async close() {
      const at = openApps.indexOf(testApp);
      if (at >= 0) openApps.splice(at, 1);
      try {
        await app.close();
      } finally {
        removeDataDir();
      }
    },
  };
  openApps.push(testApp);
  return testApp;
}
