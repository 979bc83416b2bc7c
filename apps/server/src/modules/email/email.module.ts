import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { emailRoutes } from './email.routes.ts';
import { createEmailService } from './email.service.ts';

type ServiceDeps = Parameters<typeof createEmailService>[1];

export interface EmailModuleDeps {
  db: Db;
  changes: TableChanges;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Whether SMTP_URL and APP_URL are set (GET /api/email/status). */
  status: { mailConfigured: boolean; appUrlConfigured: boolean };
  /** The companies module's check: 404 when the company does not exist. */
  assertBusinessExists(id: number): Promise<void>;
  /** The users module's lookup of a staff member's address (the Reply-To of their mails). */
  findUserEmail(id: number): Promise<string | undefined>;
  /** The companies' and senders' names the log shows (companies and users modules). */
  listBusinessNames: ServiceDeps['listBusinessNames'];
  listUserNames: ServiceDeps['listUserNames'];
}

export function createEmailModule(deps: EmailModuleDeps) {
  const email = createEmailService(deps.db, deps);
  return {
    ...email,
    routes: (app: FastifyInstance) => app.register(emailRoutes, { email }),
  };
}
