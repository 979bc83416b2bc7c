import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expandIPv6 } from '@app/shared/fields';
import { secondFactorMsg } from '@app/shared/messages-trust';
import { TooManyAttemptsError } from '../../lib/app-error.ts';
import type { AttemptStore } from './attempt-store.ts';

/**
 * Throttling of sign-in and password recovery. L = LOGIN_MAX_FAILURES and the
 * window = LOGIN_WINDOW_MINUTES; counters live in an AttemptStore (database or Redis).
 *
 * Sign-in, counted per (e-mail, client address) pair, per address and per e-mail:
 * - pair: past L failures in the window that pair gets 429 until the window ends, the right
 *   password included; the same e-mail from another address is not refused. A successful
 *   sign-in clears the pair.
 * Every 429 says how long until its window ends (minutes in the message, Retry-After in seconds).
 * - address: past 20 × L failures (any e-mails) the address gets 429, so one address cannot spray
 *   many accounts, while an office behind one NAT address survives several people's typos.
 * - e-mail, across all addresses: never refused (a stranger must not lock the owner out), only
 *   slowed: the n-th failure past L answers after 250 ms × 2^(n-L-1), at most 3 s. The right
 *   password is never delayed.
 * Each attempt is counted before its password is checked, and given back when it succeeds, so a
 * burst of parallel requests cannot slip past a limit.
 *
 * Second-factor codes, counted per (user, address) and per address like passwords, and per account:
 * - across all addresses the account's failures past L answer later (the same growing delay), and
 *   past 4 × L attempts in the window a six-digit code is refused with 429 from everywhere, so
 *   someone who knows the password cannot guess the code from many addresses: at most 4 × L codes
 *   are checked per window (20 in 15 minutes by default, about one a minute).
 * - a recovery code is still checked then (per pair and address only): ten codes of 50 random bits
 *   cannot be guessed at that rate, and the real user signs in with one while the stranger's
 *   guesses hold the six-digit codes back. Only someone who holds the password (or a session) can
 *   count against an account, and changing the password voids their challenges.
 *
 * Recovery: past 3 requests per e-mail or 20 per address in an hour nothing more is done, with
 * the same answer. Recovery-token failures count per address with the sign-in address limit.
 *
 * Addresses are the socket's unless TRUST_PROXY names the proxy in front; an IPv6 client counts by
 * its /64 network (one host usually holds all of it). E-mails are stored only as SHA-256 hashes,
 * which also bounds every key's length.
 */
export const ADDRESS_FACTOR = 20;
/** Six-digit codes checked for one account per window, across all addresses: this × L. */
export const ACCOUNT_CODE_FACTOR = 4;
export const DELAY_BASE_MS = 250;
export const DELAY_MAX_MS = 3000;
export const RECOVERY_WINDOW_MS = 60 * 60 * 1000;
export const RECOVERY_PER_EMAIL = 3;
export const RECOVERY_PER_ADDRESS = 20;

/** How long the n-th failed sign-in for one e-mail waits before answering. */
export function failureDelayMs(failures: number, limit: number): number {
  if (failures <= limit) return 0;
  return Math.min(DELAY_MAX_MS, DELAY_BASE_MS * 2 ** Math.min(failures - limit - 1, 16));
}

const hashEmail = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** The client address as counted: IPv4 (also when mapped into IPv6), or an IPv6 address's /64. */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return `other:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
  return `${expandIPv6(address)
    .slice(0, 4)
    .map((group) => group.padStart(4, '0'))
    .join(':')}::/64`;
}

interface ThrottleOptions {
  store: AttemptStore;
  maxFailures: number;
  windowMs: number;
  wait?: (ms: number) => Promise<unknown>;
}

