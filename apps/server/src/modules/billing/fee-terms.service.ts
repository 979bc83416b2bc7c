import { DOCUMENT_TYPE_LABELS, formatAgreedAmount, monthStart, periodOf, termsInForce } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { billingMsg } from '@app/shared/messages-billing';
import type {
  ExtraCharge,
  ExtraChargeInputSchema,
  FeeTerms,
  FeeTermsInputSchema,
  FeeTermsResponse,
} from '@app/shared/schemas/billing';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { type BillingCompany, presentExtra, presentTerms } from './billing.presenter.ts';
import {
  type ExtraChargeRow,
  extraChargesRepository,
  type FeeTermsRow,
  feeTermsRepository,
} from './fee-terms.repository.ts';

type TermsInput = z.output<typeof FeeTermsInputSchema>;
type ExtraInput = z.output<typeof ExtraChargeInputSchema>;

export interface FeeTermsDeps {
  /** The companies module: the company (404 'La empresa no existe' when there is none). */
  getBusiness(id: number): Promise<BillingCompany & { id: number }>;
  /** The users module: full names by id. */
  fullNamesOf(ids: readonly (number | null)[]): Promise<Map<number, string>>;
  now: () => Date;
}

/** A stored month ('2026-11-01') as the log shows it: '11-2026'. */
const shownMonth = (month: string) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

/** A version of the terms as the activity log names it: what a person reads on the form. */
function termsSummary(row: FeeTermsRow) {
  return {
    effectiveFrom: shownMonth(row.effectiveFrom),
    amount: formatAgreedAmount(row.currency, row.amount),
    documentType: DOCUMENT_TYPE_LABELS[row.documentType],
    billingDay: row.billingDay,
    paymentTermDays: row.paymentTermDays,
    contacts: row.contacts,
    toMonth: row.toMonth ? shownMonth(row.toMonth) : null,
    active: row.active,
  };
}
const TERMS_FIELDS = [
  'effectiveFrom',
  'amount',
  'documentType',
  'billingDay',
  'paymentTermDays',
  'contacts',
  'toMonth',
  'active',
] as const;

function extraSummary(row: ExtraChargeRow) {
  return {
    description: row.description,
    amount: formatAgreedAmount(row.currency, row.amount),
    documentType: DOCUMENT_TYPE_LABELS[row.documentType],
    recurrence: row.recurrence === 'once' ? 'Una vez' : 'Anual',
    month: row.onceMonth ? shownMonth(row.onceMonth) : null,
    monthOfYear: row.monthOfYear,
    active: row.active,
  };
}
const EXTRA_FIELDS = ['description', 'amount', 'documentType', 'recurrence', 'month', 'monthOfYear', 'active'] as const;

/** What an extra charge charges, and when: fixed once a charge came from it. */
const EXTRA_TERMS = [
  'description',
  'currency',
  'amount',
  'documentType',
  'recurrence',
  'onceMonth',
  'monthOfYear',
] as const satisfies readonly (keyof ExtraChargeRow)[];

const extraValues = (input: ExtraInput) => ({
  description: input.description,
  currency: input.currency,
  amount: input.amount,
  documentType: input.documentType,
  recurrence: input.recurrence,
  onceMonth: input.month ? monthStart(input.month) : null,
  monthOfYear: input.monthOfYear,
  active: input.active,
});

