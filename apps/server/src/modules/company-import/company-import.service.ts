import { companiesMsg } from '@app/shared/messages-companies';
import { importMsg } from '@app/shared/messages-import';
import { STAFF_ROLES } from '@app/shared/roles';
import { BusinessCreateSchema, splitContacts } from '@app/shared/schemas/businesses';
import {
  IMPORT_HEADERS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportChange,
  type ImportColumn,
  type ImportError,
  type ImportPreview,
  type ImportRow,
} from '@app/shared/schemas/company-import';
import { GroupCreateSchema } from '@app/shared/schemas/groups';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type ActivityEntryInput, changedFields, recordActivities } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { XlsxSheet } from '../../lib/xlsx-stream.ts';
import { businessServices } from '../business-services/business-services.tables.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { businessGroupMembers, businessGroups } from '../groups/groups.tables.ts';
import { services } from '../services/services.tables.ts';
import { users } from '../users/users.tables.ts';
import { type Cell, readSheet } from './company-import.parser.ts';

/** Lower case, no accents, single spaces: how headers, groups and owners' names are matched. */
export const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Other ways sheets name the fixed columns. */
const ALIASES: Partial<Record<ImportColumn, string[]>> = {
  contact: ['Contacto', 'Contacto(s)', 'Contactos', 'Email', 'Correo'],
  responsible: ['Encargado', 'Responsable'],
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A date cell: a real date (its UTC day, as Excel stores it), 'DD-MM-YYYY', 'DD/MM/YYYY' or 'YYYY-MM-DD'. */
export function dateOf(cell: Cell): string {
  if (cell instanceof Date) return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  const text = cell === null ? '' : String(cell).trim();
  const chilean = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (chilean) return `${chilean[3]}-${pad(Number(chilean[2]))}-${pad(Number(chilean[1]))}`;
  return text;
}

/** A service column's cell: 'MM-YYYY' (or 'MM/YYYY', or a real date, its month) as 'YYYY-MM-01'; undefined when invalid. */
export function monthOf(cell: Cell): string | undefined {
  if (cell instanceof Date) return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-01`;
  const match = /^(\d{1,2})[-/.](\d{4})$/.exec(String(cell).trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12 || year < 1900 || year > 2100) return undefined;
  return `${year}-${pad(month)}-01`;
}

const textOf = (cell: Cell | undefined) =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? dateOf(cell) : String(cell).trim();

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
] as const;

interface Validated {
  preview: ImportPreview;
  /** Group names (as first written) the firm does not have yet. */
  newGroups: string[];
  /** The contacts each row lists (by sheet row), before they are added to an existing company's. */
  listedContacts: Map<number, string>;
}

/** A company's contacts and then the row's new ones (an import adds contacts, never removes one). */
export function mergeContacts(current: string, listed: string): string {
  const addresses = splitContacts(current);
  const known = new Set(addresses.map((address) => address.toLowerCase()));
  for (const address of splitContacts(listed)) {
    if (!known.has(address.toLowerCase())) addresses.push(address);
    known.add(address.toLowerCase());
  }
  return addresses.join(',');
}

/** The longest contacts text a company keeps (the form's limit). */
const CONTACT_MAX = 1000;

const shownDate = (date: string | null) =>
  date ? `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}` : null;
const shownMonth = (date: string) => `${date.slice(5, 7)}-${date.slice(0, 4)}`;
const shownContacts = (contact: string) => splitContacts(contact).join(', ');

function inChunks<T>(values: T[], size = 1000): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < values.length; at += size) chunks.push(values.slice(at, at + size));
  return chunks;
}

export function createCompanyImportService(db: Db) {
  async function firmData() {
    const [serviceRows, staff, groups] = await Promise.all([
      db.select({ id: services.id, name: services.name }).from(services).orderBy(services.order, services.id),
      db
        .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES])),
      db.select({ id: businessGroups.id, name: businessGroups.name }).from(businessGroups),
    ]);
    return { serviceRows, staff, groups };
  }

  /** Parses and validates every row; reads the firm, writes nothing. */
  async function validate(bytes: Buffer): Promise<Validated> {
    const rows = await readSheet(bytes);
    const { serviceRows, staff, groups } = await firmData();
    // The header is the sheet's first row: a sheet starting lower has none.
    const header = (rows[0]?.number === 1 ? rows[0].cells : []).map((cell) => normalise(textOf(cell)));
    const columnOf = new Map<ImportColumn, number>();
    for (const [key, label] of Object.entries(IMPORT_HEADERS) as [ImportColumn, string][]) {
      const names = [label, ...(ALIASES[key] ?? [])].map(normalise);
      const index = header.findIndex((name) => names.includes(name));
      if (index >= 0) columnOf.set(key, index);
    }
    for (const key of IMPORT_REQUIRED_COLUMNS) {
      if (!columnOf.has(key)) throw new AppError(400, importMsg.missingHeader(IMPORT_HEADERS[key]));
    }
    const serviceColumns = serviceRows.flatMap((service) => {
      const index = header.indexOf(normalise(service.name));
      return index >= 0 ? [{ service, index }] : [];
    });
    const staffByName = new Map<string, number[]>();
    for (const user of staff) {
      for (const key of [normalise(`${user.name} ${user.lastName}`), normalise(user.email)]) {
        staffByName.set(key, [...(staffByName.get(key) ?? []), user.id]);
      }
    }
    const staffName = new Map(staff.map((user) => [user.id, `${user.name} ${user.lastName}`.trim()]));
    const groupByName = new Map(groups.map((group) => [normalise(group.name), group.name]));
    const newGroups = new Map<string, string>();

    const errors: ImportError[] = [];
    const valid: ImportRow[] = [];
    const firstRowOfRut = new Map<string, number>();
    let total = 0;
    for (const { number: row, cells } of rows) {
      if (row === 1 || !cells.some((cell) => textOf(cell) !== '')) continue;
      total++;
      const cell = (key: ImportColumn) => {
        const at = columnOf.get(key);
        return at === undefined ? null : (cells[at] ?? null);
      };
      const rowErrors: ImportError[] = [];
      const fail = (key: ImportColumn | string, message: string) =>
        rowErrors.push({ row, column: key in IMPORT_HEADERS ? IMPORT_HEADERS[key as ImportColumn] : key, message });

      const parsed = BusinessCreateSchema.safeParse({
        name: textOf(cell('name')),
        razonSocial: textOf(cell('razonSocial')),
        rut: textOf(cell('rut')),
        legalRepresentative: textOf(cell('legalRepresentative')),
        contact: textOf(cell('contact')),
        startContract: dateOf(cell('startContract')),
        endContract: dateOf(cell('endContract')),
      });
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'name');
          if (seen.has(key)) continue;
          seen.add(key);
          fail(key, issue.message);
        }
      }

      let group: string | null = null;
      const groupText = textOf(cell('group'));
      if (groupText) {
        const checked = GroupCreateSchema.shape.name.safeParse(groupText);
        if (!checked.success) fail('group', checked.error.issues[0]?.message ?? importMsg.required);
        else {
          const key = normalise(checked.data);
          group = groupByName.get(key) ?? newGroups.get(key) ?? checked.data;
          if (!groupByName.has(key) && !newGroups.has(key)) newGroups.set(key, checked.data);
        }
      }

      let responsibleUserId: number | null = null;
      const ownerText = textOf(cell('responsible'));
      if (ownerText) {
        const found = staffByName.get(normalise(ownerText)) ?? [];
        const unique = [...new Set(found)];
        if (unique.length === 0) fail('responsible', importMsg.ownerNotFound);
        else if (unique.length > 1) fail('responsible', importMsg.ownerAmbiguous);
        else responsibleUserId = unique[0] ?? null;
      }

      const links: ImportRow['services'] = [];
      for (const { service, index: at } of serviceColumns) {
        const value = cells[at] ?? null;
        if (textOf(value) === '') continue;
        const startDate = monthOf(value);
        if (!startDate) rowErrors.push({ row, column: service.name, message: importMsg.invalidMonth });
        else links.push({ serviceId: service.id, serviceName: service.name, startDate });
      }

      if (parsed.success) {
        const first = firstRowOfRut.get(parsed.data.rut);
        if (first !== undefined) fail('rut', importMsg.duplicateRut(first));
        else firstRowOfRut.set(parsed.data.rut, row);
      }
      if (!parsed.success || rowErrors.length > 0) {
        errors.push(...rowErrors);
        continue;
      }
      const data = parsed.data;
      valid.push({
        row,
        businessId: null,
        name: data.name,
        razonSocial: data.razonSocial,
        rut: data.rut,
        legalRepresentative: data.legalRepresentative,
        contact: data.contact,
        startContract: data.startContract,
        endContract: data.endContract,
        group,
        responsibleUserId,
        responsibleName: responsibleUserId === null ? null : (staffName.get(responsibleUserId) ?? null),
        services: links,
        changes: [],
        renamedFrom: null,
        clientUsers: 0,
      });
    }
    if (total === 0) throw new AppError(400, importMsg.emptySheet);

    const ruts = valid.map((row) => row.rut);
    const existing = new Map<string, typeof businesses.$inferSelect>();
    for (const chunk of inChunks(ruts)) {
      for (const business of await db.select().from(businesses).where(inArray(businesses.rut, chunk))) {
        existing.set(business.rut, business);
      }
    }
    const currentIds = [...existing.values()].map((business) => business.id);
    const groupsOf = new Map<number, string[]>();
    const linksOf = new Map<number, Map<number, { startDate: string; active: boolean }>>();
    const clientUsersOf = new Map<number, number>();
    for (const chunk of inChunks(currentIds)) {
      const [memberships, links, clients] = await Promise.all([
        db
          .select({ businessId: businessGroupMembers.businessId, name: businessGroups.name })
          .from(businessGroupMembers)
          .innerJoin(businessGroups, eq(businessGroups.id, businessGroupMembers.groupId))
          .where(inArray(businessGroupMembers.businessId, chunk))
          .orderBy(businessGroups.name),
        db
          .select({
            businessId: businessServices.businessId,
            serviceId: businessServices.serviceId,
            startDate: businessServices.startDate,
            active: businessServices.active,
          })
          .from(businessServices)
          .where(inArray(businessServices.businessId, chunk)),
        db
          .select({ businessId: users.businessId, count: sql<number>`count(*)::int` })
          .from(users)
          .where(and(inArray(users.businessId, chunk), eq(users.role, 'client')))
          .groupBy(users.businessId),
      ]);
      for (const { businessId, name } of memberships)
        groupsOf.set(businessId, [...(groupsOf.get(businessId) ?? []), name]);
      for (const { businessId, serviceId, startDate, active } of links) {
        const ofBusiness = linksOf.get(businessId) ?? new Map();
        ofBusiness.set(serviceId, { startDate, active });
        linksOf.set(businessId, ofBusiness);
      }
      for (const { businessId, count } of clients) if (businessId !== null) clientUsersOf.set(businessId, count);
    }

    const listedContacts = new Map<number, string>();
    const create: ImportRow[] = [];
    const update: ImportRow[] = [];
    for (const row of valid) {
      listedContacts.set(row.row, row.contact);
      const current = existing.get(row.rut);
      if (current === undefined) {
        create.push(row);
        continue;
      }
      const contact = mergeContacts(current.contact, row.contact);
      if (contact.length > CONTACT_MAX) {
        errors.push({ row: row.row, column: IMPORT_HEADERS.contact, message: importMsg.contactsTooLongMerged });
        continue;
      }
      const changes: ImportChange[] = [];
      const compare = (column: string, before: string | null, after: string | null) => {
        if (before !== after) changes.push({ column, before, after });
      };
      compare(IMPORT_HEADERS.name, current.name, row.name);
      compare(IMPORT_HEADERS.razonSocial, current.razonSocial, row.razonSocial);
      compare(IMPORT_HEADERS.legalRepresentative, current.legalRepresentative, row.legalRepresentative);
      compare(IMPORT_HEADERS.contact, shownContacts(current.contact), shownContacts(contact));
      compare(IMPORT_HEADERS.startContract, shownDate(current.startContract), shownDate(row.startContract));
      compare(IMPORT_HEADERS.endContract, shownDate(current.endContract), shownDate(row.endContract));
      const groupsNow = groupsOf.get(current.id) ?? [];
      if (row.group !== null && !groupsNow.some((name) => normalise(name) === normalise(row.group ?? ''))) {
        compare(IMPORT_HEADERS.group, groupsNow.join(', ') || null, [...groupsNow, row.group].join(', '));
      }
      if (row.responsibleUserId !== null) {
        const before = current.responsibleUserId === null ? null : (staffName.get(current.responsibleUserId) ?? null);
        if (current.responsibleUserId !== row.responsibleUserId) {
          changes.push({ column: IMPORT_HEADERS.responsible, before, after: row.responsibleName });
        }
      }
      for (const link of row.services) {
        const now = linksOf.get(current.id)?.get(link.serviceId);
        const before = now ? `${shownMonth(now.startDate)}${now.active ? '' : ` (${importMsg.inactiveLink})`}` : null;
        compare(link.serviceName, before, shownMonth(link.startDate));
      }
      // The name the firm knows a company by; a new razón social alone (Ltda. → SpA) is an everyday update, shown old → new.
      const renamed = current.name !== row.name;
      update.push({
        ...row,
        businessId: current.id,
        contact,
        changes,
        renamedFrom: renamed ? current.name : null,
        clientUsers: renamed ? (clientUsersOf.get(current.id) ?? 0) : 0,
      });
    }
    errors.sort((a, b) => a.row - b.row);
    return { preview: { create, update, errors, total }, newGroups: [...newGroups.values()], listedContacts };
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
      const unconfirmedRenames = preview.update.flatMap((row): ImportError[] =>
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
      if (unconfirmedRenames.length > 0) return { unconfirmedRenames };
      const rows = [...preview.create, ...preview.update];
      try {
        await db.transaction(async (tx) => {
          // The owners named stay staff until commit (a demotion at the same moment waits).
          const owners = [
            ...new Set(rows.flatMap((row) => (row.responsibleUserId === null ? [] : [row.responsibleUserId]))),
          ];
          if (owners.length > 0) {
            const locked = await tx
              .select({ id: users.id })
              .from(users)
              .where(and(inArray(users.id, owners), inArray(users.role, [...STAFF_ROLES])))
              .for('share');
            if (locked.length !== owners.length) throw new AppError(409, companiesMsg.responsibleNotStaff);
          }
          const groupIds = new Map<string, number>();
          for (const group of await tx
            .select({ id: businessGroups.id, name: businessGroups.name })
            .from(businessGroups)) {
            groupIds.set(normalise(group.name), group.id);
          }
          for (const name of newGroups) {
            if (groupIds.has(normalise(name))) continue;
            const [inserted] = await tx.insert(businessGroups).values({ name }).returning({ id: businessGroups.id });
            if (inserted) groupIds.set(normalise(name), inserted.id);
          }
          const idOfRow = new Map<number, number>();
          for (let at = 0; at < preview.create.length; at += 500) {
            const chunk = preview.create.slice(at, at + 500);
            const inserted = await tx
              .insert(businesses)
              .values(
                chunk.map((row) => ({
                  name: row.name,
                  razonSocial: row.razonSocial,
                  rut: row.rut,
                  legalRepresentative: row.legalRepresentative,
                  contact: row.contact,
                  startContract: row.startContract,
                  endContract: row.endContract,
                  responsibleUserId: row.responsibleUserId,
                })),
              )
              .returning({ id: businesses.id, rut: businesses.rut });
            const byRut = new Map(inserted.map((business) => [business.rut, business.id]));
            for (const row of chunk) idOfRow.set(row.row, byRut.get(row.rut) ?? 0);
          }
          const entries: ActivityEntryInput[] = preview.create.map((row) => ({
            kind: 'company',
            action: 'imported',
            recordId: idOfRow.get(row.row) ?? null,
            recordLabel: row.name,
            businessId: idOfRow.get(row.row) ?? null,
            businessName: row.name,
            details: {
              after: {
                ...Object.fromEntries(IMPORTED_FIELDS.map((field) => [field, row[field]])),
                grupo: row.group,
              },
            },
          }));
          const updateIds = preview.update.map((row) => row.businessId ?? 0);
          const beforeRows =
            updateIds.length === 0
              ? []
              : // Locked: the contacts added to are the ones each company has when it is written.
                await tx.select().from(businesses).where(inArray(businesses.id, updateIds)).for('update');
          const beforeById = new Map(beforeRows.map((row) => [row.id, row]));
          for (const row of preview.update) {
            const id = row.businessId ?? 0;
            const before = beforeById.get(id);
            if (!before) throw conflict(companiesMsg.businessNotFound, 'rut');
            const changed = await tx
              .update(businesses)
              .set({
                name: row.name,
                razonSocial: row.razonSocial,
                legalRepresentative: row.legalRepresentative,
                // Added to the contacts the company has as this transaction reads them.
                contact: mergeContacts(before.contact, listedContacts.get(row.row) ?? ''),
                startContract: row.startContract,
                endContract: row.endContract,
                ...(row.responsibleUserId === null ? {} : { responsibleUserId: row.responsibleUserId }),
                updatedAt: new Date(),
              })
              .where(and(eq(businesses.id, id), eq(businesses.rut, row.rut)))
              .returning();
            const [after] = changed;
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
          const members = rows.flatMap((row) => {
            const groupId = row.group === null ? undefined : groupIds.get(normalise(row.group));
            const businessId = idOfRow.get(row.row);
            return groupId && businessId ? [{ groupId, businessId }] : [];
          });
          for (let at = 0; at < members.length; at += 1000) {
            await tx
              .insert(businessGroupMembers)
              .values(members.slice(at, at + 1000))
              .onConflictDoNothing();
          }
          const links = rows.flatMap((row) =>
            row.services.map((link) => ({
              businessId: idOfRow.get(row.row) ?? 0,
              serviceId: link.serviceId,
              startDate: link.startDate,
              active: true,
            })),
          );
          for (let at = 0; at < links.length; at += 1000) {
            await tx
              .insert(businessServices)
              .values(links.slice(at, at + 1000))
              .onConflictDoUpdate({
                target: [businessServices.businessId, businessServices.serviceId],
                set: { active: true, startDate: sql`excluded.start_date` },
              });
          }
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
      const serviceRows = await db.select({ name: services.name }).from(services).orderBy(services.order, services.id);
      return {
        name: companiesMsg.exportSheet,
        columns: [
          ...Object.values(IMPORT_HEADERS).map((header) => ({ header, width: Math.max(14, header.length + 4) })),
          ...serviceRows.map((service) => ({ header: service.name, width: Math.max(12, service.name.length + 2) })),
        ],
        rows: [],
      };
    },
  };
}
export type CompanyImportService = ReturnType<typeof createCompanyImportService>;
