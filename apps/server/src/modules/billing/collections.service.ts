import { AGING_BUCKETS, type AgingBucket, agingBucket, daysOverdue } from '@app/shared/billing';
import { compareNames } from '@app/shared/collator';
import { santiagoDate } from '@app/shared/current-period';
import { cleanRut } from '@app/shared/rut';
import {
  type AgingAmounts,
  type CollectionRow,
  type CollectionsList,
  CollectionsListSchema,
  type CollectionsQuerySchema,
} from '@app/shared/schemas/billing-collections';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { createBuiltJsonCache, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import {
  billingBusinessFlags,
  billingCharges,
  billingFeeTerms,
  billingPaymentAllocations,
  billingPayments,
} from './billing.tables.ts';
import { collectionsRepository } from './collections.repository.ts';

type Query = z.output<typeof CollectionsQuerySchema>;

export interface CollectionsDeps {
  now: () => Date;
  /** Which tables changed (any instance): what the lists kept in memory check. */
  changes: TableChanges;
  /** The companies module: these companies, in any order (a deleted one is missing). */
  listBusinessesByIds: ((
    ids: number[],
  ) => Promise<{ id: number; name: string; razonSocial: string; rut: string; responsibleUserId: number | null }[]>) &
    TablesRead;
  /** The users module: full names by id. */
  fullNamesOf: ((ids: readonly (number | null)[]) => Promise<Map<number, string>>) & TablesRead;
  /** The groups module: the companies of a group (none for an unknown group). */
  groupMemberIds: ((groupId: number) => Promise<number[]>) & TablesRead;
}

const noAmounts = (): AgingAmounts => ({ current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 });

/** Text as searched: lower case without accents. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether a row matches the search: its name or razón social, or its RUT written with or without dots and dash. */
function matches(row: CollectionRow, q: string): boolean {
  const wanted = folded(q);
  if (folded(row.name).includes(wanted) || folded(row.razonSocial).includes(wanted)) return true;
  const rut = cleanRut(q);
  return rut.length > 0 && /^[\dK]+$/.test(rut) && cleanRut(row.rut).includes(rut);
}

/**
 * 'Cobranza': every company with billing, what it owes (open charges less its credit), its oldest
 * open due date and how late that is (the shared aging buckets), its open amounts by bucket, and
 * the totals. Two aggregate queries over the firm (open amounts by company and due date; each
 * company's owed and paid totals) and the companies' rows; the buckets are the shared rule's.
 */
export function createCollectionsService(db: Db, deps: CollectionsDeps) {
  // Each filtered list of the day kept as built JSON (gzip) until one of its tables changes.
  const lists = createBuiltJsonCache(deps.changes, {
    name: 'billing-collections',
    tables: [
      billingCharges,
      billingPayments,
      billingPaymentAllocations,
      billingFeeTerms,
      billingBusinessFlags,
      ...deps.listBusinessesByIds.tables,
      ...deps.fullNamesOf.tables,
      ...deps.groupMemberIds.tables,
    ],
    schema: CollectionsListSchema,
    maxEntries: 20,
  });

  async function rows(today: string): Promise<CollectionRow[]> {
    // Both read in one snapshot, so the credit below adds up.
    const [open, ledgers] = await db.transaction(
      async (tx) => [await collectionsRepository.openByDueDate(tx), await collectionsRepository.companies(tx)] as const,
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const companies = await deps.listBusinessesByIds(ledgers.map((ledger) => ledger.businessId));
    const names = await deps.fullNamesOf(companies.map((company) => company.responsibleUserId));
    const byCompany = new Map<
      number,
      { buckets: AgingAmounts; oldest: string | null; open: number; charges: number }
    >();
    for (const entry of open) {
      let sums = byCompany.get(entry.businessId);
      if (!sums) {
        sums = { buckets: noAmounts(), oldest: null, open: 0, charges: 0 };
        byCompany.set(entry.businessId, sums);
      }
      sums.buckets[agingBucket(entry.dueDate, today)] += entry.open;
      sums.open += entry.open;
      sums.charges += entry.charges;
      if (sums.oldest === null || entry.dueDate < sums.oldest) sums.oldest = entry.dueDate;
    }
    const ledgerOf = new Map(ledgers.map((ledger) => [ledger.businessId, ledger]));
    return companies.map((company) => {
      const ledger = ledgerOf.get(company.id);
      const sums = byCompany.get(company.id);
      const openAmount = sums?.open ?? 0;
      // What payments paid of owed charges is their totals less what is open of them (a charge is
      // never paid beyond its total), so the credit is the payments less that.
      const credit = (ledger?.paid ?? 0) - ((ledger?.charged ?? 0) - openAmount);
      const oldest = sums?.oldest ?? null;
      return {
        businessId: company.id,
        name: company.name,
        razonSocial: company.razonSocial,
        rut: company.rut,
        responsibleUserId: company.responsibleUserId,
        responsibleName: company.responsibleUserId === null ? null : (names.get(company.responsibleUserId) ?? null),
        open: openAmount,
        credit,
        balance: openAmount - credit,
        oldestDueDate: oldest,
        bucket: oldest === null ? null : agingBucket(oldest, today),
        daysOverdue: oldest === null ? 0 : daysOverdue(oldest, today),
        buckets: sums?.buckets ?? noAmounts(),
        openCharges: sums?.charges ?? 0,
        receiptsToConfirm: ledger?.receiptsToConfirm ?? 0,
        remindersStopped: ledger?.remindersStopped ?? false,
      };
    });
  }

  function sortRows(list: CollectionRow[], sort: Query['sort'], order: Query['order']) {
    const direction = order === 'desc' ? -1 : 1;
    const byName = (a: CollectionRow, b: CollectionRow) => compareNames(a.name, b.name) || a.businessId - b.businessId;
    const primary = (a: CollectionRow, b: CollectionRow): number => {
      if (sort === 'balance') return a.balance - b.balance;
      if (sort === 'oldestDue') {
        // Companies with nothing open come last in either order.
        if (a.oldestDueDate === b.oldestDueDate) return 0;
        if (a.oldestDueDate === null) return direction;
        if (b.oldestDueDate === null) return -direction;
        return a.oldestDueDate < b.oldestDueDate ? -1 : 1;
      }
      return byName(a, b);
    };
    return list.sort((a, b) => direction * primary(a, b) || byName(a, b));
  }

  async function list(query: Query): Promise<CollectionsList> {
    const today = santiagoDate(deps.now());
    let list = await rows(today);
    if (query.responsible !== undefined) {
      const wanted = query.responsible === 'none' ? null : query.responsible;
      list = list.filter((row) => row.responsibleUserId === wanted);
    }
    if (query.group !== undefined) {
      const members = new Set(await deps.groupMemberIds(query.group));
      list = list.filter((row) => members.has(row.businessId));
    }
    if (query.overdue) list = list.filter((row) => row.daysOverdue > 0);
    if (query.q) {
      const q = query.q;
      list = list.filter((row) => matches(row, q));
    }
    sortRows(list, query.sort, query.order);
    const buckets = noAmounts();
    for (const row of list) for (const bucket of AGING_BUCKETS) buckets[bucket as AgingBucket] += row.buckets[bucket];
    return {
      asOf: today,
      rows: list,
      totals: {
        companies: list.length,
        overdueCompanies: list.filter((row) => row.daysOverdue > 0).length,
        open: list.reduce((sum, row) => sum + row.open, 0),
        credit: list.reduce((sum, row) => sum + row.credit, 0),
        balance: list.reduce((sum, row) => sum + row.balance, 0),
        buckets,
      },
    };
  }

  return {
    list,

    /** The list as stored JSON, kept per day and filter until billing, companies, staff or groups change. */
    listBuilt(query: Query): Promise<BuiltJson> {
      const key = [
        santiagoDate(deps.now()),
        query.responsible,
        query.group,
        query.overdue,
        query.q,
        query.sort,
        query.order,
      ];
      return lists.get(JSON.stringify(key), () => list(query));
    },

    /** Companies with a charge past due and unpaid: the monthly board's small mark. */
    async overdueIds(): Promise<number[]> {
      return collectionsRepository.overdueIds(db, santiagoDate(deps.now()));
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
