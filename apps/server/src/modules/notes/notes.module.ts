import type { EmailDelivery } from '@app/shared/schemas/email';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notesRoutes } from './notes.routes.ts';
import { createNotesService } from './notes.service.ts';

export interface NotesModuleDeps {
  db: Db;
  /** The users module's answer whether a user is staff, their row locked until the caller's transaction ends. */
  isStaffWhileWriting(tx: DbOrTx, id: number): Promise<boolean>;
  /** The e-mail module's delivery of logged e-mails, by their log entry. */
  emailDeliveries(ids: number[]): Promise<Map<number, EmailDelivery>>;
  /** The users module's names of the assignees, by id. */
  listUserNames(ids: readonly number[]): Promise<Map<number, { id: number; name: string; lastName: string }>>;
}

export function createNotesModule(deps: NotesModuleDeps) {
  const notes = createNotesService(deps.db, deps);
  return {
    ...notes,
    routes: (app: FastifyInstance) => app.register(notesRoutes, { notes }),
  };
}
