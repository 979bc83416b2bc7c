import { importMsg } from '@app/shared/messages-import';
import {
  IMPORT_HEADERS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportChange,
  type ImportColumn,
  type ImportError,
  type ImportRow,
} from '@app/shared/schemas/business-import';
import { BusinessCreateSchema, splitContacts, TrackingSinceSchema } from '@app/shared/schemas/businesses';
import { GroupCreateSchema } from '@app/shared/schemas/groups';
import { AppError } from '../../lib/app-error.ts';
import type { Cell, SheetRow } from './business-import.parser.ts';

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
  trackingSince: ['Seguimiento desde', 'Seguimiento'],
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

export const textOf = (cell: Cell | undefined) =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? dateOf(cell) : String(cell).trim();

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
const shownYearMonth = (month: string | null) => (month ? `${month.slice(5, 7)}-${month.slice(0, 4)}` : null);
const shownContacts = (contact: string) => splitContacts(contact).join(', ');

/** A service the sheet has a column for, and that column. */
export interface ServiceColumn {
  service: { id: number; name: string };
  index: number;
}

/** Where each fixed column and each service's column is in the sheet, found by the header (its first row). */
export interface SheetColumns {
  columnOf: Map<ImportColumn, number>;
  serviceColumns: ServiceColumn[];
}

/** The firm's staff, groups and services as the rows name them. */
export interface FirmNames {
  /** Staff by normalised full name and by normalised e-mail (several ids: the name is ambiguous). */
  staffByName: Map<string, number[]>;
  /** Each staff member's full name. */
  staffName: Map<number, string>;
  /** The firm's groups' names, by normalised name. */
  groupByName: Map<string, string>;
}

/** A company as the import compares a row with it. */
export type CurrentCompany = {
  id: number;
  name: string;
  razonSocial: string;
  legalRepresentative: string;
  contact: string;
  startContract: string;
  endContract: string | null;
  responsibleUserId: number | null;
  trackingSince: string | null;
};

/** What the firm has of the companies the rows name (by RUT): their groups, service links and client users. */
export interface CompaniesNow {
  byRut: Map<string, CurrentCompany>;
  groupsOf: Map<number, string[]>;
  linksOf: Map<number, Map<number, { startDate: string; active: boolean }>>;
  clientUsersOf: Map<number, number>;
}

/** The header's columns: 400 naming the first required column missing. */
export function sheetColumns(rows: SheetRow[], services: { id: number; name: string }[]): SheetColumns {
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
  const serviceColumns = services.flatMap((service) => {
    const index = header.indexOf(normalise(service.name));
    return index >= 0 ? [{ service, index }] : [];
  });
  return { columnOf, serviceColumns };
}

/** The staff and groups by the names a row may give them. */
export function firmNames(
  staff: { id: number; name: string; lastName: string; email: string }[],
  groups: { name: string }[],
): FirmNames {
  const staffByName = new Map<string, number[]>();
  for (const user of staff) {
    for (const key of [normalise(`${user.name} ${user.lastName}`), normalise(user.email)]) {
      staffByName.set(key, [...(staffByName.get(key) ?? []), user.id]);
    }
  }
  const staffName = new Map(staff.map((user) => [user.id, `${user.name} ${user.lastName}`.trim()]));
  const groupByName = new Map(groups.map((group) => [normalise(group.name), group.name]));
  return { staffByName, staffName, groupByName };
}

/** What reading the rows carries from one row to the next. */
export interface RowsSoFar {
  /** Group names (as first written) the firm does not have yet, by normalised name. */
  newGroups: Map<string, string>;
  /** The sheet row each RUT was first seen on. */
  firstRowOfRut: Map<string, number>;
}

/**
 * One data row checked against the form's rules, the firm's staff, groups and services, and the
 * rows before it (a RUT twice): the row to write, or its errors.
 */
export function checkRow(
  { number: row, cells }: SheetRow,
  columns: SheetColumns,
  firm: FirmNames,
  soFar: RowsSoFar,
): { valid: ImportRow } | { errors: ImportError[] } {
  const cell = (key: ImportColumn) => {
    const at = columns.columnOf.get(key);
    return at === undefined ? null : (cells[at] ?? null);
  };
  const errors: ImportError[] = [];
  const fail = (key: ImportColumn | string, message: string) =>
    errors.push({ row, column: key in IMPORT_HEADERS ? IMPORT_HEADERS[key as ImportColumn] : key, message });

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
  const group = groupOf(textOf(cell('group')), firm, soFar, fail);
  const responsibleUserId = responsibleOf(textOf(cell('responsible')), firm, fail);
  const trackingSince = trackingSinceOf(cell('trackingSince'), fail);
  const links = serviceLinksOf(cells, columns.serviceColumns, (column, message) =>
    errors.push({ row, column, message }),
  );

  if (parsed.success) {
    const first = soFar.firstRowOfRut.get(parsed.data.rut);
    if (first !== undefined) fail('rut', importMsg.duplicateRut(first));
    else soFar.firstRowOfRut.set(parsed.data.rut, row);
  }
  if (!parsed.success || errors.length > 0) return { errors };
  const data = parsed.data;
  return {
    valid: {
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
      responsibleName: responsibleUserId === null ? null : (firm.staffName.get(responsibleUserId) ?? null),
      trackingSince,
      services: links,
      changes: [],
      renamedFrom: null,
      clientUsers: 0,
    },
  };
}

