import { DEFAULT_REMINDER_OFFSETS } from '@app/shared/billing';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingBusinessFlags, billingSettings } from './billing.tables.ts';

export type BillingSettingsRow = typeof billingSettings.$inferSelect;

/** The settings before the owner ever saved them. */
const DEFAULTS: BillingSettingsRow = {
  id: 1,
  bank: '',
  accountType: '',
  accountNumber: '',
  holder: '',
  rut: '',
  receiptEmail: '',
  reminderOffsets: [...DEFAULT_REMINDER_OFFSETS],
  remindersEnabled: false,
  updatedBy: null,
  updatedAt: new Date(0),
};

export const billingSettingsRepository = {
  /** The one row, or the defaults (`saved` false) while never saved. */
  async get(db: DbOrTx): Promise<BillingSettingsRow & { saved: boolean }> {
    const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
    return row ? { ...row, saved: true } : { ...DEFAULTS, saved: false };
  },

  async lock(db: DbOrTx): Promise<BillingSettingsRow & { saved: boolean }> {
    const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1)).for('update');
    return row ? { ...row, saved: true } : { ...DEFAULTS, saved: false };
  },

  async save(db: DbOrTx, values: Omit<BillingSettingsRow, 'id' | 'updatedAt'>): Promise<BillingSettingsRow> {
    const [row] = await db
      .insert(billingSettings)
      .values({ id: 1, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: billingSettings.id, set: { ...values, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('billing settings not saved');
    return row;
  },

  async remindersStopped(db: DbOrTx, businessId: number): Promise<boolean> {
    const [row] = await db
      .select({ stopped: billingBusinessFlags.remindersStopped })
      .from(billingBusinessFlags)
      .where(eq(billingBusinessFlags.businessId, businessId));
    return row?.stopped ?? false;
  },

  /** Of these companies, those whose reminders are stopped. */
  async stoppedAmong(db: DbOrTx, businessIds: readonly number[]): Promise<Set<number>> {
    if (businessIds.length === 0) return new Set();
    const rows = await db
      .select({ businessId: billingBusinessFlags.businessId, stopped: billingBusinessFlags.remindersStopped })
      .from(billingBusinessFlags)
      .where(inArray(billingBusinessFlags.businessId, [...businessIds]));
    return new Set(rows.filter((row) => row.stopped).map((row) => row.businessId));
  },

  async setRemindersStopped(db: DbOrTx, businessId: number, stopped: boolean, userId: number | null) {
    await db
      .insert(billingBusinessFlags)
      .values({ businessId, remindersStopped: stopped, updatedBy: userId, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: billingBusinessFlags.businessId,
        set: { remindersStopped: stopped, updatedBy: userId, updatedAt: new Date() },
      });
  },
};
