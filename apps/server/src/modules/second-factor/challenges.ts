import { createHash } from 'node:crypto';
import { secondFactorMsg } from '@app/shared/messages-trust';
import { isStaff } from '@app/shared/permissions';
import type { SecondFactorChallenge } from '@app/shared/schemas/second-factor';
import type { DbOrTx } from '../../db/client.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { createSigner } from '../../lib/signed-tokens.ts';
import type { UserRow } from '../users/users.service.ts';
import { secondFactorRepository } from './second-factor.repository.ts';

/** How long a sign-in may wait between the password and the code. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

type Step = SecondFactorChallenge['secondFactor'];
interface ChallengePayload {
  /** The user. */
  u: number;
  /** What comes next. */
  s: Step;
  /** A prefix of a hash of the password hash: a password change voids the challenge. */
  p: string;
}

const passwordMark = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

interface Deps {
  db: DbOrTx;
  tokenSecret: string;
  findUserById(id: number): Promise<UserRow | undefined>;
  now?: () => number;
}

/**
 * The step between the password and the session: a short-lived signed token naming the
 * user and what they must do next. It opens nothing by itself: no session exists before the code.
 */
export function createSecondFactorChallenges({ db, tokenSecret, findUserById, now }: Deps) {
  const signer = createSigner(tokenSecret, 'second-factor', now);

  return {
    /** After a right password: the challenge the user must answer, or null when the password is enough. */
    async challengeFor(user: UserRow): Promise<SecondFactorChallenge | null> {
      const factor = await secondFactorRepository.find(db, user.id);
      let step: Step | null = null;
      if (factor?.enabledAt) step = 'code';
      else if (isStaff(user.role) && (await secondFactorRepository.requireSecondFactor(db))) step = 'setup';
      if (!step) return null;
      const payload: ChallengePayload = { u: user.id, s: step, p: passwordMark(user.passwordHash) };
      return { secondFactor: step, challenge: signer.seal(payload, CHALLENGE_TTL_SECONDS) };
    },

    /** The user a live challenge of that step names; 401 'challengeExpired' otherwise. */
    async open(challenge: string, step: Step): Promise<UserRow> {
      const opened = signer.open<ChallengePayload>(challenge);
      const expired = unauthorized(secondFactorMsg.challengeExpired);
      if (!opened.ok || opened.payload.s !== step || typeof opened.payload.u !== 'number') throw expired;
      const user = await findUserById(opened.payload.u);
      if (!user || passwordMark(user.passwordHash) !== opened.payload.p) throw expired;
      return user;
    },
  };
}

export type SecondFactorChallenges = ReturnType<typeof createSecondFactorChallenges>;
