import { createHash, randomBytes } from 'node:crypto';
import { msg } from '@app/shared/messages';
import type { SecondFactorChallenge } from '@app/shared/schemas/second-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { unauthorized } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RedisLink } from '../../plugins/redis.ts';
import type { SessionOrigin, SessionsService } from '../sessions/sessions.service.ts';
import type { UserRow } from '../users/users.service.ts';
import { createAttemptStore } from './attempt-store.ts';
import { createAttemptThrottle } from './attempt-throttle.ts';
import { passwordResetRepository } from './password-reset.repository.ts';
import { recoveryMail } from './recovery-mail.ts';

const RECOVERY_TTL_MS = 60 * 60 * 1000;
/** Recoveries being prepared in the background at once; past it a request is dropped (logged). */
const MAX_PENDING_RECOVERIES = 100;

/**
 * What a failed sign-in for an unknown address keeps of what was typed: the address when it looks like
 * one, never other text (people type their password into the e-mail field; it must not reach the log).
 */
function typedAddressLabel(typed: string): string {
  const address = typed.trim().slice(0, 254);
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? address : 'Correo no válido';
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface AuthServiceDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Redis when REDIS_URL is set: the throttling counters live there while it is reachable. */
  redis?: RedisLink;
  signToken(payload: { userId: number; sessionId: string }, expiresInSeconds: number): string;
  sessions: SessionsService;
  /** The second-factor step after a right password: a challenge, or null when the password is enough. */
  challengeFor?(user: UserRow): Promise<SecondFactorChallenge | null>;
  /** The users module: find by e-mail, store a new password hash (inside the reset's transaction). */
  users: {
    findByEmail(email: string): Promise<UserRow | undefined>;
    findById(id: number): Promise<UserRow | undefined>;
    setPasswordHash(userId: number, passwordHash: string, tx: DbOrTx): Promise<void>;
  };
}

