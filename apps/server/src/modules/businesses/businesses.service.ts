import { compareNames } from '@app/shared/collator';
import { companiesMsg } from '@app/shared/messages-companies';
import { currentPeriod, type Period, periodBounds } from '@app/shared/period';
import {
  type BusinessCreateOutput,
  BusinessListSchema,
  type BusinessUpdateOutput,
  type ResponsibleOption,
} from '@app/shared/schemas/businesses';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { isForeignKeyViolation, isStillReferenced, isUniqueViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import type { SubjectMatch } from '../../lib/subject-search.ts';
import { createBuiltJsonCache, readingTables, type TableChanges } from '../../lib/table-cache.ts';
import type { XlsxSheet } from '../../lib/xlsx-stream.ts';
import { presentBusiness } from './businesses.presenter.ts';
import { type BusinessRow, businessesRepository, type NewBusinessRow } from './businesses.repository.ts';
import { businesses } from './businesses.tables.ts';
import { businessesSheet } from './businesses-export.ts';

/** The company's fields an activity entry names (created, deleted: all; updated: those that changed). */
const LOGGED_FIELDS = [
  'name',
  'razonSocial',
  'rut',
  'startContract',
  'endContract',
  'legalRepresentative',
  'contact',
  'electronicFiling',
  'responsibleUserId',
  'taxRegime',
  'hasEmployees',
  'vatDeferred',
  'trackingSince',
] as const satisfies readonly (keyof BusinessRow)[];

interface Deps {
  events: EventBus;
  changes: TableChanges;
  /** Whether the user exists and is staff, the row locked (share) until the transaction ends. */
  isStaffWhileWriting(tx: DbOrTx, userId: number): Promise<boolean>;
  /** The staff (owners and collaborators), for the 'Encargado' choice. */
  listStaff(): Promise<{ id: number; name: string; lastName: string }[]>;
}

/** Companies: RUT valid and unique, contacts valid, deletes cascade. */
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

  /** Companies active in a period (default: the current one): contract started by its last day, not ended before its first. */
  function listActive(period: Period = currentPeriod()) {
    const { firstDay, lastDay } = periodBounds(period);
    return businessesRepository.listWithContractBetween(db, firstDay, lastDay);
  }

  async function assertRutFree(rut: string, exceptId?: number) {
    const existing = await businessesRepository.findByRut(db, rut);
    if (existing && existing.id !== exceptId) throw conflict(companiesMsg.rutExists, 'rut');
  }

  /**
   * A write that may hit the RUT index on a race: a 409 on the field rut, not a 500. It runs in one
   * transaction after checking that the owner named ('Encargado') is staff, that user's row locked
   * until commit, so a demotion to client or a deletion at the same moment waits and then empties it.
   */
  async function writeChecked<T>(responsibleUserId: number | null | undefined, write: (tx: DbOrTx) => Promise<T>) {
    try {
      return await db.transaction(async (tx) => {
        if (typeof responsibleUserId === 'number') {
          if (!(await deps.isStaffWhileWriting(tx, responsibleUserId))) {
            throw badRequest(companiesMsg.responsibleNotStaff, 'responsibleUserId');
          }
        }
        return write(tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(companiesMsg.rutExists, 'rut');
      if (isForeignKeyViolation(error)) throw badRequest(companiesMsg.responsibleNotStaff, 'responsibleUserId');
      throw error;
    }
  }

  return {
    getById,

    // The company import reads and writes companies with these (the writes inside its one transaction).
    /** The companies with these RUTs. */
    findByRuts: (ruts: string[]) => businessesRepository.findByRuts(db, ruts),
    /** The companies among `ids`, locked until the caller's transaction ends. */
    lockByIds: (tx: DbOrTx, ids: number[]) => businessesRepository.lockByIds(tx, ids),
    /** New companies in one statement, answering each one's id and RUT. */
    insertMany: (tx: DbOrTx, rows: NewBusinessRow[]) => businessesRepository.insertMany(tx, rows),
    /** An existing company's fields, while it still has this RUT (undefined otherwise). */
    updateWithRut: (tx: DbOrTx, id: number, rut: string, values: Partial<NewBusinessRow>) =>
      businessesRepository.updateWithRut(tx, id, rut, values),

    /** 'Buscar titular': the companies naming the person (contacts, legal representative, own RUT), in the caller's transaction when given. */
    aboutSubject: (match: SubjectMatch, tx: DbOrTx = db) => businessesRepository.aboutSubject(tx, match),

    /**
     * A suppression's change of a company's contacts and legal representative, in the caller's
     * transaction. Not logged as a change of the company: its entry would carry the person's data
     * as it was; the suppression's own entry counts it.
     */
    async setPersonFields(
      tx: DbOrTx,
      id: number,
      values: { contact: string; legalRepresentative: string },
    ): Promise<void> {
      await businessesRepository.update(tx, id, values);
    },

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

    /** Every company's id, read in the caller's transaction ('Activar todo' links them all). */
    listIds: (tx: DbOrTx = db) => businessesRepository.listIds(tx),

    /** These companies' names by id (the e-mail log shows them); a deleted company is missing. */
    listNames: readingTables([businesses], async (ids: readonly number[]) => {
      const rows = await businessesRepository.findByIds(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row.name]));
    }),

    /** The companies among these ids, in no particular order (names, owners and contacts for the scheduler's mails). */
    listByIds: readingTables([businesses], (ids: number[]) => businessesRepository.findByIds(db, ids)),

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

    /** Companies whose contract covers the period (read from the companies table only). */
    listActive: readingTables([businesses], listActive),

    /** Creates the company and its activity entry ('Creó Empresa') in one transaction. */
    async create(input: BusinessCreateOutput, actor: ActivityActor): Promise<BusinessRow> {
      await assertRutFree(input.rut);
      return writeChecked(input.responsibleUserId, async (tx) => {
        const row = await businessesRepository.insert(tx, input);
        await recordActivity(tx, actor, {
          kind: 'company',
          action: 'created',
          recordId: row.id,
          recordLabel: row.name,
          businessId: row.id,
          details: { after: pickFields(row, LOGGED_FIELDS) },
        });
        return row;
      });
    },

    /**
     * electronicFiling, responsibleUserId or trackingSince left out (undefined) keep their stored value. The entry
     * names the fields that changed (none changed: no entry), in the transaction of the change.
     */
    async update(id: number, input: BusinessUpdateOutput, actor: ActivityActor): Promise<BusinessRow> {
      await getById(id);
      await assertRutFree(input.rut, id);
      const row = await writeChecked(input.responsibleUserId, async (tx) => {
        const before = await businessesRepository.findById(tx, id);
        if (!before) return undefined;
        const after = await businessesRepository.update(tx, id, input);
        const details = after ? changedFields(before, after, LOGGED_FIELDS) : null;
        if (after && details) {
          await recordActivity(tx, actor, {
            kind: 'company',
            action: 'updated',
            recordId: id,
            recordLabel: after.name,
            businessId: id,
            details,
          });
        }
        return after;
      });
      if (!row) throw notFound(companiesMsg.businessNotFound);
      return row;
    },

    /**
     * 'Exportar a Excel' of the companies list (POST /api/business/export): the companies of `ids`
     * in that order, each once, as a sheet; an id naming no company (deleted meanwhile) is left out.
     */
    async exportSheet(ids: number[]): Promise<XlsxSheet> {
      const unique = [...new Set(ids)];
      const [rows, staff] = await Promise.all([businessesRepository.findByIds(db, unique), deps.listStaff()]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const names = new Map(staff.map((user) => [user.id, `${user.name} ${user.lastName}`.trim()]));
      const ordered = unique.flatMap((id) => byId.get(id) ?? []);
      return businessesSheet(ordered, (userId) => (userId === null ? '' : (names.get(userId) ?? '')));
    },

    /** The staff a company may be given as its owner, by name (GET /api/business/responsible-options). */
    async responsibleOptions(): Promise<ResponsibleOption[]> {
      const staff = await deps.listStaff();
      return staff
        .map((user) => ({ id: user.id, name: `${user.name} ${user.lastName}`.trim() }))
        .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    },

    /**
     * Deletes the company in one transaction: the foreign keys remove its client users (and their
     * sessions), service links, credentials, group memberships, monthly states and their history.
     * A company with charges or payments is kept (their foreign keys refuse): 409, nothing removed.
     */
    async delete(id: number, actor: ActivityActor): Promise<void> {
      await db
        .transaction(async (tx) => {
          const row = await businessesRepository.findById(tx, id);
          const deleted = row && (await businessesRepository.delete(tx, id));
          if (!row || !deleted) throw notFound(companiesMsg.businessNotFound);
          await recordActivity(tx, actor, {
            kind: 'company',
            action: 'deleted',
            recordId: id,
            recordLabel: row.name,
            businessId: id,
            businessName: row.name,
            details: { before: pickFields(row, LOGGED_FIELDS) },
          });
        })
        .catch((error: unknown) => {
          if (isStillReferenced(error)) throw conflict(companiesMsg.businessHasBilling);
          throw error;
        });
      deps.events.emit('business.deleted', { businessId: id });
    },
  };
}

export type BusinessesService = ReturnType<typeof createBusinessesService>;
