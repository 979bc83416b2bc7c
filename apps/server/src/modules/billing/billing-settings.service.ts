import { billingMsg } from '@app/shared/messages-billing';
import type {
  BillingSettings,
  BillingSettingsSaveSchema,
  TransferDetails,
} from '@app/shared/schemas/billing-collections';
import type { z } from 'zod';
import { changedFields, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { type BillingSettingsRow, billingSettingsRepository } from './billing-settings.repository.ts';

type SaveInput = z.output<typeof BillingSettingsSaveSchema>;

export interface BillingSettingsDeps {
  /** Whether SMTP_URL is set: without it, mail stays in the local outbox. */
  mailConfigured: boolean;
  /** The companies module: these companies' rows locked until the transaction ends. */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]>;
}

const FIELDS = [
  'bank',
  'accountType',
  'accountNumber',
  'holder',
  'rut',
  'receiptEmail',
  'reminderOffsets',
  'remindersEnabled',
] as const;

/** Where clients transfer to: shown once bank, account number and holder are typed. */
export function transferOf(row: BillingSettingsRow): TransferDetails | null {
  if (!row.bank || !row.accountNumber || !row.holder) return null;
  return {
    bank: row.bank,
    accountType: row.accountType,
    accountNumber: row.accountNumber,
    holder: row.holder,
    rut: row.rut,
    receiptEmail: row.receiptEmail,
  };
}

/** The transfer details as lines of a mail or a PDF. */
export function transferLines(transfer: TransferDetails): string[] {
  return [
    `Banco: ${transfer.bank}`,
    transfer.accountType ? `Tipo de cuenta: ${transfer.accountType}` : '',
    `Número de cuenta: ${transfer.accountNumber}`,
    `Titular: ${transfer.holder}`,
    transfer.rut ? `RUT: ${transfer.rut}` : '',
    transfer.receiptEmail ? `Enviar comprobante a: ${transfer.receiptEmail}` : '',
  ].filter((line) => line !== '');
}

/** The firm's billing settings (one row, owners) and the per-company stop of reminders. */
export function createBillingSettingsService(db: Db, deps: BillingSettingsDeps) {
  const present = (row: BillingSettingsRow & { saved?: boolean }): BillingSettings => ({
    bank: row.bank,
    accountType: row.accountType,
    accountNumber: row.accountNumber,
    holder: row.holder,
    rut: row.rut,
    receiptEmail: row.receiptEmail,
    reminderOffsets: row.reminderOffsets,
    remindersEnabled: row.remindersEnabled,
    transferConfigured: transferOf(row) !== null,
    mailConfigured: deps.mailConfigured,
    updatedAt: row.saved === false ? null : row.updatedAt.toISOString(),
  });

  return {
    async get(): Promise<BillingSettings> {
      return present(await billingSettingsRepository.get(db));
    },

    /** The row as stored (the jobs and the statement read it). */
    row: () => billingSettingsRepository.get(db),

    async transfer(): Promise<TransferDetails | null> {
      return transferOf(await billingSettingsRepository.get(db));
    },

    async save(input: SaveInput, actor: ActivityActor): Promise<BillingSettings> {
      const row = await db.transaction(async (tx) => {
        const before = await billingSettingsRepository.lock(tx);
        const values = {
          bank: input.bank ?? '',
          accountType: input.accountType ?? '',
          accountNumber: input.accountNumber ?? '',
          holder: input.holder ?? '',
          rut: input.rut,
          receiptEmail: input.receiptEmail,
          reminderOffsets: input.reminderOffsets,
          remindersEnabled: input.remindersEnabled,
          updatedBy: actor.userId,
        };
        const after = await billingSettingsRepository.save(tx, values);
        const details = changedFields(before, after, FIELDS);
        if (details) {
          await recordActivity(tx, actor, {
            kind: 'billing_settings',
            action: 'updated',
            recordLabel: 'Configuración de cobranza',
            details,
          });
        }
        return after;
      });
      return present(row);
    },

    /** Stops (or resumes) the reminders of one company. */
    async setRemindersStopped(businessId: number, stopped: boolean, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [company] = await deps.lockBusinesses(tx, [businessId]);
        if (!company) throw notFound(billingMsg.businessNotFound);
        const before = await billingSettingsRepository.remindersStopped(tx, businessId);
        if (before === stopped) return;
        await billingSettingsRepository.setRemindersStopped(tx, businessId, stopped, actor.userId);
        await recordActivity(tx, actor, {
          kind: 'billing_settings',
          action: stopped ? 'disabled' : 'enabled',
          recordLabel: 'Recordatorios de cobranza',
          businessId,
          details: { before: { remindersStopped: before }, after: { remindersStopped: stopped } },
        });
      });
    },
  };
}

export type BillingSettingsService = ReturnType<typeof createBillingSettingsService>;