/** A company's fee terms (versions in force from a month) and its extra charges. */
export function createFeeTermsService(db: Db, deps: FeeTermsDeps) {
  async function presentHistory(rows: FeeTermsRow[], company: BillingCompany): Promise<FeeTerms[]> {
    const names = await deps.fullNamesOf(rows.map((row) => row.createdBy));
    return rows.map((row) => presentTerms(row, company, row.createdBy ? (names.get(row.createdBy) ?? null) : null));
  }

  async function extraOf(id: number) {
    const row = await extraChargesRepository.findById(db, id);
    if (!row) throw notFound(billingMsg.extraNotFound);
    return row;
  }

  async function presentOne(row: ExtraChargeRow): Promise<ExtraCharge> {
    return presentExtra({ ...row, used: await extraChargesRepository.isUsed(db, row.id) });
  }

  return {
    /** The terms in force this month (Santiago) and every version, newest first. */
    async get(businessId: number): Promise<FeeTermsResponse> {
      const company = await deps.getBusiness(businessId);
      const rows = await feeTermsRepository.history(db, businessId);
      const current = termsInForce(rows, periodOf(santiagoDate(deps.now())));
      const history = await presentHistory(rows, company);
      return { current: history.find((terms) => terms.id === current?.id) ?? null, history };
    },

    /** A new version of the terms, in force from its month; earlier versions stay as history. */
    async save(businessId: number, input: TermsInput, actor: ActivityActor): Promise<FeeTerms> {
      const company = await deps.getBusiness(businessId);
      const row = await db.transaction(async (tx) => {
        const inserted = await feeTermsRepository.insert(tx, {
          businessId,
          effectiveFrom: monthStart(input.effectiveFrom),
          currency: input.currency,
          amount: input.amount,
          documentType: input.documentType,
          billingDay: input.billingDay,
          paymentTermDays: input.paymentTermDays,
          contacts: input.contacts,
          toMonth: input.toMonth ? monthStart(input.toMonth) : null,
          active: input.active,
          createdBy: actor.userId,
        });
        await recordActivity(tx, actor, {
          kind: 'fee_terms',
          action: 'created',
          recordId: inserted.id,
          recordLabel: `Honorarios desde ${shownMonth(inserted.effectiveFrom)}`,
          businessId,
          details: { after: pickFields(termsSummary(inserted), TERMS_FIELDS) },
        });
        return inserted;
      });
      const [presented] = await presentHistory([row], company);
      if (!presented) throw new Error('terms not presented');
      return presented;
    },

    async listExtras(businessId: number): Promise<ExtraCharge[]> {
      await deps.getBusiness(businessId);
      return (await extraChargesRepository.listOf(db, businessId)).map(presentExtra);
    },

    async createExtra(businessId: number, input: ExtraInput, actor: ActivityActor): Promise<ExtraCharge> {
      await deps.getBusiness(businessId);
      const row = await db.transaction(async (tx) => {
        const inserted = await extraChargesRepository.insert(tx, {
          businessId,
          ...extraValues(input),
          createdBy: actor.userId,
        });
        await recordActivity(tx, actor, {
          kind: 'extra_charge',
          action: 'created',
          recordId: inserted.id,
          recordLabel: inserted.description,
          businessId,
          details: { after: pickFields(extraSummary(inserted), EXTRA_FIELDS) },
        });
        return inserted;
      });
      return presentExtra({ ...row, used: false });
    },

    /**
     * Changes an extra charge that produced no charge: its description, amount, document and when
     * it is charged. One that produced a charge may only be deactivated or activated again (409 for
     * any other change): what it charged stays as it was, and a new month or amount would charge
     * the same thing twice or under a name that no longer says what was charged; the firm
     * deactivates it and adds a new one. The row is locked first: a generation writing a charge
     * from it at the same moment makes the edit wait and then see it used (one that read it just
     * before the edit writes the charge it read, a draft the firm can still edit).
     */
    async updateExtra(id: number, input: ExtraInput, actor: ActivityActor): Promise<ExtraCharge> {
      const row = await db.transaction(async (tx) => {
        const before = await extraChargesRepository.lock(tx, id);
        if (!before) throw notFound(billingMsg.extraNotFound);
        const values = extraValues(input);
        if (EXTRA_TERMS.some((key) => values[key] !== before[key]) && (await extraChargesRepository.isUsed(tx, id))) {
          throw conflict(billingMsg.extraUsedNotEditable);
        }
        const after = await extraChargesRepository.update(tx, id, values);
        if (!after) throw notFound(billingMsg.extraNotFound);
        const details = changedFields(extraSummary(before), extraSummary(after), EXTRA_FIELDS);
        if (details) {
          await recordActivity(tx, actor, {
            kind: 'extra_charge',
            action: 'updated',
            recordId: id,
            recordLabel: after.description,
            businessId: after.businessId,
            details,
          });
        }
        return after;
      });
      return presentOne(row);
    },

    /**
     * Deletes an extra charge no charge came from; one that produced a charge is deactivated
     * instead (its charges keep naming it). Answers which happened.
     */
    async deleteExtra(id: number, actor: ActivityActor): Promise<'deleted' | 'deactivated'> {
      await extraOf(id);
      return db.transaction(async (tx) => {
        const row = await extraChargesRepository.lock(tx, id);
        if (!row) throw notFound(billingMsg.extraNotFound);
        if (await extraChargesRepository.isUsed(tx, id)) {
          if (row.active) {
            await extraChargesRepository.update(tx, id, { active: false });
            await recordActivity(tx, actor, {
              kind: 'extra_charge',
              action: 'disabled',
              recordId: id,
              recordLabel: row.description,
              businessId: row.businessId,
              details: { before: { active: true }, after: { active: false } },
            });
          }
          return 'deactivated';
        }
        await extraChargesRepository.delete(tx, id);
        await recordActivity(tx, actor, {
          kind: 'extra_charge',
          action: 'deleted',
          recordId: id,
          recordLabel: row.description,
          businessId: row.businessId,
          details: { before: pickFields(extraSummary(row), EXTRA_FIELDS) },
        });
        return 'deleted';
      });
    },
  };
}

export type FeeTermsService = ReturnType<typeof createFeeTermsService>;
