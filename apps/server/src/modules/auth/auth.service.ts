import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { msg } from '@app/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { usersRepository } from '../users/users.repository.ts';
import { AttemptThrottle } from './attempt-throttle.ts';
import { recoveryMail } from './recovery-mail.ts';
import { passwordResetRepository, sessionsRepository } from './sessions.repository.ts';

const RECOVERY_TTL_MS = 60 * 60 * 1000;
/** Recovery mails per address per hour: enough for a user, too few to flood an inbox. */
const RECOVERY_MAILS_PER_HOUR = 3;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface AuthServiceDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken(payload: { userId: number; sessionId: string }, expiresInSeconds: number): string;
}

export function createAuthService({ db, config, mailer, log, signToken }: AuthServiceDeps) {
  const loginFailures = new AttemptThrottle(config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_MINUTES * 60_000);
  const recoveryMails = new AttemptThrottle(RECOVERY_MAILS_PER_HOUR, RECOVERY_TTL_MS);
  const sessionTtlSeconds = Math.round(config.SESSION_TTL_HOURS * 3600);

  return {
    async login(email: string, password: string, ip: string): Promise<{ user: UserRow; token: string }> {
      if (loginFailures.isBlocked(email, ip)) throw new AppError(429, msg.tooManyAttempts);
      const user = await usersRepository.findByEmail(db, email);
      // Verify against a dummy hash for unknown e-mails so both paths take the same time.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        loginFailures.record(email, ip);
        throw unauthorized(msg.loginFailed);
      }
      loginFailures.reset(email);
      const sessionId = randomUUID();
      await sessionsRepository.insert(db, {
        id: sessionId,
        userId: user.id,
        expiresAt: new Date(Date.now() + sessionTtlSeconds * 1000),
      });
      await sessionsRepository.deleteExpired(db);
      return { user, token: signToken({ userId: user.id, sessionId }, sessionTtlSeconds) };
    },

    logout: (sessionId: string) => sessionsRepository.delete(db, sessionId),

    resolveSession: (sessionId: string, userId: number) => sessionsRepository.findLive(db, sessionId, userId),

    /**
     * Answers the same whether or not the address exists (no account discovery): the mail goes
     * out in the background so the response time does not tell either. Past a few mails per hour
     * for one address (or many from one client) nothing more is sent, with the same answer.
     */
    async requestRecovery(email: string, ip: string): Promise<void> {
      if (recoveryMails.isBlocked(email, ip)) return;
      recoveryMails.record(email, ip);
      const user = await usersRepository.findByEmail(db, email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      await passwordResetRepository.insert(db, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RECOVERY_TTL_MS),
      });
      const link = `${config.APP_URL}/recuperar-contraseña/${token}`;
      mailer
        .send({ to: [user.email], ...recoveryMail(user.name, link) })
        .catch((error: unknown) => log.error({ err: error, userId: user.id }, 'recovery mail failed'));
    },

    async changePasswordWithToken(token: string | null, password: string): Promise<void> {
      if (!token) throw unauthorized(msg.tokenInvalid);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const consumed = await passwordResetRepository.consume(tx, sha256(token));
        if (!consumed) throw unauthorized(msg.tokenInvalid);
        await passwordResetRepository.consumeAllForUser(tx, consumed.userId);
        await usersRepository.update(tx, consumed.userId, { passwordHash });
        await sessionsRepository.deleteForUser(tx, consumed.userId);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
