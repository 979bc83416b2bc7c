import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLoopbackHttpUrl, isPublicHttpsUrl } from '@app/shared/fields';
import type { PushSubscriptionJson } from '@app/shared/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { type PushSubscriptionRow, pushRepository } from './push.repository.ts';

/** What the service worker shows: the title, the text, and the screen a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface PushDeps {
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The VAPID key pair (base64url) and the contact the push services may write to (mailto: or https:). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * Tests only (PUSH_TEST_LOOPBACK=on): also sends to http://127.0.0.1 endpoints (a local fake push
   * service). Without it only public https endpoints are sent to, as the subscription schema requires.
   */
  allowLoopbackHttpForTests?: boolean;
  timeoutMs?: number;
  /** Every address a host name resolves to (dns.lookup with all); tests give their own. */
  resolveHost?: (hostname: string) => Promise<{ address: string }[]>;
}

const resolveWithDns = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

/** A push service keeps a message this long for a browser that is offline; a day-old reminder is still worth showing. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** Keeps the encrypted payload well under the 4 KB every push service accepts (RFC 8030 section 7.2). */
const MAX_BODY_CHARACTERS = 1000;

/** The push service's host, all a log may name: the endpoint's path is the browser's capability. */
function pushServiceHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

function payloadOf(message: PushMessage): string {
  const body =
    message.body.length > MAX_BODY_CHARACTERS ? `${message.body.slice(0, MAX_BODY_CHARACTERS - 1)}…` : message.body;
  return JSON.stringify({ title: message.title, body, url: message.url });
}

type Outcome = 'delivered' | 'gone' | 'failed';

export function createPushService(db: Db, deps: PushDeps) {
  const timeoutMs = deps.timeoutMs ?? 10_000;

  const resolveHost = deps.resolveHost ?? resolveWithDns;

  /** The browser tests' local push service (PUSH_TEST_LOOPBACK=on), and nothing else on this computer. */
  const isTestLoopback = (endpoint: string) => deps.allowLoopbackHttpForTests === true && isLoopbackHttpUrl(endpoint);

  function mayReceive(endpoint: string): boolean {
    return isPublicHttpsUrl(endpoint) || isTestLoopback(endpoint);
  }

  /**
   * A public https endpoint's host must resolve to public addresses only, checked when sending: a
   * name is accepted at subscribe time (127.0.0.1.nip.io looks public), so it is what it resolves
   * to now that counts. A name that does not resolve is refused too.
   */
  async function resolvesPublicly(endpoint: string): Promise<boolean> {
    if (isTestLoopback(endpoint)) return true;
    const hostname = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
    if (isIP(hostname)) return isPublicAddress(hostname);
    try {
      const addresses = await resolveHost(hostname);
      return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));
    } catch {
      return false;
    }
  }

  async function sendOne(row: PushSubscriptionRow, payload: string): Promise<Outcome> {
    const where = { subscriptionId: row.id, userId: row.userId, pushService: pushServiceHost(row.endpoint) };
    if (!mayReceive(row.endpoint)) {
      deps.log.warn(where, 'push: subscription endpoint refused (not a public https address)');
      return 'failed';
    }
    if (!(await resolvesPublicly(row.endpoint))) {
      deps.log.warn(where, 'push: subscription endpoint refused (its host does not resolve to public addresses only)');
      return 'failed';
    }
    try {
      // web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes through fetch,
      // with a timeout and without following redirects to an address nobody checked.
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        payload,
        { vapidDetails: deps.vapid, TTL: TIME_TO_LIVE_SECONDS, urgency: 'high' },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(row.endpoint, {
        method: 'POST',
        headers,
        body: request.body as Buffer<ArrayBuffer>,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return 'delivered';
      if (response.status === 404 || response.status === 410) {
        await pushRepository.remove(db, row.id);
        deps.log.info({ ...where, status: response.status }, 'push: subscription gone, removed');
        return 'gone';
      }
      deps.log.warn(
        { ...where, status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined },
        'push: the push service refused the message',
      );
      return 'failed';
    } catch (error) {
      deps.log.warn({ ...where, error: error instanceof Error ? error.name : 'unknown' }, 'push: send failed');
      return 'failed';
    }
  }

  return {
    /** Forgets every browser of the user, in the caller's transaction (a suppressed account): how many. */
    removeForUser: (tx: DbOrTx, userId: number): Promise<number> => pushRepository.removeForUser(tx, userId),

    /** Stores the browser's subscription for the user (several browsers each get theirs). */
    async saveSubscription(userId: number, subscription: PushSubscriptionJson): Promise<void> {
      const { endpoint, keys } = subscription;
      await pushRepository.save(db, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    },

    /**
     * Sends the message to every browser of the user and answers how many push services accepted
     * it. Never throws: a failure is logged, and a subscription the push service says is gone is removed.
     */
    async sendToUser(userId: number, message: PushMessage): Promise<number> {
      let rows: PushSubscriptionRow[];
      try {
        rows = await pushRepository.listForUser(db, userId);
      } catch (error) {
        deps.log.warn({ userId, err: error }, 'push: could not read the subscriptions');
        return 0;
      }
      const payload = payloadOf(message);
      const outcomes = await Promise.all(rows.map((row) => sendOne(row, payload)));
      return outcomes.filter((outcome) => outcome === 'delivered').length;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
