import { CHARGE_STATUS_LABELS, DTE_TYPE_LABELS, DTE_TYPE_OF, type DteType, monthKey } from '@app/shared/billing';
import { sortByName } from '@app/shared/collator';
import { santiagoDate } from '@app/shared/current-period';
import { billingMsg } from '@app/shared/messages-billing';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { Period } from '@app/shared/period';
import {
  type Charge,
  type ChargeList,
  ChargeListSchema,
  type ChargeStatusSchema,
  type ChargeUpdateSchema,
  type GenerateChargesResult,
  type IssuedImportPreview,
  PesosInputSchema,
  UfAmountInputSchema,
} from '@app/shared/schemas/billing';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordActivities, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { readSheet } from '../../lib/sheet-upload.ts';
import { createBuiltJsonCache, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import { type BillingCompany, presentCharge } from './billing.presenter.ts';
import { billingCharges } from './billing.tables.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import { amountsFor } from './charge-amounts.ts';
import type { ChargeGeneration } from './charge-generation.ts';
import { type ChargeRow, chargesRepository } from './charges.repository.ts';
import { matchIssuedLines } from './issued-import.ts';
import { ufValuesRepository } from './uf-values.repository.ts';

type UpdateInput = z.output<typeof ChargeUpdateSchema>;
type Status = z.output<typeof ChargeStatusSchema>;

export interface ChargesDeps {
  generation: ChargeGeneration;
  changes: TableChanges;
  now: () => Date;
  /** The companies module: these companies (names, RUT, contacts), in any order; a deleted one is missing. */
  listBusinessesByIds: ((ids: number[]) => Promise<(BillingCompany & { id: number })[]>) & TablesRead;
  /** The users module: full names by id. */
  fullNamesOf: ((ids: readonly (number | null)[]) => Promise<Map<number, string>>) & TablesRead;
  /**
   * The payments part (payments.service.ts): the charge's company locked first (the order every
   * billing write takes), what of a charge is paid, and the company's funds applied again after a
   * change of what it owes: after a void (what the charge's payments paid is credit again, applied
   * to the company's other open charges) and after an edit (a higher amount, or a waiting charge
   * converted, is paid from the company's credit at once).
   */
  ledger?: {
    lockCompanyOfCharge(tx: DbOrTx, chargeId: number): Promise<void>;
    paidOf(tx: DbOrTx, chargeId: number): Promise<number>;
    settleCompany(tx: DbOrTx, businessId: number, actor: ActivityActor): Promise<void>;
  };
}

/** One charge to mark issued. */
export interface IssueItem {
  chargeId: number;
  dteType: DteType;
  folio: number;
}

/** A bulk issue refused: each item's reason (nothing was written). */
export class IssueRefused extends AppError {
  constructor(readonly itemErrors: { chargeId: number; message: string }[]) {
    super(400, billingMsg.issueHasErrors);
  }
}

/** An issued-documents file with lines that match no charge: nothing was written; each line says why. */
export class IssuedImportRefused extends AppError {
  constructor(readonly lines: IssuedImportPreview['lines']) {
    super(400, billingMsg.issuedImportHasErrors);
  }
}

/** The latest month that may be generated: the calendar month after today's (Santiago). */
function latestGenerableMonth(now: Date): Period {
  const today = santiagoDate(now);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/**
 * Charges as every list and export shows them: by company name in the Spanish order (two companies
 * of one name by id), each company's fee first, then its extras, oldest first.
 */
function inListOrder(charges: Charge[]): Charge[] {
  const grouped = [...charges].sort(
    (a, b) => a.businessId - b.businessId || (a.source === b.source ? 0 : a.source === 'fee' ? -1 : 1) || a.id - b.id,
  );
  // sortByName keeps the order of equal names: the grouping above.
  return sortByName(grouped, (charge) => charge.businessName);
}

/** What the activity log keeps of a charge's change. */
const chargeSummary = (row: ChargeRow) => ({
  description: row.description,
  amount: row.ufAmount,
  net: row.net,
  tax: row.taxAmount,
  total: row.total,
  status: CHARGE_STATUS_LABELS[row.status],
});
const SUMMARY_FIELDS = ['description', 'amount', 'net', 'tax', 'total', 'status'] as const;

/** The charges of a month: list, edit a draft, void, mark issued. */
export function createChargesService(db: Db, deps: ChargesDeps) {
  // A month's list (2,000 charges, ~1 MB of JSON) as stored bytes until a charge, company or user changes.
  const lists = createBuiltJsonCache(deps.changes, {
    name: 'billing-charge-lists',
    tables: [billingCharges, ...deps.listBusinessesByIds.tables, ...deps.fullNamesOf.tables],
    schema: ChargeListSchema,
    maxEntries: 6,
  });

  async function companiesOf(rows: ChargeRow[]) {
    const companies = await deps.listBusinessesByIds([...new Set(rows.map((row) => row.businessId))]);
    return new Map(companies.map((company) => [company.id, company]));
  }

  async function present(rows: ChargeRow[]): Promise<Charge[]> {
    const [companies, names] = await Promise.all([
      companiesOf(rows),
      deps.fullNamesOf(rows.map((row) => row.voidedBy)),
    ]);
    return rows.map((row) =>
      presentCharge(row, companies.get(row.businessId), row.voidedBy ? (names.get(row.voidedBy) ?? null) : null),
    );
  }

  async function presentOne(row: ChargeRow): Promise<Charge> {
    const [charge] = await present([row]);
    if (!charge) throw notFound(billingMsg.chargeNotFound);
    return charge;
  }

  async function lockOne(tx: DbOrTx, id: number) {
    const [row] = await chargesRepository.lockByIds(tx, [id]);
    if (!row) throw notFound(billingMsg.chargeNotFound);
    return row;
  }

  /** Why an item cannot be issued, or null. */
  function issueProblem(row: ChargeRow | undefined, item: IssueItem): string | null {
    if (!row) return billingMsg.chargeNotFound;
    if (row.status !== 'draft') return billingMsg.cannotIssue;
    const expected = DTE_TYPE_OF[row.documentType];
    if (item.dteType !== expected) return billingMsg.dteDoesNotMatch(DTE_TYPE_LABELS[expected]);
    return null;
  }

  /** A month's charges to invoice (drafts: not issued, not void, not waiting for UF), by company name. */
  async function toInvoice(period: Period): Promise<Charge[]> {
    return inListOrder(await present(await chargesRepository.listOfMonth(db, period.year, period.month, 'draft')));
  }

  /**
   * Marks charges issued with their DTE type and folio, all or none: each must be a draft, of the
   * DTE type its document is issued as, with a folio no other charge of that type holds and no
   * other item repeats. Refused items answer 400 with each one's reason.
   */
  async function issue(items: IssueItem[], actor: ActivityActor): Promise<number> {
    try {
      return await db.transaction(async (tx) => {
        const rows = new Map(
          (
            await chargesRepository.lockByIds(
              tx,
              items.map((item) => item.chargeId),
            )
          ).map((row) => [row.id, row]),
        );
        const problems: { chargeId: number; message: string }[] = [];
        const seen = new Map<string, number>();
        const seenCharges = new Set<number>();
        for (const item of items) {
          const problem = issueProblem(rows.get(item.chargeId), item);
          const key = `${item.dteType}:${item.folio}`;
          if (problem) problems.push({ chargeId: item.chargeId, message: problem });
          else if (seen.has(key) || seenCharges.has(item.chargeId)) {
            problems.push({ chargeId: item.chargeId, message: billingMsg.folioRepeated(item.folio) });
          }
          seen.set(key, item.chargeId);
          seenCharges.add(item.chargeId);
        }
        const ids = items.map((item) => item.chargeId);
        for (const dteType of new Set(items.map((item) => item.dteType))) {
          const folios = items.filter((item) => item.dteType === dteType).map((item) => item.folio);
          const taken = await chargesRepository.folioTaken(tx, dteType, folios, ids);
          for (const item of items) {
            if (item.dteType === dteType && taken.has(item.folio)) {
              problems.push({ chargeId: item.chargeId, message: billingMsg.folioTaken(item.folio) });
            }
          }
        }
        if (problems.length > 0) throw new IssueRefused(problems);
        const column = (values: unknown[], type: string) => sql`cast(${sql.param(values)} as ${sql.raw(type)}[])`;
        await tx.execute(sql`
          update ${billingCharges} as c set status = 'issued', dte_type = v.dte_type, folio = v.folio,
            issued_at = now(), issued_by = ${actor.userId}, updated_at = now()
          from unnest(
            ${column(ids, 'integer')}, ${column(
              items.map((item) => item.dteType),
              'text',
            )},
            ${column(
              items.map((item) => item.folio),
              'bigint',
            )}
          ) as v(id, dte_type, folio)
          where c.id = v.id
        `);
        await recordActivities(
          tx,
          actor,
          items.map((item) => {
            const row = rows.get(item.chargeId) as ChargeRow;
            return {
              kind: 'charge' as const,
              action: 'issued' as const,
              recordId: item.chargeId,
              recordLabel: row.description,
              businessId: row.businessId,
              details: {
                before: { status: CHARGE_STATUS_LABELS.draft },
                after: {
                  status: CHARGE_STATUS_LABELS.issued,
                  dteType: DTE_TYPE_LABELS[item.dteType],
                  folio: item.folio,
                },
              },
            };
          }),
        );
        return items.length;
      });
    } catch (error) {
      // Another charge took the folio between the check and the write.
      if (isUniqueViolation(error)) throw conflict(billingMsg.folioTaken(items[0]?.folio ?? 0), 'folio');
      throw error;
    }
  }

  async function issuedImportPreview(period: Period, bytes: Buffer): Promise<IssuedImportPreview> {
    return matchIssuedLines(await readSheet(bytes, BILLING_SHEET_RULES), await toInvoice(period));
  }

  /** A month's charges in list order (`inListOrder`), with the month's totals (void ones left out). */
  async function list(period: Period, status?: Status): Promise<ChargeList> {
    const rows = await chargesRepository.listOfMonth(db, period.year, period.month, status);
    const charges = inListOrder(await present(rows));
    const counted = charges.filter((charge) => charge.status !== 'void');
    const sum = (pick: (charge: Charge) => number | null) =>
      counted.reduce((total, charge) => total + (pick(charge) ?? 0), 0);
    return {
      period: `${period.year}-${String(period.month).padStart(2, '0')}`,
      charges,
      totals: {
        count: counted.length,
        net: sum((charge) => charge.net),
        tax: sum((charge) => charge.tax),
        total: sum((charge) => charge.total),
      },
    };
  }

  return {
    /** GET /api/billing/charges as stored JSON (see `list`). */
    listBuilt(period: Period, status?: Status): Promise<BuiltJson> {
      return lists.get(`${monthKey(period)}:${status ?? ''}`, () => list(period, status));
    },

    list,

    async get(id: number): Promise<Charge> {
      const row = await chargesRepository.findById(db, id);
      if (!row) throw notFound(billingMsg.chargeNotFound);
      return presentOne(row);
    },

    /**
     * A draft's (or waiting charge's) description and amount: pesos for a CLP charge, UF for a UF
     * one (converted again at its issue date's UF value, or still waiting). An issued or void charge
     * is refused (409): an issued one can only be voided. What it then owes is paid from any credit
     * its company holds, in the same transaction.
     */
    async update(id: number, input: UpdateInput, actor: ActivityActor): Promise<Charge> {
      const row = await db.transaction(async (tx) => {
        await deps.ledger?.lockCompanyOfCharge(tx, id);
        const before = await lockOne(tx, id);
        if (before.status !== 'draft' && before.status !== 'waiting_uf') throw conflict(billingMsg.onlyDraftEditable);
        const values: Partial<ChargeRow> = {};
        if (input.description !== undefined) values.description = input.description;
        if (input.amount !== undefined) {
          const parsed = (before.currency === 'UF' ? UfAmountInputSchema : PesosInputSchema).safeParse(input.amount);
          if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? billingMsg.required, 'amount');
          if (parsed.data <= 0) throw badRequest(billingMsg.amountPositive, 'amount');
          const ufValue =
            before.currency === 'UF'
              ? (before.ufValueHundredths ??
                (await ufValuesRepository.onDates(tx, [before.issueDate])).get(before.issueDate))
              : undefined;
          Object.assign(
            values,
            amountsFor(before.currency, parsed.data, before.documentType, before.issueDate, ufValue),
          );
          // What payments already paid of the charge stays paid: its total cannot go under it.
          const paid = (await deps.ledger?.paidOf(tx, id)) ?? 0;
          if (paid > 0 && (values.total ?? 0) < paid) throw conflict(collectionsMsg.totalBelowPaid(paid), 'amount');
        }
        const after = await chargesRepository.update(tx, id, values);
        if (!after) throw notFound(billingMsg.chargeNotFound);
        const details = changedFields(chargeSummary(before), chargeSummary(after), SUMMARY_FIELDS);
        if (details) {
          await recordActivity(tx, actor, {
            kind: 'charge',
            action: 'updated',
            recordId: id,
            recordLabel: after.description,
            businessId: after.businessId,
            details,
          });
        }
        await deps.ledger?.settleCompany(tx, after.businessId, actor);
        return after;
      });
      return presentOne(row);
    },

    /**
     * Voids a charge with its reason (kept with who and when); the charge stays, never deleted, and
     * so do its payments' allocations, which count no more: what they paid is the company's credit.
     */
    async void(id: number, reason: string, actor: ActivityActor): Promise<Charge> {
      const row = await db.transaction(async (tx) => {
        await deps.ledger?.lockCompanyOfCharge(tx, id);
        const before = await lockOne(tx, id);
        if (before.status === 'void') throw conflict(billingMsg.alreadyVoid);
        const after = await chargesRepository.update(tx, id, {
          status: 'void',
          voidReason: reason,
          voidedAt: new Date(),
          voidedBy: actor.userId,
        });
        if (!after) throw notFound(billingMsg.chargeNotFound);
        await recordActivity(tx, actor, {
          kind: 'charge',
          action: 'voided',
          recordId: id,
          recordLabel: after.description,
          businessId: after.businessId,
          details: {
            before: { status: CHARGE_STATUS_LABELS[before.status] },
            after: { status: CHARGE_STATUS_LABELS.void, reason },
          },
        });
        await deps.ledger?.settleCompany(tx, after.businessId, actor);
        return after;
      });
      return presentOne(row);
    },

    issue,

    /** Generates a month's charges by hand (see charge-generation.ts); months up to the next calendar month. */
    async generate(period: Period, actor: ActivityActor): Promise<GenerateChargesResult> {
      const latest = latestGenerableMonth(deps.now());
      if (period.year * 12 + period.month > latest.year * 12 + latest.month) {
        throw badRequest(billingMsg.monthNotOpen, 'month');
      }
      return deps.generation.generate(period, actor);
    },

    /** 'Exportar para facturar': the month's drafts by company name; the export is logged. */
    async exportRows(period: Period, actor: ActivityActor): Promise<{ rows: Charge[]; periodText: string }> {
      const rows = await toInvoice(period);
      const periodText = monthKey(period);
      await recordActivity(db, actor, {
        kind: 'charge',
        action: 'exported',
        recordLabel: billingMsg.exported(rows.length),
        details: { after: { month: periodText, total: rows.reduce((sum, row) => sum + (row.total ?? 0), 0) } },
      });
      return { rows, periodText };
    },

    /** The invoicing tool's export matched line by line to the month's charges to invoice; nothing is written. */
    issuedImportPreview,

    /** Marks every matched line's charge issued, or nothing when a line matches none (IssuedImportRefused). */
    async issuedImportConfirm(period: Period, bytes: Buffer, actor: ActivityActor): Promise<number> {
      const preview = await issuedImportPreview(period, bytes);
      if (preview.counts.invalid > 0) throw new IssuedImportRefused(preview.lines);
      return issue(
        preview.lines.flatMap((line) =>
          line.chargeId !== null && line.dteType !== null && line.folio !== null
            ? [{ chargeId: line.chargeId, dteType: line.dteType, folio: line.folio }]
            : [],
        ),
        actor,
      );
    },
  };
}

export type ChargesService = ReturnType<typeof createChargesService>;
