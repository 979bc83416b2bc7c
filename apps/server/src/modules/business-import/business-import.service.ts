import { companiesMsg } from '@app/shared/messages-companies';
import { importMsg } from '@app/shared/messages-import';
import {
  IMPORT_HEADERS,
  type ImportError,
  type ImportPreview,
  type ImportRow,
} from '@app/shared/schemas/business-import';
import { type ActivityEntryInput, changedFields, recordActivities } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { XlsxSheet } from '../../lib/xlsx-stream.ts';
import { readSheet } from './business-import.parser.ts';
import {
  type CompaniesNow,
  type CurrentCompany,
  checkRow,
  firmNames,
  mergeContacts,
  normalise,
  type RowsSoFar,
  sheetColumns,
  textOf,
  updateOf,
} from './business-import.rows.ts';

/** A company's fields an import writes, as the activity log names them. */
const IMPORTED_FIELDS = [
  'name',
  'razonSocial',
  'rut',
  'legalRepresentative',
  'contact',
  'startContract',
  'endContract',
  'responsibleUserId',
  'trackingSince',
] as const;

/** A company as the import reads and writes it. */
export type ImportedCompany = CurrentCompany & { rut: string };

/** A company's fields as the import writes them. */
type CompanyFields = Omit<ImportedCompany, 'id'>;

/**
 * What the import reads and writes of the firm, each through the module that owns it; the
 * writes run inside the import's one transaction (`tx`).
 */
export interface BusinessImportDeps {
  /** Services module: every service's id and name, by its order (a sheet column each). */
  listServiceNames(): Promise<{ id: number; name: string }[]>;
  /** Users module: the staff, the owners a row may name. */
  listStaff(): Promise<{ id: number; name: string; lastName: string; email: string }[]>;
  /** Users module: how many client users each company has. */
  countClientsOf(businessIds: number[]): Promise<Map<number, number>>;
  /** Users module: whether the user is staff, the row locked until the transaction ends. */
  isStaffWhileWriting(tx: DbOrTx, userId: number): Promise<boolean>;
  /** Groups module: every group's id and name (in the transaction when `tx` is given). */
  listGroupNames(tx?: DbOrTx): Promise<{ id: number; name: string }[]>;
  /** Groups module: the names of each company's groups. */
  groupNamesOf(businessIds: number[]): Promise<Map<number, string[]>>;
  /** Groups module: a new group's id. */
  insertGroup(tx: DbOrTx, name: string): Promise<number>;
  /** Groups module: companies added to groups (one already in stays). */
  addGroupMembers(tx: DbOrTx, members: { groupId: number; businessId: number }[]): Promise<void>;
  /** Companies module: the companies with these RUTs. */
  findBusinessesByRuts(ruts: string[]): Promise<ImportedCompany[]>;
  /** Companies module: the companies among `ids`, locked until the transaction ends. */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<ImportedCompany[]>;
  /** Companies module: new companies, answering each one's id and RUT. */
  insertBusinesses(tx: DbOrTx, rows: CompanyFields[]): Promise<{ id: number; rut: string }[]>;
  /** Companies module: a company's fields while it still has this RUT (undefined otherwise). */
  updateBusinessWithRut(
    tx: DbOrTx,
    id: number,
    rut: string,
    values: Partial<CompanyFields>,
  ): Promise<ImportedCompany | undefined>;
  /** Business-services module: every link of these companies. */
  listServiceLinksOf(
    businessIds: number[],
  ): Promise<{ businessId: number; serviceId: number; startDate: string; active: boolean }[]>;
  /** Business-services module: links made active from their start dates (an existing one takes both). */
  activateServiceLinks(
    tx: DbOrTx,
    links: { businessId: number; serviceId: number; startDate: string }[],
  ): Promise<void>;
}

interface Validated {
  preview: ImportPreview;
  /** Group names (as first written) the firm does not have yet. */
  newGroups: string[];
  /** The contacts each row lists (by sheet row), before they are added to an existing company's. */
  listedContacts: Map<number, string>;
}

