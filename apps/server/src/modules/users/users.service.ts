import { msg } from '@app/shared/messages';
import { can, isStaff } from '@app/shared/permissions';
import type { Role } from '@app/shared/roles';
import type { PushSubscriptionJson } from '@app/shared/schemas/auth';
import { type UserCreateSchema, UserListSchema, UserSchema, type UserUpdateSchema } from '@app/shared/schemas/users';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { isForeignKeyViolation, isStillReferenced, isUniqueViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createBuiltJsonCache, createTableCache, readingTables, type TableChanges } from '../../lib/table-cache.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { presentUser } from './users.presenter.ts';
import { usersRepository } from './users.repository.ts';
import { type UserRow, users } from './users.tables.ts';

/** A user as the users module's functions answer it (other modules import the type from here). */
export type { UserRow };

type UserCreateInput = z.output<typeof UserCreateSchema>;
type UserUpdateInput = z.output<typeof UserUpdateSchema>;

/** Client users belong to a company and are managed with it; staff users only by owners (policy 'user:manage'). */
function assertMayManage(actor: AuthUser, role: Role) {
  if (!can(actor, 'user:manage', { role })) throw forbidden(msg.forbidden);
}

function companyFields(role: Role, businessId: number | null | undefined, allowCalendarView: boolean) {
  if (role === 'client' && !businessId) throw badRequest(msg.required, 'businessId');
  return {
    businessId: role === 'client' ? (businessId ?? null) : null,
    allowCalendarView: role === 'collaborator' ? allowCalendarView : false,
  };
}

/** A user's fields the activity log names (never the password or its hash). */
const LOGGED_FIELDS = ['name', 'lastName', 'email', 'role', 'businessId', 'allowCalendarView'] as const;

interface Deps {
  sessions: Pick<SessionsService, 'endForUser' | 'announceEndedForUser'>;
  changes: TableChanges;
  /** After commit: a role change moves the user's sockets in or out of the staff events. */
  events: Pick<EventBus, 'emit'>;
  /** The push module's store: a user may subscribe from several browsers. */
  savePushSubscription(userId: number, subscription: PushSubscriptionJson): Promise<void>;
  /** The tasks module's check, inside this transaction: a task's responsible must stay staff. */
  isTaskResponsible(tx: DbOrTx, userId: number): Promise<boolean>;
  /** The messages module's: marks every company's thread read for a staff member who joins now. */
  catchUpOnMessages(tx: DbOrTx, userId: number): Promise<void>;
}

