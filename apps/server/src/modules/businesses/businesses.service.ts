import { companiesMsg } from '@app/shared/messages-companies';
import { currentPeriod, type Period, periodBounds } from '@app/shared/period';
import { type BusinessCreateOutput, BusinessListSchema } from '@app/shared/schemas/businesses';
import type { Db } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { createBuiltJsonCache, type TableChanges } from '../../lib/table-cache.ts';
import { presentBusiness } from './businesses.presenter.ts';
import { type BusinessRow, businessesRepository } from './businesses.repository.ts';

interface Deps {
  events: EventBus;
  changes: TableChanges;
}

/** Companies (spec 1 §2.8, §2.9, §3, §5; DESIGN.md §4): RUT valid and unique, contacts valid, deletes cascade. */
export function createBusinessesService(db: Db, deps: Deps) {
  const lists = createBuiltJsonCache(deps.changes, {
    name: 'business-lists',
    tables: [businesses],
    schema: BusinessListSchema,
    maxEntries: 3,
  });
  async function getById(id: number): Promise<BusinessRow> {
    const row = await businessesRepository.findById(db, id);
    if (!row) throw notFound(companiesMsg.businessNotFound);
    return row;
  }

  /** Companies active in a period (default: the current one, DESIGN.md §4). */
  function listActive(period: Period = currentPeriod()) {
    const { firstDay, lastDay } = periodBounds(period);
    return businessesRepository.listWithContractBetween(db, firstDay, lastDay);
  }

  async function assertRutFree(rut: string, exceptId?: number) {
    const existing = await businessesRepository.findByRut(db, rut);
    if (existing && existing.id !== exceptId) throw conflict(companiesMsg.rutExists, 'rut');
  }

  /** A write that may hit the RUT index on a race: a 409 on the field rut, not a 500. */
  async function withRutConflict<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(companiesMsg.rutExists, 'rut');
      throw error;
    }
  }

  return {
    getById,

    async assertExists(id: number): Promise<void> {
      await getById(id);
    },

    /** 400 on the field when any id names no company (groups). */
    async assertAllExist(ids: number[], field: string): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await businessesRepository.existingIds(db, unique);
      if (found.length !== unique.length) throw badRequest(companiesMsg.businessNotFound, field);
    },

    list: () => businessesRepository.list(db),

    /**
     * GET /api/business as stored JSON: built once per change of the companies table (any
     * instance), so 2,000 companies cost no database work per request, not a rebuild.
     */
    listBuilt(): Promise<BuiltJson> {
      return lists.get('all', async () => (await businessesRepository.list(db)).map(presentBusiness));
    },

    /** GET /api/business/active, the same way, per current period. */
    listActiveBuilt(): Promise<BuiltJson> {
      const period = currentPeriod();
      return lists.get(`active-${period.year}-${period.month}`, async () =>
        (await listActive(period)).map(presentBusiness),
      );
    },

    listActive,

    async create(input: BusinessCreateOutput): Promise<BusinessRow> {
      await assertRutFree(input.rut);
      return withRutConflict(() => businessesRepository.insert(db, input));
    },

    async update(id: number, input: BusinessCreateOutput): Promise<BusinessRow> {
      await getById(id);
      await assertRutFree(input.rut, id);
      const row = await withRutConflict(() => businessesRepository.update(db, id, input));
      if (!row) throw notFound(companiesMsg.businessNotFound);
      return row;
    },

    /**
     * Deletes the company in one transaction: the foreign keys remove its client users (and their
     * sessions), service links, credentials, group memberships, monthly states and their history.
     */
    async delete(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await businessesRepository.delete(tx, id);
        if (!deleted) throw notFound(companiesMsg.businessNotFound);
      });
      deps.events.emit('business.deleted', { businessId: id });
    },
  };
}

export type BusinessesService = ReturnType<typeof createBusinessesService>;
