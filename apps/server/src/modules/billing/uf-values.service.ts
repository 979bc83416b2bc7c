import { formatUfValue } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import type { Period } from '@app/shared/period';
import { periodBounds } from '@app/shared/period';
import type { UfImportLine, UfImportPreview, UfValue } from '@app/shared/schemas/billing';
import { type ActivityEntryInput, recordActivities } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { readSheet } from '../../lib/sheet-upload.ts';
import { presentUf } from './billing.presenter.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import type { ChargeGeneration } from './charge-generation.ts';
import { previewUfLines, readUfLines } from './uf-import.ts';
import { ufValuesRepository } from './uf-values.repository.ts';

/** A UF-values file with invalid lines: nothing was written; each line says why. */
export class UfImportRefused extends AppError {
  constructor(readonly lines: UfImportLine[]) {
    super(400, billingMsg.ufImportHasErrors);
  }
}

type Source = 'import' | 'manual' | 'fetch';

/** The UF's daily values: typed, imported or fetched; each write converts the charges that waited for it. */
export function createUfValuesService(db: Db, deps: { generation: ChargeGeneration }) {
  /**
   * Writes new and changed values in one transaction with their activity entries (a value
   * unchanged is not written), then converts the charges waiting for those days. Answers the counts.
   */
  async function write(
    values: { date: string; value: number }[],
    source: Source,
    actor: ActivityActor,
  ): Promise<{ created: number; changed: number; unchanged: number; converted: number }> {
    return db.transaction(async (tx: DbOrTx) => {
      const stored = await ufValuesRepository.onDates(
        tx,
        values.map((entry) => entry.date),
      );
      const fresh = values.filter((entry) => stored.get(entry.date) !== entry.value);
      await ufValuesRepository.upsert(
        tx,
        fresh.map((entry) => ({ date: entry.date, valueHundredths: entry.value, source, updatedBy: actor.userId })),
      );
      const entries: ActivityEntryInput[] = fresh.map((entry) => {
        const previous = stored.get(entry.date);
        const after = { value: formatUfValue(entry.value), source };
        return {
          kind: 'uf_value',
          action: previous === undefined ? 'created' : 'updated',
          recordId: entry.date,
          recordLabel: `UF ${entry.date.split('-').reverse().join('-')}`,
          details: previous === undefined ? { after } : { before: { value: formatUfValue(previous) }, after },
        };
      });
      await recordActivities(tx, actor, entries);
      const created = fresh.filter((entry) => !stored.has(entry.date)).length;
      const converted = fresh.length > 0 ? await deps.generation.convertWaiting(actor, undefined, tx) : 0;
      return { created, changed: fresh.length - created, unchanged: values.length - fresh.length, converted };
    });
  }

  async function preview(bytes: Buffer): Promise<UfImportPreview> {
    const lines = readUfLines(await readSheet(bytes, BILLING_SHEET_RULES));
    const stored = await ufValuesRepository.onDates(
      db,
      lines.flatMap((line) => (line.date ? [line.date] : [])),
    );
    const shown = previewUfLines(lines, stored);
    const count = (status: UfImportLine['status']) => shown.filter((line) => line.status === status).length;
    return {
      lines: shown,
      counts: {
        new: count('new'),
        changed: count('changed'),
        unchanged: count('unchanged'),
        invalid: count('invalid'),
      },
    };
  }

  return {
    write,

    /** A month's values, by date. */
    async listMonth(period: Period): Promise<UfValue[]> {
      const { firstDay, lastDay } = periodBounds(period);
      return (await ufValuesRepository.between(db, firstDay, lastDay)).map(presentUf);
    },

    /** One day's value typed by hand; answers it and how many waiting charges it converted. */
    async set(date: string, value: number, actor: ActivityActor): Promise<{ uf: UfValue; converted: number }> {
      const { converted } = await write([{ date, value }], 'manual', actor);
      const [row] = await ufValuesRepository.between(db, date, date);
      if (!row) throw new Error('UF value not stored');
      return { uf: presentUf(row), converted };
    },

    /** What importing the file would do, line by line; nothing is written. */
    preview,

    /** Writes the file's new and changed values, or nothing when any line is invalid (400 with the lines). */
    async confirm(bytes: Buffer, actor: ActivityActor) {
      const { lines } = await preview(bytes);
      if (lines.some((line) => line.status === 'invalid')) throw new UfImportRefused(lines);
      const values = lines.flatMap((line) =>
        line.date !== null && line.value !== null ? [{ date: line.date, value: line.value }] : [],
      );
      const result = await write(values, 'import', actor);
      return { message: billingMsg.ufImported(result.created, result.changed), ...result };
    },

    /** Which of these days have a value. */
    storedOn: (dates: string[]) => ufValuesRepository.onDates(db, dates),
  };
}

export type UfValuesService = ReturnType<typeof createUfValuesService>;