export function createUsersService(db: Db, deps: Deps) {
  // The staff list and each signed-in user's own record, as stored JSON.
  const staffList = createBuiltJsonCache(deps.changes, {
    name: 'staff-list',
    tables: [users],
    schema: UserListSchema,
    maxEntries: 1,
  });
  const records = createBuiltJsonCache(deps.changes, {
    name: 'user-records',
    tables: [users],
    schema: UserSchema,
    maxEntries: 1000,
  });
  const names = createTableCache<{ name: string; lastName: string }>(deps.changes, {
    name: 'user-names',
    tables: [users],
    maxEntries: 1000,
  });

  async function getById(id: number) {
    const user = await usersRepository.findById(db, id);
    if (!user) throw notFound(msg.notFound);
    return user;
  }

  /** Who acted, for a board cell's 'Javier P.' (kept until the users change). */
  function nameOf(id: number): Promise<{ name: string; lastName: string }> {
    return names.get(String(id), async () => {
      const { name, lastName } = await getById(id);
      return { name, lastName };
    });
  }

  async function assertEmailFree(email: string, exceptId?: number) {
    const existing = await usersRepository.findByEmail(db, email);
    if (existing && existing.id !== exceptId) throw conflict(msg.emailExists, 'email');
  }

  /**
   * Inside the transaction that deletes or demotes the user: refuses when they are the only owner.
   * The owner rows stay locked until that transaction ends, so two owners removing each other at
   * the same moment run one after the other and the second is refused (409), never both.
   */
  async function assertNotLastOwner(tx: DbOrTx, id: number) {
    const owners = await usersRepository.lockOwnerIds(tx);
    if (owners.includes(id) && owners.length <= 1) throw conflict(msg.cannotRemoveLastOwner);
  }

  /** Runs a write that may hit the e-mail index (409 on a race) or name a missing company (400). */
  async function withEmailConflict<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg.emailExists, 'email');
      if (isForeignKeyViolation(error)) throw badRequest(msg.businessNotFound, 'businessId');
      throw error;
    }
  }

  return {
    listStaff: () => usersRepository.listStaff(db),

    /** These users' names by id (tasks and notes show who is assigned); a deleted user is missing. */
    listNames: readingTables([users], (ids: readonly number[]) => usersRepository.listNames(db, ids)),

    /** Who gets the morning digest: staff who have not opted out. */
    listDigestRecipients: () => usersRepository.listDigestRecipients(db),

    /** GET /api/user as stored JSON, built once per change of the users table (any instance). */
    listStaffBuilt: (): Promise<BuiltJson> =>
      staffList.get('staff', async () => (await usersRepository.listStaff(db)).map(presentUser)),

    /** GET /api/user/me, the same way. */
    getBuilt(id: number): Promise<BuiltJson> {
      return records.get(`user-${id}`, async () => presentUser(await getById(id)));
    },

    nameOf,

    /**
     * Full names ('Javier Pérez') by user id, each read like `nameOf`; a user deleted meanwhile
     * has the name '' (the boards' 'Encargado' column).
     */
    fullNamesOf: readingTables([users], async (ids: readonly (number | null)[]): Promise<Map<number, string>> => {
      const distinct = [...new Set(ids.filter((id): id is number => id !== null))];
      const names = await Promise.all(
        distinct.map(async (id) => {
          const user = await nameOf(id).catch(() => null);
          return [id, user ? `${user.name} ${user.lastName}`.trim() : ''] as const;
        }),
      );
      return new Map(names);
    }),

    /** How many client users each of these companies has, by company id (the company import's renames). */
    countClientsOf: (businessIds: number[]) => usersRepository.countClientsOf(db, businessIds),

    /** Every client user's id (how many acknowledged the privacy notice). */
    listClientIds: () => usersRepository.listClientIds(db),

    /** The client users of a company (company detail, 'Usuarios en empresa'). */
    listForBusiness: (businessId: number) => usersRepository.listByBusiness(db, businessId),
    /** These companies' client users' e-mail addresses, by company (the monthly report's recipients). */
    clientEmailsOf: (businessIds: readonly number[]) => usersRepository.clientEmailsOf(db, businessIds),
    /**
     * Whether the user exists and is staff, inside the caller's transaction with the row locked
     * until it ends: a write that needs the user to stay staff (a company's or a task's
     * responsible, a note's assignee) cannot interleave with a demotion or a deletion.
     */
    isStaffWhileWriting: async (tx: DbOrTx, id: number): Promise<boolean> =>
      isStaff(await usersRepository.lockRole(tx, id, 'share')),

    /** The user, or undefined (tasks check their responsible with it). */
    findById: (id: number) => usersRepository.findById(db, id),

    /** Who a session signs in (id, role, a client's company), read in the caller's transaction. */
    findSessionUser: readingTables([users], (id: number, tx: DbOrTx = db) => usersRepository.findSessionUser(tx, id)),

    getById,

    /** The user and the entry 'Creó Usuario' (a client user's under their company) in one transaction. */
    async create(actor: AuthUser, input: UserCreateInput, activityActor: ActivityActor): Promise<UserRow> {
      assertMayManage(actor, input.role);
      await assertEmailFree(input.email);
      const passwordHash = await hashPassword(input.password);
      return withEmailConflict(() =>
        db.transaction(async (tx) => {
          const row = await usersRepository.insert(tx, {
            name: input.name,
            lastName: input.lastName,
            email: input.email,
            role: input.role,
            passwordHash,
            ...companyFields(input.role, input.businessId, input.allowCalendarView),
          });
          await recordActivity(tx, activityActor, {
            kind: 'user',
            action: 'created',
            recordId: row.id,
            recordLabel: row.email,
            businessId: row.businessId,
            details: { after: pickFields(row, LOGGED_FIELDS) },
          });
          // What clients wrote before this person joined the firm is not waiting for them.
          if (isStaff(row.role)) await deps.catchUpOnMessages(tx, row.id);
          return row;
        }),
      );
    },

    /** A new password shows in the entry as { contraseña: 'cambiada' }, never its value. */
    async update(actor: AuthUser, id: number, input: UserUpdateInput, activityActor: ActivityActor): Promise<UserRow> {
      const target = await usersRepository.findById(db, id);
      if (!target) throw notFound(msg.notFound);
      if (target.suppressedAt) throw conflict(msg.accountSuppressed);
      assertMayManage(actor, target.role);
      assertMayManage(actor, input.role);
      await assertEmailFree(input.email, id);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;

      const updated = await withEmailConflict(() =>
        db.transaction(async (tx) => {
          if (input.role !== 'owner') await assertNotLastOwner(tx, id);
          // A task's responsible is staff: like deletion, becoming a client waits for another responsible.
          // The row lock makes a task naming this user at the same moment wait, then see the client.
          if (isStaff(target.role) && !isStaff(input.role)) {
            await usersRepository.lockRole(tx, id, 'update');
            if (await deps.isTaskResponsible(tx, id)) throw conflict(msg.userIsResponsibleDemote);
          }
          const updated = await usersRepository.update(tx, id, {
            name: input.name,
            lastName: input.lastName,
            email: input.email,
            role: input.role,
            ...companyFields(input.role, input.businessId ?? target.businessId, input.allowCalendarView),
            ...(passwordHash ? { passwordHash } : {}),
          });
          if (!updated) throw notFound(msg.notFound);
          const changed = changedFields(target, updated, LOGGED_FIELDS);
          if (changed || passwordHash) {
            await recordActivity(tx, activityActor, {
              kind: 'user',
              action: 'updated',
              recordId: id,
              recordLabel: updated.email,
              businessId: updated.businessId ?? target.businessId,
              details: {
                before: changed?.before ?? {},
                after: { ...changed?.after, ...(passwordHash ? { contraseña: 'cambiada' } : {}) },
              },
            });
          }
          // A new password ends every other session of that user.
          if (passwordHash) await deps.sessions.endForUser(id, { except: actor.sessionId, tx });
          return updated;
        }),
      );
      if (passwordHash) deps.sessions.announceEndedForUser(id, actor.sessionId);
      if (updated.role !== target.role) deps.events.emit('user.role-changed', { userId: id, role: updated.role });
      return updated;
    },

    async delete(actor: AuthUser, id: number, activityActor: ActivityActor): Promise<void> {
      const target = await usersRepository.findById(db, id);
      if (!target) throw notFound(msg.notFound);
      assertMayManage(actor, target.role);
      if (target.id === actor.id) throw new AppError(409, msg.cannotDeleteSelf);
      await db
        .transaction(async (tx) => {
          await assertNotLastOwner(tx, id);
          if (!(await usersRepository.delete(tx, id))) throw notFound(msg.notFound);
          await recordActivity(tx, activityActor, {
            kind: 'user',
            action: 'deleted',
            recordId: id,
            recordLabel: target.email,
            businessId: target.businessId,
            details: { before: pickFields(target, LOGGED_FIELDS) },
          });
        })
        .catch((error: unknown) => {
          // Tasks keep their responsible (restrict): the owner assigns another one first.
          if (isStillReferenced(error)) throw new AppError(409, msg.userIsResponsible);
          throw error;
        });
      deps.sessions.announceEndedForUser(id);
    },

    findByEmail: (email: string) => usersRepository.findByEmail(db, email),

    /** 'Buscar titular': the accounts named by these e-mails or names, in the caller's transaction when given. */
    findSubjectAccounts: (match: { emails: string[]; names: string[] }, tx: DbOrTx = db) =>
      usersRepository.findSubjectAccounts(tx, match),

    /**
     * The owners' ids, locked until the caller's transaction ends (as deleting or demoting one does):
     * a suppression checks against it that it does not remove the last owner.
     */
    lockOwnerIds: (tx: DbOrTx) => usersRepository.lockOwnerIds(tx),

    /**
     * Suppresses a client account inside the caller's transaction: the row locked, refused (false)
     * unless it is a client's; its sessions end there too. The caller announces the ended sessions
     * after commit (`sessions.announceEndedForUser`).
     */
    async suppressClient(tx: DbOrTx, id: number, pseudonym: { name: string; email: string }): Promise<boolean> {
      if ((await usersRepository.lockRole(tx, id, 'update')) !== 'client') return false;
      if (!(await usersRepository.suppressClient(tx, id, pseudonym))) return false;
      await deps.sessions.endForUser(id, { tx });
      return true;
    },

    /** A new password hash, inside the caller's transaction (a recovery link being used). */
    async setPasswordHash(userId: number, passwordHash: string, tx: DbOrTx): Promise<void> {
      await usersRepository.update(tx, userId, { passwordHash });
    },

    async saveNotificationToken(actor: AuthUser, subscription: PushSubscriptionJson): Promise<void> {
      await deps.savePushSubscription(actor.id, subscription);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
