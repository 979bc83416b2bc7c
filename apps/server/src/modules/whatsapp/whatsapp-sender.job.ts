import { whatsappMsg } from '@app/shared/messages-whatsapp';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { whatsappRepository as repository } from './whatsapp.repository.ts';
import { tokenFingerprint, type WhatsAppSettings } from './whatsapp.service.ts';
import type { WhatsAppClient } from './whatsapp-client.ts';

/** Minutes before the 2nd, 3rd, 4th and 5th try of a send that failed for a passing reason; then it fails. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
/** A notice not sent this many days after it was queued is dropped (failed): late, it would mislead. */
export const EXPIRE_DAYS = 3;
/** A row claimed this long ago and not finished: its instance stopped mid-send. */
const INTERRUPTED_MS = 10 * 60_000;
/** At most this many sends per run (one a claim). */
const PER_RUN = 20;

export interface WhatsAppSenderDeps {
  log: Pick<FastifyBaseLogger, 'warn'>;
  settings: WhatsAppSettings;
  /** The Cloud API client; absent when the channel is not configured. */
  client: WhatsAppClient | null;
}

/**
 * Sends the outbox's due rows, one claim at a time (the database hands each row to one instance).
 * WhatsApp's answer decides what follows: a message id → 'sent'; the token refused (190) → the row
 * waits as it was and the channel stops until another token is configured; a rate limit, a server
 * error or no answer → 'retrying' later (RETRY_DELAYS_MINUTES, or the Retry-After asked for if
 * longer) and this run stops; MAX_ATTEMPTS tries → 'failed'; the template or the recipient refused,
 * or anything else → 'failed' with its reason, not tried again by itself.
 */
export function whatsappSenderJob(db: Db, deps: WhatsAppSenderDeps) {
  const fingerprint = tokenFingerprint(deps.settings);

  async function run(now: Date): Promise<number> {
    const { client } = deps;
    if (!deps.settings.configured || !client) return 0;
    const channel = await repository.channel(db);
    if (channel?.refusedFingerprint) {
      if (channel.refusedFingerprint === fingerprint) return 0;
      await repository.clearRefused(db);
    }
    await repository.failInterrupted(db, new Date(now.getTime() - INTERRUPTED_MS), whatsappMsg.reasonInterrupted);
    await repository.expireWaiting(
      db,
      new Date(now.getTime() - EXPIRE_DAYS * 86_400_000),
      whatsappMsg.reasonExpired(EXPIRE_DAYS),
    );

    let sent = 0;
    for (let count = 0; count < PER_RUN; count += 1) {
      const row = await repository.claimNext(db, now);
      if (!row) break;
      const outcome = await client.sendTemplate({
        to: row.phone,
        template: row.template,
        language: row.language,
        params: row.params,
      });
      if (outcome.accepted) {
        await repository.finish(db, row.id, {
          status: 'sent',
          waMessageId: outcome.messageId,
          sentAt: now,
          reason: null,
          errorCode: null,
        });
        sent += 1;
        continue;
      }
      deps.log.warn({ outboxId: row.id, code: outcome.code, kind: outcome.kind }, 'whatsapp send refused');
      if (outcome.kind === 'token') {
        // Not the row's fault: it waits as it was, this try not counted.
        await repository.finish(db, row.id, {
          status: row.attempts > 1 ? 'retrying' : 'pending',
          attempts: row.attempts - 1,
          reason: outcome.reason,
          errorCode: outcome.code,
        });
        await repository.setRefused(db, fingerprint, outcome.reason, now);
        break;
      }
      if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
        const minutes = RETRY_DELAYS_MINUTES[Math.min(row.attempts, RETRY_DELAYS_MINUTES.length) - 1] ?? 1;
        const delayMs = Math.max(minutes * 60_000, outcome.retryAfterMs ?? 0);
        await repository.finish(db, row.id, {
          status: 'retrying',
          nextAttemptAt: new Date(now.getTime() + delayMs),
          reason: outcome.reason,
          errorCode: outcome.code,
        });
        // WhatsApp asked to slow down, or did not answer: the other rows wait for a later run.
        break;
      }
      await repository.finish(db, row.id, {
        status: 'failed',
        reason: outcome.kind === 'retry' ? whatsappMsg.reasonGaveUp(row.attempts, outcome.reason) : outcome.reason,
        errorCode: outcome.code,
      });
    }
    return sent;
  }

  const job: ScheduledJob = { name: 'whatsapp-send', run: async (now) => void (await run(now)) };
  return { job, run };
}