/** The row's group: the firm's by that name, or a new one (the first row's spelling); null for none. */
function groupOf(
  text: string,
  firm: FirmNames,
  soFar: RowsSoFar,
  fail: (key: ImportColumn, message: string) => void,
): string | null {
  if (!text) return null;
  const checked = GroupCreateSchema.shape.name.safeParse(text);
  if (!checked.success) {
    fail('group', checked.error.issues[0]?.message ?? importMsg.required);
    return null;
  }
  const key = normalise(checked.data);
  const group = firm.groupByName.get(key) ?? soFar.newGroups.get(key) ?? checked.data;
  if (!firm.groupByName.has(key) && !soFar.newGroups.has(key)) soFar.newGroups.set(key, checked.data);
  return group;
}

/** The row's owner ('Encargado'): one staff member by full name or e-mail; null when the cell is empty. */
function responsibleOf(
  text: string,
  firm: FirmNames,
  fail: (key: ImportColumn, message: string) => void,
): number | null {
  if (!text) return null;
  const unique = [...new Set(firm.staffByName.get(normalise(text)) ?? [])];
  if (unique.length === 0) fail('responsible', importMsg.ownerNotFound);
  else if (unique.length > 1) fail('responsible', importMsg.ownerAmbiguous);
  else return unique[0] ?? null;
  return null;
}

/** The row's 'Seguimiento desde': a month ('MM-YYYY' or a date) as 'YYYY-MM'; null when the cell is empty. */
function trackingSinceOf(value: Cell, fail: (key: ImportColumn, message: string) => void): string | null {
  if (textOf(value) === '') return null;
  const month = monthOf(value);
  const checked = TrackingSinceSchema.safeParse(month ?? textOf(value));
  if (!checked.success) {
    fail('trackingSince', checked.error.issues[0]?.message ?? importMsg.invalidMonth);
    return null;
  }
  return checked.data;
}

/** The row's filled service columns as links from their start month; an invalid month is an error of that column. */
function serviceLinksOf(
  cells: Cell[],
  serviceColumns: ServiceColumn[],
  fail: (column: string, message: string) => void,
): ImportRow['services'] {
  const links: ImportRow['services'] = [];
  for (const { service, index: at } of serviceColumns) {
    const value = cells[at] ?? null;
    if (textOf(value) === '') continue;
    const startDate = monthOf(value);
    if (!startDate) fail(service.name, importMsg.invalidMonth);
    else links.push({ serviceId: service.id, serviceName: service.name, startDate });
  }
  return links;
}

/**
 * A valid row of an existing company, as the preview shows it: its contacts added to the
 * company's, every value it changes (old → new, in the sheet's column order), and a change of
 * name to confirm. An error when the contacts together grow past the form's limit.
 */
export function updateOf(
  row: ImportRow,
  current: CurrentCompany,
  now: CompaniesNow,
  staffName: Map<number, string>,
): { update: ImportRow } | { error: ImportError } {
  const contact = mergeContacts(current.contact, row.contact);
  if (contact.length > CONTACT_MAX) {
    return { error: { row: row.row, column: IMPORT_HEADERS.contact, message: importMsg.contactsTooLongMerged } };
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
  const groupsNow = now.groupsOf.get(current.id) ?? [];
  if (row.group !== null && !groupsNow.some((name) => normalise(name) === normalise(row.group ?? ''))) {
    compare(IMPORT_HEADERS.group, groupsNow.join(', ') || null, [...groupsNow, row.group].join(', '));
  }
  if (row.responsibleUserId !== null) {
    const before = current.responsibleUserId === null ? null : (staffName.get(current.responsibleUserId) ?? null);
    if (current.responsibleUserId !== row.responsibleUserId) {
      changes.push({ column: IMPORT_HEADERS.responsible, before, after: row.responsibleName });
    }
  }
  if (row.trackingSince !== null) {
    compare(IMPORT_HEADERS.trackingSince, shownYearMonth(current.trackingSince), shownYearMonth(row.trackingSince));
  }
  for (const link of row.services) {
    const linked = now.linksOf.get(current.id)?.get(link.serviceId);
    const before = linked
      ? `${shownMonth(linked.startDate)}${linked.active ? '' : ` (${importMsg.inactiveLink})`}`
      : null;
    compare(link.serviceName, before, shownMonth(link.startDate));
  }
  // The name the firm knows a company by; a new razón social alone (Ltda. → SpA) is an everyday update, shown old → new.
  const renamed = current.name !== row.name;
  return {
    update: {
      ...row,
      businessId: current.id,
      contact,
      changes,
      renamedFrom: renamed ? current.name : null,
      clientUsers: renamed ? (now.clientUsersOf.get(current.id) ?? 0) : 0,
    },
  };
}
