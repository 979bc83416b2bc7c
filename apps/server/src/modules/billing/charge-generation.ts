import {
  BILLING_DAY_MAX,
  chargeDueDate,
  extraChargeKey,
  feeChargeKey,
  issueDateOf,
  monthStart,
  termsInForce,
} from '@app/shared/billing';
import type { BusinessCalendar } from '@app/shared/due-dates-cl';
import { billingMsg } from '@app/shared/messages-billing';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/months';
import type { Period } from '@app/shared/period';
import type { GenerateChargesResult } from '@app/shared/schemas/billing';
import { sql } from 'drizzle-orm';
import { type ActivityEntryInput, recordActivities } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { billingCharges } from './billing.tables.ts';
import { amountsFor } from './charge-amounts.ts';
import { chargesRepository, type InsertedCharge, type NewChargeRow } from './charges.repository.ts';
import { extraChargesRepository, type FeeTermsRow, feeTermsRepository } from './fee-terms.repository.ts';
import type { Settle } from './settlement.ts';
import { ufValuesRepository } from './uf-values.repository.ts';

/** An extra charge of a company without fee terms in force: issued on this day, due after these days. */
export const EXTRA_DEFAULT_BILLING_DAY = 1;
export const EXTRA_DEFAULT_TERM_DAYS = 30;

export interface GenerationDeps {
  /** The companies module: the companies whose contract is active in the period. */
  listActiveBusinesses(period: Period): Promise<{ id: number }[]>;
  /** The companies module: these companies' rows locked until the transaction ends. */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number }[]>;
  /** The holidays module: the firm's calendar of business days (Chile's holidays and the firm's extra ones). */
  businessCalendar(): Promise<BusinessCalendar>;
  /** Applies the companies' credit to their open charges, in the caller's transaction (settlement.ts). */
  settle: Settle;
}

/** Ids once each, ascending: the order every billing write locks companies in. */
const inIdOrder = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

export interface GenerateOptions {
  /** Only the companies whose billing day is on or before this day (the scheduler's run on a day); all when absent. */
  upToDay?: number;
}

const monthName = (period: Period) => `${MONTH_NAMES[MONTH_KEYS[period.month - 1] ?? 'jan']} ${period.year}`;

/** A charge as the activity log names it. */
const chargeEntry = (row: InsertedCharge, action: 'generated' | 'updated'): ActivityEntryInput => ({
  kind: 'charge',
  action,
  recordId: row.id,
  recordLabel: row.description,
  businessId: row.businessId,
  details: {
    after: {
      net: row.net,
      tax: row.taxAmount,
      total: row.total,
      status: row.status,
      ...(row.ufDate ? { ufDate: row.ufDate, ufValue: row.ufValueHundredths } : {}),
    },
  },
});

/**
 * The month's charges: one per company with fee terms in force (and an active contract) and one
 * per extra charge falling in the month, each under its unique generation key, so any number of
 * runs and instances create each once. Issued on the billing day of the month, due the payment term
 * later moved to the next business day; UF converted at the issue date's value or left waiting.
 * A charge created or converted is paid at once, in the same transaction, from any credit its
 * company holds: the companies' rows are locked first (before any charge row), as every billing
 * write does, so a payment, a void or the credit job on the same company waits its turn.
 */