export function createAuthService({
  db,
  config,
  mailer,
  log,
  redis,
  signToken,
  sessions,
  users,
  challengeFor,
}: AuthServiceDeps) {
  // Throttling counters: in Redis when REDIS_URL is set (the database while it is unreachable), else in the database.
  const store = createAttemptStore({ db, redis });
  const throttle = createAttemptThrottle({
    store,
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
  });
  const sessionTtlSeconds = Math.round(config.SESSION_TTL_HOURS * 3600);
  const pendingRecoveries = new Set<Promise<void>>();

  async function prepareRecovery(email: string) {
    const user = await users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await passwordResetRepository.insert(db, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RECOVERY_TTL_MS),
    });
    const link = `${config.APP_URL}/recuperar-contraseña/${token}`;
    try {
      await mailer.send({ to: [user.email], ...recoveryMail(user.name, link) });
    } catch (error) {
      log.error({ err: error, userId: user.id }, 'recovery mail failed');
    }
  }

  /** Opens the user's session and notes the sign-in in the activity log, in `tx` (both or neither). */
  async function openSession(user: UserRow, origin: SessionOrigin, tx: DbOrTx): Promise<string> {
    const sessionId = await sessions.start(user.id, sessionTtlSeconds, origin, tx);
    await recordActivity(
      tx,
      { userId: user.id, ip: origin.ip },
      { kind: 'sign_in', action: 'signed_in', actorId: user.id, recordId: user.id, recordLabel: user.email },
    );
    return sessionId;
  }

  return {
    /**
     * The password step: the session, or a second-factor challenge when the user has one
     * or the firm requires one; no session exists before the code.
     */
    async login(
      email: string,
      password: string,
      origin: SessionOrigin & { ip: string },
    ): Promise<{ user: UserRow; token: string } | SecondFactorChallenge> {
      const { ip } = origin;
      const attempt = await throttle.startLogin(email, ip);
      const user = await users.findByEmail(email);
      // Verify against a dummy hash for unknown e-mails so both paths take the same time.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await attempt.failed();
        // No transaction to join: the entry is written on its own.
        await recordActivity(
          db,
          { userId: null, ip },
          {
            kind: 'sign_in',
            action: 'sign_in_failed',
            actorId: user?.id ?? null,
            recordLabel: user?.email ?? typedAddressLabel(email),
          },
        );
        throw unauthorized(msg.loginFailed);
      }
      await attempt.succeeded();
      const challenge = challengeFor ? await challengeFor(user) : null;
      if (challenge) return challenge;
      const sessionId = await db.transaction((tx) => openSession(user, origin, tx));
      return { user, token: signToken({ userId: user.id, sessionId }, sessionTtlSeconds) };
    },

    openSession,

    /** The bearer token of a session opened by `openSession`. */
    sessionToken: (userId: number, sessionId: string) => signToken({ userId, sessionId }, sessionTtlSeconds),

    /** Counts a second-factor code attempt like a password, and per account (see the throttle). */
    startSecondFactorAttempt: (
      userId: number,
      ip: string,
      options?: { recoveryCode?: boolean; offerRecoveryCode?: boolean },
    ) => throttle.startSecondFactor(userId, ip, options),

    logout: (sessionId: string) => sessions.end(sessionId),

    resolveSession: (sessionId: string, userId: number) => sessions.resolve(sessionId, userId),

    /**
     * Counts a check of a signed-in user's current password (own password change): past
     * LOGIN_MAX_FAILURES wrong ones in the window, 429, so a stolen session cannot guess it.
     */
    startCurrentPasswordCheck: (userId: number) => throttle.startPasswordCheck(userId),

    /**
     * Answers the same, and as fast, whether or not the address exists (no account discovery):
     * only the throttle counting, identical for both, happens before the answer; the lookup, the
     * token and the mail follow in the background. Past a few requests per hour for one e-mail
     * (or many from one client address) nothing more is done, with the same answer.
     */
    async requestRecovery(email: string, ip: string): Promise<void> {
      if (!(await throttle.allowRecovery(email, ip))) return;
      if (pendingRecoveries.size >= MAX_PENDING_RECOVERIES) {
        log.warn('recovery request dropped: too many being prepared');
        return;
      }
      const job = prepareRecovery(email)
        .catch((error: unknown) => log.error({ err: error }, 'recovery failed'))
        .finally(() => pendingRecoveries.delete(job));
      pendingRecoveries.add(job);
    },

    /**
     * Sets the password with a mailed recovery token. The token is checked before anything costly
     * (hashing); a wrong one counts against the client address, and past the limit the address
     * gets 429. Using it is atomic: of two concurrent uses exactly one succeeds.
     */
    async changePasswordWithToken(token: string | null, password: string, ip: string): Promise<void> {
      await throttle.assertTokenAttemptAllowed(ip);
      const tokenHash = token ? sha256(token) : undefined;
      const usable = tokenHash ? await passwordResetRepository.findUsable(db, tokenHash) : undefined;
      if (!tokenHash || !usable) {
        await throttle.tokenFailed(ip);
        throw unauthorized(msg.tokenInvalid);
      }
      // Read before the transaction (the embedded database has one connection): the entry's label.
      const holder = await users.findById(usable.userId);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const consumed = await passwordResetRepository.consume(tx, tokenHash);
        if (!consumed) throw unauthorized(msg.tokenInvalid);
        await passwordResetRepository.consumeAllForUser(tx, consumed.userId);
        await users.setPasswordHash(consumed.userId, passwordHash, tx);
        await sessions.endForUser(consumed.userId, { tx });
        await recordActivity(
          tx,
          { userId: null, ip },
          {
            kind: 'password',
            action: 'changed',
            actorId: consumed.userId,
            recordId: consumed.userId,
            recordLabel: holder?.email ?? null,
          },
        );
        return consumed.userId;
      });
      sessions.announceEndedForUser(userId);
    },

    /**
     * True the first time `key` is claimed within `ttlMs`, false after: single-use markers (the
     * Google OAuth state) kept with the throttling counters, so every instance shares them.
     */
    async claimOnce(key: string, ttlMs: number): Promise<boolean> {
      return (await store.hit(`once:${key}`, ttlMs)) === 1;
    },

    /** Waits for recoveries being prepared, then lets go of the throttling store (app close). */
    async close() {
      await Promise.allSettled([...pendingRecoveries]);
      await store.close();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
