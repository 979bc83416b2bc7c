import { addDays, daysOverdue } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { EmailDelivery } from '@app/shared/schemas/email';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import { billingContacts } from './billing.presenter.ts';
import type { BillingSettingsRow } from './billing-settings.repository.ts';
import { transferLines, transferOf } from './billing-settings.service.ts';
import { type ReminderCandidate, remindersRepository } from './reminders.repository.ts';

/** The time of day (America/Santiago) payment reminders go out from. */
export const REMINDERS_FROM_MINUTES = 9 * 60;

export interface RemindersDeps {
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  settings(): Promise<BillingSettingsRow>;
  /** The companies module: names and contacts of these companies. */
  listBusinessesByIds(ids: number[]): Promise<{ id: number; name: string; contact: string }[]>;
  /** The e-mail module's send without a staff sender, written to the e-mail log: its entry and how it went. */
  sendEmail(input: {
    emails: string[];
    subject: string;
    content: string;
    businessId: number;
  }): Promise<{ row: { id: number }; delivery: EmailDelivery }>;
  /** The companies module: 404 when the company does not exist. */
  getBusiness(id: number): Promise<unknown>;
  /** The e-mail module: what became of logged e-mails now (a failed one may have gone out on a retry). */
  deliveries(ids: number[]): Promise<Map<number, EmailDelivery>>;
  /** The WhatsApp module's queue (only when configured and the company accepted); never throws. */
  notifyWhatsApp(notice: {
    kind: 'charge';
    businessId: number;
    chargeId: number;
    step: number;
    description: string;
    open: number;
    dueDate: string;
    at: Date;
  }): Promise<unknown>;
}

/**
 * The steps of a charge due on `dueDate` whose day has come by `today`, and of those the latest:
 * the one reminder to send (earlier ones not sent by then are passed over, so a client never
 * receives a pile of reminders at once after a pause).
 */
export function stepsDue(offsets: readonly number[], dueDate: string, today: string) {
  const come = offsets.filter((offset) => addDays(dueDate, offset) <= today).sort((a, b) => a - b);
  return { come, latest: come.at(-1) };
}

/**
 * Payment reminders ('Recordatorios de cobranza'): from 09:00 Santiago, for each issued charge
 * with something open, once per step of the firm's settings (days from the due date), an e-mail
 * to the company's billing contacts with what is open, the due date and where to transfer. Each
 * (charge, step) is claimed by inserting its row before the mail, so any number of instances send
 * it once. Companies whose reminders are stopped get none; the outcome kept is the e-mail's:
 * 'outbox' when mail is not configured, never 'sent' for what only reached the outbox. A step after
 * the due date (the charge overdue) is also queued for the company's WhatsApp, when it accepted them.
 */
export function createRemindersService(db: Db, deps: RemindersDeps) {
  async function remind(
    charge: ReminderCandidate,
    step: number,
    company: { name: string; contact: string },
    settings: BillingSettingsRow,
    today: string,
  ) {
    const emails = billingContacts(charge.contacts, company);
    if (emails.length === 0) {
      await remindersRepository.setOutcome(db, charge.id, step, 'no_contacts', null);
      return;
    }
    const transfer = transferOf(settings);
    try {
      const sent = await deps.sendEmail({
        emails,
        subject: collectionsMsg.reminderSubject(company.name, charge.dueDate, step < 0),
        content: collectionsMsg.reminderBody({
          company: company.name,
          description: charge.description,
          folio: charge.folio,
          open: charge.open,
          dueDate: charge.dueDate,
          overdueDays: daysOverdue(charge.dueDate, today),
          transfer: transfer ? transferLines(transfer).join('\n') : null,
        }),
        businessId: charge.businessId,
      });
      await remindersRepository.setOutcome(db, charge.id, step, sent.delivery, sent.row.id);
    } catch (error) {
      deps.log.warn(
        { chargeId: charge.id, step, error: error instanceof Error ? error.message : String(error) },
        'billing reminder failed',
      );
      await remindersRepository.setOutcome(db, charge.id, step, 'failed', null);
    }
  }

  return {
    /** One run of the job at `now`: answers how many reminders it claimed to send. */
    async run(now: Date): Promise<number> {
      const clock = santiagoWallClock(now);
      if (Number(clock.hour) * 60 + Number(clock.minute) < REMINDERS_FROM_MINUTES) return 0;
      const settings = await deps.settings();
      const offsets = [...settings.reminderOffsets].sort((a, b) => a - b);
      if (!settings.remindersEnabled || offsets.length === 0) return 0;
      const today = santiagoDate(now);
      const candidates = await remindersRepository.candidates(
        db,
        today,
        offsets[0] as number,
        offsets.at(-1) as number,
      );
      if (candidates.length === 0) return 0;
      const [claimed, companies] = await Promise.all([
        remindersRepository.claimedSteps(
          db,
          candidates.map((charge) => charge.id),
        ),
        deps.listBusinessesByIds([...new Set(candidates.map((charge) => charge.businessId))]),
      ]);
      const companyById = new Map(companies.map((company) => [company.id, company]));
      let sent = 0;
      for (const charge of candidates) {
        const company = companyById.get(charge.businessId);
        const { come, latest } = stepsDue(offsets, charge.dueDate, today);
        const already = claimed.get(charge.id) ?? new Set<number>();
        const toClaim = come.filter((step) => !already.has(step));
        if (!company || latest === undefined || toClaim.length === 0) continue;
        const mine = await remindersRepository.claim(
          db,
          charge.id,
          toClaim.map((step) => ({ step, outcome: step === latest ? null : 'superseded' })),
          now,
        );
        if (!mine.has(latest)) continue;
        if (latest > 0)
          await deps.notifyWhatsApp({
            kind: 'charge',
            businessId: charge.businessId,
            chargeId: charge.id,
            step: latest,
            description: charge.description,
            open: charge.open,
            dueDate: charge.dueDate,
            at: now,
          });
        await remind(charge, latest, company, settings, today);
        sent += 1;
      }
      return sent;
    },

    /** A company's reminders with what became of each e-mail (read again from the e-mail log). */
    async listOf(businessId: number) {
      await deps.getBusiness(businessId);
      const rows = await remindersRepository.listOf(db, businessId);
      const deliveries = await deps.deliveries(
        rows.flatMap((row) => (row.emailLogId === null ? [] : [row.emailLogId])),
      );
      const texts = collectionsMsg.reminderOutcomes as Record<string, string>;
      return rows.map((row) => {
        const outcome = (row.emailLogId !== null && deliveries.get(row.emailLogId)) || row.outcome;
        return {
          chargeId: row.chargeId,
          description: row.description,
          step: row.step,
          claimedAt: row.claimedAt.toISOString(),
          outcome,
          outcomeText: outcome ? (texts[outcome] ?? outcome) : 'En curso',
          emailLogId: row.emailLogId,
        };
      });
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