/** Ids (or RUTs) per read or write: far below a statement's parameter limit. */
const CHUNK = 1000;
/** New companies per INSERT (eight values each). */
const INSERT_CHUNK = 500;

function inChunks<T>(values: T[], size = CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < values.length; at += size) chunks.push(values.slice(at, at + size));
  return chunks;
}

/**
 * 'Importar empresas' from a spreadsheet: validates every row against the firm (preview), then
 * writes companies, new groups and memberships, owners and service links in one transaction.
 */
export function createBusinessImportService(db: Db, deps: BusinessImportDeps) {
  /** The companies the valid rows name (by RUT), with their groups, service links and client users. */
  async function companiesNow(ruts: string[]): Promise<CompaniesNow> {
    const byRut = new Map<string, ImportedCompany>();
    for (const chunk of inChunks(ruts)) {
      for (const business of await deps.findBusinessesByRuts(chunk)) byRut.set(business.rut, business);
    }
    const now: CompaniesNow = { byRut, groupsOf: new Map(), linksOf: new Map(), clientUsersOf: new Map() };
    for (const chunk of inChunks([...byRut.values()].map((business) => business.id))) {
      const [groups, links, clients] = await Promise.all([
        deps.groupNamesOf(chunk),
        deps.listServiceLinksOf(chunk),
        deps.countClientsOf(chunk),
      ]);
      for (const [businessId, names] of groups) now.groupsOf.set(businessId, names);
      for (const { businessId, serviceId, startDate, active } of links) {
        const ofBusiness = now.linksOf.get(businessId) ?? new Map();
        ofBusiness.set(serviceId, { startDate, active });
        now.linksOf.set(businessId, ofBusiness);
      }
      for (const [businessId, count] of clients) now.clientUsersOf.set(businessId, count);
    }
    return now;
  }

  /** Parses and validates every row; reads the firm, writes nothing. */
  async function validate(bytes: Buffer): Promise<Validated> {
    const rows = await readSheet(bytes);
    const [services, staff, groups] = await Promise.all([
      deps.listServiceNames(),
      deps.listStaff(),
      deps.listGroupNames(),
    ]);
    const columns = sheetColumns(rows, services);
    const firm = firmNames(staff, groups);

    const errors: ImportError[] = [];
    const valid: ImportRow[] = [];
    const soFar: RowsSoFar = { newGroups: new Map(), firstRowOfRut: new Map() };
    let total = 0;
    for (const row of rows) {
      if (row.number === 1 || !row.cells.some((cell) => textOf(cell) !== '')) continue;
      total++;
      const checked = checkRow(row, columns, firm, soFar);
      if ('errors' in checked) errors.push(...checked.errors);
      else valid.push(checked.valid);
    }
    if (total === 0) throw new AppError(400, importMsg.emptySheet);

    const now = await companiesNow(valid.map((row) => row.rut));
    const listedContacts = new Map<number, string>();
    const create: ImportRow[] = [];
    const update: ImportRow[] = [];
    for (const row of valid) {
      listedContacts.set(row.row, row.contact);
      const current = now.byRut.get(row.rut);
      if (current === undefined) {
        create.push(row);
        continue;
      }
      const compared = updateOf(row, current, now, firm.staffName);
      if ('error' in compared) errors.push(compared.error);
      else update.push(compared.update);
    }
    errors.sort((a, b) => a.row - b.row);
    return { preview: { create, update, errors, total }, newGroups: [...soFar.newGroups.values()], listedContacts };
  }

  /** Each change of an existing company's name the preview asked about and the confirm did not name. */
  function unconfirmedRenamesOf(update: ImportRow[], confirmedRenames: ReadonlySet<number>): ImportError[] {
    return update.flatMap((row): ImportError[] =>
      row.renamedFrom === null || confirmedRenames.has(row.businessId ?? 0)
        ? []
        : [
            {
              row: row.row,
              column: IMPORT_HEADERS.name,
              message: importMsg.renameNotConfirmed(row.renamedFrom, row.name),
            },
          ],
    );
  }

  /** The owners named stay staff until commit (a demotion at the same moment waits); 409 when one is not. */
  async function lockOwners(tx: DbOrTx, rows: ImportRow[]) {
    const owners = [...new Set(rows.flatMap((row) => (row.responsibleUserId === null ? [] : [row.responsibleUserId])))];
    // In id order, as every lock of user rows is taken.
    for (const owner of owners.sort((a, b) => a - b)) {
      if (!(await deps.isStaffWhileWriting(tx, owner))) throw new AppError(409, companiesMsg.responsibleNotStaff);
    }
  }

  /** The id of every group the rows name, by normalised name: the firm's, and the new ones made now. */
  async function groupIdsFor(tx: DbOrTx, newGroups: string[]): Promise<Map<string, number>> {
    const groupIds = new Map<string, number>();
    for (const group of await deps.listGroupNames(tx)) groupIds.set(normalise(group.name), group.id);
    for (const name of newGroups) {
      if (groupIds.has(normalise(name))) continue;
      groupIds.set(normalise(name), await deps.insertGroup(tx, name));
    }
    return groupIds;
  }

  /** New companies: their ids by sheet row, and an 'imported' entry each with its fields and group. */
  async function insertNew(
    tx: DbOrTx,
    create: ImportRow[],
    idOfRow: Map<number, number>,
  ): Promise<ActivityEntryInput[]> {
    for (const chunk of inChunks(create, INSERT_CHUNK)) {
      const inserted = await deps.insertBusinesses(
        tx,
        chunk.map((row) => ({
          name: row.name,
          razonSocial: row.razonSocial,
          rut: row.rut,
          legalRepresentative: row.legalRepresentative,
          contact: row.contact,
          startContract: row.startContract,
          endContract: row.endContract,
          responsibleUserId: row.responsibleUserId,
          trackingSince: row.trackingSince,
        })),
      );
      const byRut = new Map(inserted.map((business) => [business.rut, business.id]));
      for (const row of chunk) idOfRow.set(row.row, byRut.get(row.rut) ?? 0);
    }
    return create.map((row) => ({
      kind: 'company',
      action: 'imported',
      recordId: idOfRow.get(row.row) ?? null,
      recordLabel: row.name,
      businessId: idOfRow.get(row.row) ?? null,
      businessName: row.name,
      details: {
        after: { ...Object.fromEntries(IMPORTED_FIELDS.map((field) => [field, row[field]])), grupo: row.group },
      },
    }));
  }

  /**
   * Existing companies' fields (their contacts added to, an owner only when the row names one),
   * each locked first; an 'updated' entry each with the fields that changed.
   */
  async function updateExisting(
    tx: DbOrTx,
    update: ImportRow[],
    listedContacts: Map<number, string>,
    idOfRow: Map<number, number>,
  ): Promise<ActivityEntryInput[]> {
    // Locked: the contacts added to are the ones each company has when it is written.
    const locked = await deps.lockBusinesses(
      tx,
      update.map((row) => row.businessId ?? 0),
    );
    const beforeById = new Map(locked.map((row) => [row.id, row]));
    const entries: ActivityEntryInput[] = [];
    for (const row of update) {
      const id = row.businessId ?? 0;
      const before = beforeById.get(id);
      if (!before) throw conflict(companiesMsg.businessNotFound, 'rut');
      const after = await deps.updateBusinessWithRut(tx, id, row.rut, {
        name: row.name,
        razonSocial: row.razonSocial,
        legalRepresentative: row.legalRepresentative,
        // Added to the contacts the company has as this transaction reads them.
        contact: mergeContacts(before.contact, listedContacts.get(row.row) ?? ''),
        startContract: row.startContract,
        endContract: row.endContract,
        ...(row.responsibleUserId === null ? {} : { responsibleUserId: row.responsibleUserId }),
        ...(row.trackingSince === null ? {} : { trackingSince: row.trackingSince }),
      });
      if (!after) throw conflict(companiesMsg.businessNotFound, 'rut');
      idOfRow.set(row.row, id);
      entries.push({
        kind: 'company',
        action: 'updated',
        recordId: id,
        recordLabel: after.name,
        businessId: id,
        businessName: after.name,
        details: changedFields(before, after, IMPORTED_FIELDS),
      });
    }
    return entries;
  }

  /** Every row's company into its group, and linked to its services from their start months. */
  async function addMembershipsAndLinks(
    tx: DbOrTx,
    rows: ImportRow[],
    groupIds: Map<string, number>,
    idOfRow: Map<number, number>,
  ) {
    const members = rows.flatMap((row) => {
      const groupId = row.group === null ? undefined : groupIds.get(normalise(row.group));
      const businessId = idOfRow.get(row.row);
      return groupId && businessId ? [{ groupId, businessId }] : [];
    });
    for (const chunk of inChunks(members)) await deps.addGroupMembers(tx, chunk);
    const links = rows.flatMap((row) =>
      row.services.map((link) => ({
        businessId: idOfRow.get(row.row) ?? 0,
        serviceId: link.serviceId,
        startDate: link.startDate,
      })),
    );
    for (const chunk of inChunks(links)) await deps.activateServiceLinks(tx, chunk);
  }

  return {
    /** POST /api/business/import/preview: what the file would create and update, and every bad cell. */
    async preview(bytes: Buffer): Promise<ImportPreview> {
      return (await validate(bytes)).preview;
    },

    /**
     * POST /api/business/import/confirm: validates the file again and, without errors, writes every
     * row in one transaction (companies, new groups and memberships, owners, service links). A row
     * that changes an existing company's name is written only when that company is among
     * `confirmedRenames` (the preview asks for each one): otherwise nothing is written and every
     * such row is answered. An existing company keeps its contacts; the row's are added.
     *
     * The activity log gets one entry per company, in the same transaction and one statement: 'imported'
     * with the company's fields (and its group) for a new one, 'updated' with the fields that changed
     * (details null when the row changed only its group or services) for an existing one.
     */
    async confirm(
      bytes: Buffer,
      actor: ActivityActor,
      confirmedRenames: ReadonlySet<number>,
    ): Promise<
      { created: number; updated: number } | { errors: ImportError[] } | { unconfirmedRenames: ImportError[] }
    > {
      const { preview, newGroups, listedContacts } = await validate(bytes);
      if (preview.errors.length > 0) return { errors: preview.errors };
      const unconfirmedRenames = unconfirmedRenamesOf(preview.update, confirmedRenames);
      if (unconfirmedRenames.length > 0) return { unconfirmedRenames };
      const rows = [...preview.create, ...preview.update];
      try {
        await db.transaction(async (tx) => {
          await lockOwners(tx, rows);
          const groupIds = await groupIdsFor(tx, newGroups);
          const idOfRow = new Map<number, number>();
          const entries = [
            ...(await insertNew(tx, preview.create, idOfRow)),
            ...(await updateExisting(tx, preview.update, listedContacts, idOfRow)),
          ];
          await addMembershipsAndLinks(tx, rows, groupIds, idOfRow);
          await recordActivities(tx, actor, entries);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(companiesMsg.rutExists, 'rut');
        throw error;
      }
      return { created: preview.create.length, updated: preview.update.length };
    },

    /** GET /api/business/import/template: the headers, one column per service, no rows. */
    async template(): Promise<XlsxSheet> {
      const services = await deps.listServiceNames();
      return {
        name: companiesMsg.exportSheet,
        columns: [
          ...Object.values(IMPORT_HEADERS).map((header) => ({ header, width: Math.max(14, header.length + 4) })),
          ...services.map((service) => ({ header: service.name, width: Math.max(12, service.name.length + 2) })),
        ],
        rows: [],
      };
    },
  };
}
export type BusinessImportService = ReturnType<typeof createBusinessImportService>;
