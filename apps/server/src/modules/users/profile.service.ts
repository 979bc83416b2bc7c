import { msg } from '@app/shared/messages';
import { profileMsg } from '@app/shared/messages-profile';
import type { PasswordChangeSchema, ProfileUpdateSchema } from '@app/shared/schemas/profile';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, unauthorized } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { usersRepository } from './users.repository.ts';
import type { UserRow } from './users.tables.ts';

type ProfileUpdateInput = z.output<typeof ProfileUpdateSchema>;
type PasswordChangeInput = z.output<typeof PasswordChangeSchema>;

/**
 * Every user's own profile and password (owner, collaborator and client alike).
 * Only name, last name, e-mail and password: role, company and calendar flag stay the owner's call.
 */
interface Deps {
  sessions: Pick<SessionsService, 'resolveIn' | 'endForUser' | 'announceEndedForUser'>;
  /** The sign-in throttle's count of current-password checks (429 past the limit). */
  startCurrentPasswordCheck(userId: number): Promise<{ succeeded(): Promise<void> }>;
}

export function createProfileService(db: Db, deps: Deps) {
  return {
    async update(actor: AuthUser, input: ProfileUpdateInput): Promise<UserRow> {
      const holder = await usersRepository.findByEmail(db, input.email);
      if (holder && holder.id !== actor.id) throw conflict(msg.emailExists, 'email');
      let updated: UserRow | undefined;
      try {
        updated = await usersRepository.update(db, actor.id, {
          name: input.name,
          lastName: input.lastName,
          email: input.email,
        });
      } catch (error) {
        // Another user took the address between the check and the write.
        if (isUniqueViolation(error)) throw conflict(msg.emailExists, 'email');
        throw error;
      }
      if (!updated) throw unauthorized(msg.unauthorized);
      return updated;
    },

    /** Whether the staff member gets the morning digest. */
    async morningDigest(actor: AuthUser): Promise<boolean> {
      const user = await usersRepository.findById(db, actor.id);
      if (!user) throw unauthorized(msg.unauthorized);
      return user.morningDigest;
    },

    async setMorningDigest(actor: AuthUser, morningDigest: boolean): Promise<boolean> {
      const updated = await usersRepository.update(db, actor.id, { morningDigest });
      if (!updated) throw unauthorized(msg.unauthorized);
      return updated.morningDigest;
    },

    /**
     * Checks the current password, stores the new one and ends the user's other sessions, keeping
     * the one that made the change, all in one transaction.
     */
    async changePassword(actor: AuthUser, input: PasswordChangeInput, ip: string | null = null): Promise<void> {
      const user = await usersRepository.findById(db, actor.id);
      if (!user) throw unauthorized(msg.unauthorized);
      const check = await deps.startCurrentPasswordCheck(actor.id);
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw badRequest(profileMsg.wrongCurrentPassword, 'currentPassword');
      }
      await check.succeeded();
      const passwordHash = await hashPassword(input.password);

      await db.transaction(async (tx) => {
        // The update locks the user's row, so concurrent changes of one user run one after the other.
        if (!(await usersRepository.update(tx, actor.id, { passwordHash }))) throw unauthorized(msg.unauthorized);
        // Any password change that committed meanwhile (another session's, an owner's, a recovery
        // link) ended this session: then this one must not win with a password checked too early.
        if (!(await deps.sessions.resolveIn(tx, actor.sessionId, actor.id))) throw unauthorized(msg.unauthorized);
        await deps.sessions.endForUser(actor.id, { except: actor.sessionId, tx });
        await recordActivity(
          tx,
          { userId: actor.id, ip },
          { kind: 'password', action: 'changed', recordId: actor.id, recordLabel: user.email },
        );
      });
      deps.sessions.announceEndedForUser(actor.id, actor.sessionId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