export function createAttemptThrottle({ store, maxFailures, windowMs, wait = sleep }: ThrottleOptions) {
  const addressLimit = maxFailures * ADDRESS_FACTOR;
  const accountCodeLimit = maxFailures * ACCOUNT_CODE_FACTOR;
  const keys = {
    pair: (email: string, ip: string) => `login:pair:${hashEmail(email)}:${addressKey(ip)}`,
    address: (ip: string) => `login:address:${addressKey(ip)}`,
    email: (email: string) => `login:email:${hashEmail(email)}`,
    recoveryEmail: (email: string) => `recovery:email:${hashEmail(email)}`,
    recoveryAddress: (ip: string) => `recovery:address:${addressKey(ip)}`,
    tokenAddress: (ip: string) => `reset-token:address:${addressKey(ip)}`,
    currentPassword: (userId: number) => `current-password:user:${userId}`,
    secondFactorPair: (userId: number, ip: string) => `second-factor:pair:${userId}:${addressKey(ip)}`,
    secondFactorAccount: (userId: number) => `second-factor:user:${userId}`,
  };

  /** The 429 of a refused key, saying how long until its window ends. */
  const refusal = async (key: string) => new TooManyAttemptsError(await store.msLeft(key));

  return {
    keys,

    /**
     * Counts a sign-in attempt before the password is checked; throws 429 past the pair or the
     * address limit. The caller reports the outcome with `succeeded` or `failed`.
     */
    async startLogin(email: string, ip: string) {
      const pair = keys.pair(email, ip);
      const address = keys.address(ip);
      if ((await store.hit(pair, windowMs)) > maxFailures) throw await refusal(pair);
      if ((await store.hit(address, windowMs)) > addressLimit) {
        await store.release(pair);
        throw await refusal(address);
      }
      return {
        async succeeded() {
          await Promise.all([store.clear(pair), store.release(address)]);
        },
        /** Counts the failure against the e-mail and waits as long as the policy says. */
        async failed() {
          const failures = await store.hit(keys.email(email), windowMs);
          const delay = failureDelayMs(failures, maxFailures);
          if (delay) await wait(delay);
        },
      };
    },

    /**
     * Counts a second-factor code attempt before it is checked: per (user, address) past L failures
     * and per address past 20 × L (shared with the password step), 429 until the window ends; per
     * account, a six-digit code past 4 × L attempts from any address (`recoveryCode` attempts are
     * counted but never refused there; `offerRecoveryCode` makes that 429 say a recovery code still
     * works). `succeeded` clears the pair; a failure stays counted and, past L for the account,
     * answers later.
     */
    async startSecondFactor(
      userId: number,
      ip: string,
      { recoveryCode = false, offerRecoveryCode = false }: { recoveryCode?: boolean; offerRecoveryCode?: boolean } = {},
    ) {
      const pair = keys.secondFactorPair(userId, ip);
      const address = keys.address(ip);
      const account = keys.secondFactorAccount(userId);
      if ((await store.hit(pair, windowMs)) > maxFailures) {
        await store.release(pair);
        throw await refusal(pair);
      }
      if ((await store.hit(address, windowMs)) > addressLimit) {
        await store.release(pair);
        await store.release(address);
        throw await refusal(address);
      }
      const accountAttempts = await store.hit(account, windowMs);
      if (!recoveryCode && accountAttempts > accountCodeLimit) {
        await Promise.all([store.release(pair), store.release(address), store.release(account)]);
        throw new TooManyAttemptsError(
          await store.msLeft(account),
          offerRecoveryCode ? secondFactorMsg.accountCodesLocked : undefined,
        );
      }
      return {
        async succeeded() {
          // The account's count is not cleared: a stranger's failures stay counted after the real user signs in.
          await Promise.all([store.clear(pair), store.release(address), store.release(account)]);
        },
        async failed() {
          const delay = failureDelayMs(accountAttempts, maxFailures);
          if (delay) await wait(delay);
        },
      };
    },

    /** Counts a recovery request; false past the per-e-mail or per-address allowance. */
    async allowRecovery(email: string, ip: string): Promise<boolean> {
      if ((await store.hit(keys.recoveryAddress(ip), RECOVERY_WINDOW_MS)) > RECOVERY_PER_ADDRESS) return false;
      return (await store.hit(keys.recoveryEmail(email), RECOVERY_WINDOW_MS)) <= RECOVERY_PER_EMAIL;
    },

    /** Throws 429 when the address has failed with recovery tokens too often. */
    async assertTokenAttemptAllowed(ip: string) {
      const key = keys.tokenAddress(ip);
      if ((await store.count(key)) >= addressLimit) throw await refusal(key);
    },

    async tokenFailed(ip: string) {
      await store.hit(keys.tokenAddress(ip), windowMs);
    },

    /**
     * Counts a check of a signed-in user's current password before it is made; 429 past the
     * limit. `succeeded` forgets the count; a failure stays counted.
     */
    async startPasswordCheck(userId: number) {
      const key = keys.currentPassword(userId);
      if ((await store.hit(key, windowMs)) > maxFailures) {
        await store.release(key);
        throw await refusal(key);
      }
      return { succeeded: () => store.clear(key) };
    },
  };
}