export function createChargeGeneration(db: Db, deps: GenerationDeps) {
  /** The candidate rows of a month (before the keys already taken are left out). */
  async function candidates(period: Period, createdBy: number | null, options: GenerateOptions) {
    const from = monthStart(period);
    const [active, calendar] = await Promise.all([deps.listActiveBusinesses(period), deps.businessCalendar()]);
    const activeIds = new Set(active.map((business) => business.id));
    const versions = await feeTermsRepository.versionsUpTo(db, from);
    const byBusiness = new Map<number, FeeTermsRow[]>();
    for (const version of versions) {
      if (!activeIds.has(version.businessId)) continue;
      byBusiness.set(version.businessId, [...(byBusiness.get(version.businessId) ?? []), version]);
    }
    const inForce = new Map<number, FeeTermsRow>();
    for (const [businessId, list] of byBusiness) {
      const terms = termsInForce(list, period);
      if (terms) inForce.set(businessId, terms);
    }
    const upToDay = options.upToDay ?? BILLING_DAY_MAX;
    type Candidate = Omit<NewChargeRow, keyof ReturnType<typeof amountsFor>> & {
      agreed: { currency: 'CLP' | 'UF'; amount: number };
    };
    const rows: Candidate[] = [];
    for (const [businessId, terms] of inForce) {
      if (terms.billingDay > upToDay) continue;
      const issueDate = issueDateOf(period, terms.billingDay);
      rows.push({
        businessId,
        periodYear: period.year,
        periodMonth: period.month,
        source: 'fee',
        feeTermsId: terms.id,
        generationKey: feeChargeKey(businessId, period),
        description: `Honorarios ${monthName(period)}`,
        currency: terms.currency,
        documentType: terms.documentType,
        contacts: terms.contacts,
        issueDate,
        dueDate: chargeDueDate(issueDate, terms.paymentTermDays, calendar.isHoliday),
        createdBy,
        agreed: { currency: terms.currency, amount: terms.amount },
      });
    }
    for (const extra of await extraChargesRepository.fallingIn(db, from, period.month)) {
      if (!activeIds.has(extra.businessId)) continue;
      const terms = inForce.get(extra.businessId);
      const billingDay = terms?.billingDay ?? EXTRA_DEFAULT_BILLING_DAY;
      if (billingDay > upToDay) continue;
      const issueDate = issueDateOf(period, billingDay);
      rows.push({
        businessId: extra.businessId,
        periodYear: period.year,
        periodMonth: period.month,
        source: 'extra',
        extraChargeId: extra.id,
        generationKey: extraChargeKey(extra.id, period),
        description: `${extra.description} ${monthName(period)}`,
        currency: extra.currency,
        documentType: extra.documentType,
        contacts: terms?.contacts ?? '',
        issueDate,
        dueDate: chargeDueDate(issueDate, terms?.paymentTermDays ?? EXTRA_DEFAULT_TERM_DAYS, calendar.isHoliday),
        createdBy,
        agreed: { currency: extra.currency, amount: extra.amount },
      });
    }
    return rows;
  }

  /**
   * Converts, in the caller's transaction, the charges waiting for a UF value whose value now
   * exists (of a month, or all), in one statement, each logged; their companies are locked first.
   * Two runs at once convert each charge once (the rows are locked, and a converted one is no
   * longer waiting). Answers how many, and their companies (to settle).
   */
  async function convertIn(
    inner: DbOrTx,
    actor: ActivityActor,
    period?: Period,
  ): Promise<{ converted: number; businessIds: number[] }> {
    const companies = await chargesRepository.companiesWaitingWithValue(inner, period);
    if (companies.length === 0) return { converted: 0, businessIds: [] };
    await deps.lockBusinesses(inner, inIdOrder(companies));
    // Only the companies locked: a charge of another one that became convertible meanwhile waits for the next run.
    const waiting = await chargesRepository.waitingWithValue(inner, period, companies);
    if (waiting.length === 0) return { converted: 0, businessIds: [] };
    const converted = waiting.map((row) => ({
      id: row.id,
      ...amountsFor('UF', row.ufAmount ?? 0, row.documentType, row.issueDate, row.foundValue),
    }));
    const ids = converted.map((row) => row.id);
    const column = (values: unknown[], type: string) => sql`cast(${sql.param(values)} as ${sql.raw(type)}[])`;
    const updated = (await inner.execute(sql`
      update ${billingCharges} as c set
        uf_value_hundredths = v.uf_value, net = v.net, tax_amount = v.tax, total = v.total, tax_rate = v.rate,
        status = 'draft', updated_at = now()
      from unnest(
        ${column(ids, 'integer')}, ${column(
          converted.map((row) => row.ufValueHundredths),
          'integer',
        )},
        ${column(
          converted.map((row) => row.net),
          'bigint',
        )}, ${column(
          converted.map((row) => row.taxAmount),
          'bigint',
        )},
        ${column(
          converted.map((row) => row.total),
          'bigint',
        )}, ${column(
          converted.map((row) => row.taxRate),
          'integer',
        )}
      ) as v(id, uf_value, net, tax, total, rate)
      where c.id = v.id and c.status = 'waiting_uf'
      returning c.id
    `)) as unknown as { rows: { id: number }[] };
    const done = new Set(updated.rows.map((row) => Number(row.id)));
    const entries = waiting
      .filter((row) => done.has(row.id))
      .map((row) => {
        const amounts = converted.find((candidate) => candidate.id === row.id);
        return chargeEntry({ ...row, ...amounts, status: 'draft' } as InsertedCharge, 'updated');
      });
    await recordActivities(inner, actor, entries);
    return {
      converted: done.size,
      businessIds: inIdOrder(waiting.filter((row) => done.has(row.id)).map((row) => row.businessId)),
    };
  }

  /**
   * Converts the charges waiting for a UF value whose value now exists (see `convertIn`) and pays
   * them from their companies' credit, in the caller's transaction or one of its own. Answers how many.
   */
  async function convertWaiting(actor: ActivityActor, period?: Period, tx?: DbOrTx): Promise<number> {
    const run = async (inner: DbOrTx) => {
      const { converted, businessIds } = await convertIn(inner, actor, period);
      await deps.settle(inner, businessIds, actor);
      return converted;
    };
    return tx ? run(tx) : db.transaction(run);
  }

  return {
    convertWaiting,

    /** Generates a month's charges (see above); answers how many were created, already existed, wait for UF. */
    async generate(
      period: Period,
      actor: ActivityActor,
      options: GenerateOptions = {},
    ): Promise<GenerateChargesResult> {
      const all = await candidates(period, actor.userId, options);
      const taken = await chargesRepository.takenKeys(
        db,
        all.map((row) => row.generationKey),
      );
      const fresh = all.filter((row) => !taken.has(row.generationKey));
      const ufDates = fresh.filter((row) => row.currency === 'UF').map((row) => row.issueDate);
      const values = await ufValuesRepository.onDates(db, ufDates);
      // In key order, so that two runs at once take the keys' locks in the same order (no deadlock).
      const rows: NewChargeRow[] = fresh
        .sort((a, b) => (a.generationKey < b.generationKey ? -1 : a.generationKey > b.generationKey ? 1 : 0))
        .map(({ agreed, ...row }) => ({
          ...row,
          ...amountsFor(agreed.currency, agreed.amount, row.documentType, row.issueDate, values.get(row.issueDate)),
        }));
      const { inserted, converted } = await db.transaction(async (tx) => {
        // The companies locked before any charge row: those of the new charges and of the month's
        // charges a UF value now converts (convertIn locks the latter again, already held).
        const converting = await chargesRepository.companiesWaitingWithValue(tx, period);
        await deps.lockBusinesses(tx, inIdOrder([...rows.map((row) => row.businessId), ...converting]));
        const inserted = rows.length > 0 ? await chargesRepository.insertIfAbsent(tx, rows) : [];
        await recordActivities(
          tx,
          actor,
          inserted.map((row) => chargeEntry(row, 'generated')),
        );
        const conversion = await convertIn(tx, actor, period);
        await deps.settle(tx, [...inserted.map((row) => row.businessId), ...conversion.businessIds], actor);
        return { inserted, converted: conversion.converted };
      });
      const created = inserted.length;
      const waitingUf = inserted.filter((row) => row.status === 'waiting_uf').length;
      const existing = all.length - created;
      return {
        message: billingMsg.generated(created, existing, waitingUf),
        created,
        existing,
        waitingUf,
        converted,
        missingUfDates: await chargesRepository.missingUfDates(db, period.year, period.month),
      };
    },
  };
}

export type ChargeGeneration = ReturnType<typeof createChargeGeneration>;
