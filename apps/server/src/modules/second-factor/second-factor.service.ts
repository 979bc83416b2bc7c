import { msg } from '@app/shared/messages';
import { profileMsg } from '@app/shared/messages-profile';
import { secondFactorMsg } from '@app/shared/messages-trust';
import { isStaff } from '@app/shared/permissions';
import type { SecondFactorSetup, SecondFactorStatus, SecuritySettings } from '@app/shared/schemas/second-factor';
import QRCode from 'qrcode';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Vault } from '../../lib/vault.ts';
import type { SessionOrigin, SessionsService } from '../sessions/sessions.service.ts';
import type { UserRow } from '../users/users.service.ts';
import type { SecondFactorChallenges } from './challenges.ts';
import { secondFactorRepository as repo } from './second-factor.repository.ts';
import { isTotpCode, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './totp.ts';

export const TOTP_ISSUER = 'Estudio';

interface Deps {
  db: Db;
  vault: Vault;
  tokenSecret: string;
  challenges: SecondFactorChallenges;
  sessions: Pick<SessionsService, 'endForUser' | 'announceEndedForUser'>;
  /** The auth module's session opening (session row + sign-in entry), inside the caller's transaction. */
  openSession(user: UserRow, origin: SessionOrigin, tx: DbOrTx): Promise<string>;
  /**
   * The auth module's throttle of code attempts: per (user, address), per address and per account
   * (past its limit a six-digit code is refused from everywhere; a recovery code is still checked).
   */
  startCodeAttempt(
    userId: number,
    ip: string,
    options?: { recoveryCode?: boolean; offerRecoveryCode?: boolean },
  ): Promise<{ succeeded(): Promise<void>; failed(): Promise<void> }>;
  findUserById(id: number): Promise<UserRow | undefined>;
  /** The auth module's throttle of a signed-in user's current-password checks (429 past its limit). */
  startPasswordCheck(userId: number): Promise<{ succeeded(): Promise<void> }>;
  /** The clock (ms); tests move it. */
  now?: () => number;
}

type Origin = SessionOrigin & { ip: string };

/**
 * Two-factor sign-in with TOTP: the code step after the password, the set-up the firm can
 * require, each user's own switch in 'Mi perfil', the owner's reset and the firm's setting.
 */
/** A user's own second-factor change (enabled, disabled, new recovery codes), written in its transaction. */
function recordOwnChange(
  tx: DbOrTx,
  action: 'enabled' | 'disabled' | 'changed',
  user: { id: number; email: string },
  ip: string,
) {
  return recordActivity(
    tx,
    { userId: user.id, ip },
    { kind: 'second_factor', action, recordId: user.id, recordLabel: user.email },
  );
}

export function createSecondFactorService(deps: Deps) {
  const { db, vault, tokenSecret, challenges } = deps;
  const now = deps.now ?? (() => Date.now());
  const hashCode = (code: string) => recoveryCodeHash(tokenSecret, code);

  async function setupFor(user: UserRow): Promise<SecondFactorSetup> {
    const secret = newTotpSecret();
    if (!(await repo.savePending(db, user.id, vault.encrypt(secret)))) throw conflict(secondFactorMsg.alreadyEnabled);
    const otpauthUrl = totpUri(secret, TOTP_ISSUER, user.email);
    return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /**
   * Checks a TOTP code and takes its time step in `tx` (a code is good once); `enabling` checks
   * against the pending set-up and enables it by the same statement.
   */
  async function claimTotp(tx: DbOrTx, userId: number, code: string, enabling: boolean): Promise<boolean> {
    if (!isTotpCode(code)) return false;
    const factor = await repo.find(tx, userId);
    if (!factor || (enabling ? factor.enabledAt !== null : factor.enabledAt === null)) return false;
    const step = await matchingStep(vault.decrypt(factor.secretEncrypted), code, now());
    if (step === null) return false;
    return repo.claimStep(tx, userId, step, { enabling });
  }

  /** A TOTP code or an unused recovery code of an enabled second factor, used up in `tx`. */
  async function claimCode(tx: DbOrTx, userId: number, code: string): Promise<boolean> {
    if (isTotpCode(code)) return claimTotp(tx, userId, code, false);
    const factor = await repo.find(tx, userId);
    if (!factor?.enabledAt) return false;
    return repo.consumeRecoveryCode(tx, userId, hashCode(code));
  }

  async function freshRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((code) => hashCode(code)),
    );
    return codes;
  }

  /**
   * A wrong code: counted by the throttle, noted in the activity log on its own (no transaction to
   * join); 401 at sign-in, 400 on the field when signed in.
   */
  async function wrongCode(
    user: UserRow,
    ip: string,
    attempt: { failed(): Promise<void> },
    actor: ActivityActor = { userId: null, ip },
  ): Promise<never> {
    await attempt.failed();
    await recordActivity(db, actor, {
      kind: 'sign_in',
      action: 'second_factor_failed',
      actorId: user.id,
      recordId: user.id,
      recordLabel: user.email,
    });
    // Signed in ('Mi perfil'): 400 on the field, since a 401 would end the session in the browser.
    throw actor.userId === null
      ? unauthorized(secondFactorMsg.codeWrong)
      : badRequest(secondFactorMsg.codeWrong, 'code');
  }

  /** Checks a signed-in user's code for a change of their own second factor (throttled like the sign-in). */
  async function withOwnCode<T>(
    actor: AuthUser,
    ip: string,
    code: string,
    change: (tx: DbOrTx, user: UserRow) => Promise<T>,
  ) {
    const user = await deps.findUserById(actor.id);
    if (!user) throw unauthorized(msg.unauthorized);
    const factor = await repo.find(db, actor.id);
    if (!factor?.enabledAt) throw conflict(secondFactorMsg.disabled);
    const attempt = await deps.startCodeAttempt(actor.id, ip);
    const result = await db.transaction(async (tx) => {
      if (!(await claimTotp(tx, actor.id, code, false))) return { ok: false as const };
      return { ok: true as const, value: await change(tx, user) };
    });
    if (!result.ok) return wrongCode(user, ip, attempt, { userId: actor.id, ip });
    await attempt.succeeded();
    return { user, value: result.value };
  }

  return {
    /** POST /api/login/second-factor: the code (or a recovery code) after the password opens the session. */
    async signInWithCode(challenge: string, code: string, origin: Origin) {
      const user = await challenges.open(challenge, 'code');
      const attempt = await deps.startCodeAttempt(user.id, origin.ip, {
        recoveryCode: !isTotpCode(code),
        offerRecoveryCode: true,
      });
      const sessionId = await db.transaction(async (tx) => {
        if (!(await claimCode(tx, user.id, code))) return null;
        return deps.openSession(user, origin, tx);
      });
      if (!sessionId) return wrongCode(user, origin.ip, attempt);
      await attempt.succeeded();
      return { user, sessionId };
    },

    /** POST /api/login/second-factor/setup: the firm requires a second factor this user has not set up yet. */
    async startSetupAtSignIn(challenge: string): Promise<SecondFactorSetup> {
      return setupFor(await challenges.open(challenge, 'setup'));
    },

    /** POST /api/login/second-factor/confirm: the first code enables it, and the session opens. */
    async confirmSetupAtSignIn(challenge: string, code: string, origin: Origin) {
      const user = await challenges.open(challenge, 'setup');
      const pending = await repo.find(db, user.id);
      if (!pending || pending.enabledAt) throw conflict(secondFactorMsg.setupMissing);
      const attempt = await deps.startCodeAttempt(user.id, origin.ip);
      const done = await db.transaction(async (tx) => {
        if (!(await claimTotp(tx, user.id, code, true))) return null;
        const recoveryCodes = await freshRecoveryCodes(tx, user.id);
        await recordOwnChange(tx, 'enabled', user, origin.ip);
        return { recoveryCodes, sessionId: await deps.openSession(user, origin, tx) };
      });
      if (!done) return wrongCode(user, origin.ip, attempt);
      await attempt.succeeded();
      return { user, ...done };
    },

    async status(actor: AuthUser): Promise<SecondFactorStatus> {
      const factor = await repo.find(db, actor.id);
      const enabled = Boolean(factor?.enabledAt);
      return {
        enabled,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(db, actor.id) : 0,
        required: isStaff(actor.role) && (await repo.requireSecondFactor(db)),
      };
    },

    /**
     * Starts a set-up with the current password: a session alone must not put a second factor of
     * its own on the account (the real user would then be locked out).
     */
    async startSetup(actor: AuthUser, currentPassword: string): Promise<SecondFactorSetup> {
      const user = await deps.findUserById(actor.id);
      if (!user) throw unauthorized(msg.unauthorized);
      const check = await deps.startPasswordCheck(actor.id);
      if (!(await verifyPassword(currentPassword, user.passwordHash)))
        throw badRequest(profileMsg.wrongCurrentPassword, 'currentPassword');
      await check.succeeded();
      return setupFor(user);
    },

    /** Enables the pending set-up with its first code: new recovery codes, the user's other sessions end. */
    async confirmSetup(actor: AuthUser, ip: string, code: string): Promise<string[]> {
      const user = await deps.findUserById(actor.id);
      if (!user) throw unauthorized(msg.unauthorized);
      const pending = await repo.find(db, actor.id);
      if (!pending) throw conflict(secondFactorMsg.setupMissing);
      if (pending.enabledAt) throw conflict(secondFactorMsg.alreadyEnabled);
      const attempt = await deps.startCodeAttempt(actor.id, ip);
      const codes = await db.transaction(async (tx) => {
        if (!(await claimTotp(tx, actor.id, code, true))) return null;
        const recoveryCodes = await freshRecoveryCodes(tx, actor.id);
        await deps.sessions.endForUser(actor.id, { except: actor.sessionId, tx });
        await recordOwnChange(tx, 'enabled', { id: actor.id, email: user.email }, ip);
        return recoveryCodes;
      });
      if (!codes) return wrongCode(user, ip, attempt, { userId: actor.id, ip });
      await attempt.succeeded();
      deps.sessions.announceEndedForUser(actor.id, actor.sessionId);
      return codes;
    },

    /** Turns it off with a current code; refused while the firm requires it for the user's role. */
    async disable(actor: AuthUser, ip: string, code: string): Promise<void> {
      if (isStaff(actor.role) && (await repo.requireSecondFactor(db)))
        throw forbidden(secondFactorMsg.requiredCannotDisable);
      await withOwnCode(actor, ip, code, async (tx, user) => {
        await repo.remove(tx, actor.id);
        await recordOwnChange(tx, 'disabled', { id: actor.id, email: user.email }, ip);
      });
    },

    /** New recovery codes (the old ones stop working), with a current code. */
    async renewRecoveryCodes(actor: AuthUser, ip: string, code: string): Promise<string[]> {
      const { value } = await withOwnCode(actor, ip, code, async (tx, user) => {
        const codes = await freshRecoveryCodes(tx, actor.id);
        await recordOwnChange(tx, 'changed', { id: actor.id, email: user.email }, ip);
        return codes;
      });
      return value;
    },

    /**
     * A suppressed account's second factor and recovery codes removed in the caller's transaction;
     * answers whether it had one.
     */
    removeForUser: (tx: DbOrTx, userId: number): Promise<boolean> => repo.remove(tx, userId),

    /** The owner's reset of another user: their second factor and recovery codes go, and so do their sessions. */
    async resetForUser(actor: ActivityActor, userId: number): Promise<void> {
      // One's own goes through 'Mi perfil' → 'Desactivar', which asks a current code: a session
      // alone must not take the second factor off.
      if (actor.userId === userId) throw forbidden(secondFactorMsg.resetOwnRefused);
      const user = await deps.findUserById(userId);
      if (!user) throw notFound(msg.notFound);
      await db.transaction(async (tx) => {
        await repo.remove(tx, userId);
        await deps.sessions.endForUser(userId, { tx });
        await recordActivity(tx, actor, {
          kind: 'second_factor',
          action: 'reset',
          recordId: userId,
          recordLabel: user.email,
        });
      });
      deps.sessions.announceEndedForUser(userId);
    },

    async settings(): Promise<SecuritySettings> {
      return { requireSecondFactor: await repo.requireSecondFactor(db) };
    },

    async saveSettings(actor: ActivityActor, input: SecuritySettings): Promise<SecuritySettings> {
      await db.transaction(async (tx) => {
        // Locked: of two owners changing it at once, the second reads the first's value, so the log
        // holds one change, not two.
        const before = await repo.requireSecondFactor(tx, { forUpdate: true });
        await repo.setRequireSecondFactor(tx, input.requireSecondFactor);
        if (before !== input.requireSecondFactor)
          await recordActivity(tx, actor, {
            kind: 'settings',
            action: 'changed',
            recordLabel: secondFactorMsg.requireSetting,
            details: {
              before: { requireSecondFactor: before },
              after: { requireSecondFactor: input.requireSecondFactor },
            },
          });
      });
      return { requireSecondFactor: input.requireSecondFactor };
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
