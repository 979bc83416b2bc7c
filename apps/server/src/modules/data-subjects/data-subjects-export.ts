import type { Readable } from 'node:stream';
import { SUBJECT_PLACES, type SubjectPlace } from '@app/shared/messages-data-subjects';
import { ROLE_LABELS } from '@app/shared/roles';
import { SUBJECT_SEARCH_LABELS, type SubjectTerm } from '@app/shared/subject-match';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import { DATE_TIME_FORMAT, type XlsxSheet, type XlsxValue, xlsxWorkbookStream } from '../../lib/xlsx-stream.ts';
import { activityText } from './data-subjects.presenter.ts';
import type {
  AccountRow,
  ActivityEntryRow,
  CompanyRow,
  EmailRow,
  MessageRow,
  NoteRow,
  UploadedFileRow,
} from './data-subjects.rows.ts';

/** Everything found about the person, each place read again as the file is written. */
export interface SubjectExport {
  generatedAt: Date;
  term: SubjectTerm;
  counts: Record<SubjectPlace, number>;
  accounts: AccountRow[];
  companies: CompanyRow[];
  notes(): AsyncIterable<NoteRow>;
  messages(): AsyncIterable<MessageRow>;
  emails(): AsyncIterable<EmailRow>;
  documents(): AsyncIterable<UploadedFileRow>;
  activity(): AsyncIterable<ActivityEntryRow>;
  companyNames(ids: readonly number[]): Promise<Map<number, string>>;
  userNames(ids: readonly number[]): Promise<Map<number, { name: string; lastName: string }>>;
}

/** The version of the JSON's shape, its first key: a reader knows what it holds. */
export const EXPORT_FORMAT = 'estudio-contable/titular-de-datos/1';

const termValue = (term: SubjectTerm) => (term.by === 'email' ? term.email : term.by === 'rut' ? term.rut : term.name);
const iso = (moment: Date | null) => (moment ? moment.toISOString() : null);

/** Names looked up once each while the file is written (a person's records name few companies and users). */
function nameBooks(source: SubjectExport) {
  const companies = new Map<number, string>();
  const users = new Map<number, string>();
  return {
    async company(id: number | null): Promise<string | null> {
      if (id === null) return null;
      if (!companies.has(id)) companies.set(id, (await source.companyNames([id])).get(id) ?? `Empresa #${id}`);
      return companies.get(id) ?? null;
    },
    async user(id: number | null): Promise<string | null> {
      if (id === null) return null;
      if (!users.has(id)) {
        const found = (await source.userNames([id])).get(id);
        users.set(id, found ? `${found.name} ${found.lastName}`.trim() : `Usuario #${id}`);
      }
      return users.get(id) ?? null;
    },
  };
}

type Names = ReturnType<typeof nameBooks>;

// One record of each place, as the JSON holds it (the sheets show the same fields).
const record = {
  users: async (row: AccountRow, names: Names) => ({
    id: row.id,
    nombre: row.name,
    apellido: row.lastName,
    correo: row.email,
    rol: ROLE_LABELS[row.role],
    empresaId: row.businessId,
    empresa: await names.company(row.businessId),
    creadoEl: iso(row.createdAt),
    datosSuprimidosEl: iso(row.suppressedAt),
  }),
  companies: async (row: CompanyRow) => ({
    id: row.id,
    nombre: row.name,
    razonSocial: row.razonSocial,
    rut: row.rut,
    representanteLegal: row.legalRepresentative,
    contactos: row.contact.split(',').filter(Boolean),
  }),
  notes: async (row: NoteRow, names: Names) => ({
    id: row.id,
    descripcion: row.description,
    encargado: await names.user(row.userId),
    recordatorio: iso(row.reminder),
    realizada: row.done,
    creadaEl: iso(row.createdAt),
  }),
  messages: async (row: MessageRow, names: Names) => ({
    id: row.id,
    empresaId: row.businessId,
    empresa: await names.company(row.businessId),
    lado: row.side === 'client' ? 'Cliente' : row.side === 'staff' ? 'Estudio' : 'Sistema',
    autor: row.authorName,
    texto: row.body,
    adjuntos: row.attachments,
    enviadoEl: iso(row.createdAt),
    editadoEl: iso(row.editedAt),
    eliminadoEl: iso(row.deletedAt),
  }),
  emails: async (row: EmailRow, names: Names) => ({
    id: row.id,
    empresaId: row.businessId,
    empresa: await names.company(row.businessId),
    destinatarios: row.emails.split(',').filter(Boolean),
    asunto: row.subject,
    contenido: row.content,
    enviadoPor: await names.user(row.sentBy),
    registradoEl: iso(row.createdAt),
  }),
  documents: async (row: UploadedFileRow, names: Names) => ({
    id: row.id,
    nombre: row.name,
    tipo: row.contentType,
    tamanoBytes: row.size,
    empresaId: row.businessId,
    empresa: await names.company(row.businessId),
    periodo: `${row.year}-${String(row.month).padStart(2, '0')}`,
    subidoEl: iso(row.createdAt),
    conservadoPor: row.retentionReason,
  }),
  activity: async (row: ActivityEntryRow) => ({
    id: row.id,
    fecha: iso(row.at),
    quien: row.actorName,
    direccionIp: row.ip,
    accion: activityText(row),
    registro: row.recordLabel,
    empresa: row.businessName,
    detalles: row.details,
  }),
};

/** The JSON's key of each place. */
const JSON_KEYS: Record<SubjectPlace, string> = {
  users: 'usuarios',
  companies: 'empresas',
  notes: 'notas',
  messages: 'mensajes',
  emails: 'correos',
  documents: 'documentos',
  activity: 'actividad',
};

async function* rowsOf(source: SubjectExport, place: SubjectPlace, names: Names): AsyncGenerator<object> {
  switch (place) {
    case 'users':
      for (const row of source.accounts) yield await record.users(row, names);
      return;
    case 'companies':
      for (const row of source.companies) yield await record.companies(row);
      return;
    case 'notes':
      for await (const row of source.notes()) yield await record.notes(row, names);
      return;
    case 'messages':
      for await (const row of source.messages()) yield await record.messages(row, names);
      return;
    case 'emails':
      for await (const row of source.emails()) yield await record.emails(row, names);
      return;
    case 'documents':
      for await (const row of source.documents()) yield await record.documents(row, names);
      return;
    case 'activity':
      for await (const row of source.activity()) yield await record.activity(row);
      return;
  }
}

const PLACES = Object.keys(SUBJECT_PLACES) as SubjectPlace[];

/**
 * The machine-readable file (portability): one JSON object, written a record at a time:
 * `formato`, `generadoEl`, `busqueda`, `registros` (a count per place), then one array per place.
 */
export async function* exportJson(source: SubjectExport): AsyncGenerator<string> {
  const names = nameBooks(source);
  const head = {
    formato: EXPORT_FORMAT,
    generadoEl: source.generatedAt.toISOString(),
    busqueda: { por: SUBJECT_SEARCH_LABELS[source.term.by], valor: termValue(source.term) },
    registros: Object.fromEntries(PLACES.map((place) => [JSON_KEYS[place], source.counts[place]])),
  };
  yield JSON.stringify(head, null, 2).replace(/\n}$/, ',');
  for (const [index, place] of PLACES.entries()) {
    yield `\n  ${JSON.stringify(JSON_KEYS[place])}: [`;
    let first = true;
    for await (const row of rowsOf(source, place, names)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
      first = false;
    }
    yield `${first ? '' : '\n  '}]${index < PLACES.length - 1 ? ',' : ''}`;
  }
  yield '\n}\n';
}

/** A moment as Santiago's wall-clock date-time in a cell (Excel keeps no time zone). */
function sheetDateTime(moment: string | null): Date | null {
  if (!moment) return null;
  const { year, month, day, hour, minute, second } = santiagoWallClock(new Date(moment));
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
}

function wallClockText(moment: Date): string {
  const { year, month, day, hour, minute } = santiagoWallClock(moment);
  return `${day}-${month}-${year} ${hour}:${minute}`;
}

const when = (header: string) => ({ header, width: 18, numFmt: DATE_TIME_FORMAT });
const text = (value: unknown): XlsxValue =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** Each place's sheet: its columns and how a JSON record fills a row. */
const SHEETS: Record<
  SubjectPlace,
  { columns: XlsxSheet['columns']; cells(row: Record<string, unknown>): XlsxValue[] }
> = {
  users: {
    columns: [
      { header: 'Nombre', width: 24 },
      { header: 'Apellido', width: 24 },
      { header: 'Correo', width: 32 },
      { header: 'Rol', width: 12 },
      { header: 'Empresa', width: 28 },
      when('Creado el'),
      when('Datos suprimidos el'),
    ],
    cells: (row) => [
      text(row.nombre),
      text(row.apellido),
      text(row.correo),
      text(row.rol),
      text(row.empresa),
      sheetDateTime(row.creadoEl as string | null),
      sheetDateTime(row.datosSuprimidosEl as string | null),
    ],
  },
  companies: {
    columns: [
      { header: 'Empresa', width: 28 },
      { header: 'Razón social', width: 32 },
      { header: 'RUT', width: 14 },
      { header: 'Representante legal', width: 28 },
      { header: 'Contactos', width: 40 },
    ],
    cells: (row) => [
      text(row.nombre),
      text(row.razonSocial),
      text(row.rut),
      text(row.representanteLegal),
      (row.contactos as string[]).join(', '),
    ],
  },
  notes: {
    columns: [
      when('Creada el'),
      { header: 'Descripción', width: 60 },
      { header: 'Encargado', width: 24 },
      when('Recordatorio'),
      { header: 'Realizada', width: 10 },
    ],
    cells: (row) => [
      sheetDateTime(row.creadaEl as string | null),
      text(row.descripcion),
      text(row.encargado),
      sheetDateTime(row.recordatorio as string | null),
      row.realizada ? 'sí' : 'no',
    ],
  },
  messages: {
    columns: [
      when('Enviado el'),
      { header: 'Empresa', width: 28 },
      { header: 'Lado', width: 10 },
      { header: 'Autor', width: 24 },
      { header: 'Texto', width: 60 },
      { header: 'Adjuntos', width: 30 },
      when('Editado el'),
      when('Eliminado el'),
    ],
    cells: (row) => [
      sheetDateTime(row.enviadoEl as string | null),
      text(row.empresa),
      text(row.lado),
      text(row.autor),
      text(row.texto),
      (row.adjuntos as string[]).join(', '),
      sheetDateTime(row.editadoEl as string | null),
      sheetDateTime(row.eliminadoEl as string | null),
    ],
  },
  emails: {
    columns: [
      when('Registrado el'),
      { header: 'Empresa', width: 28 },
      { header: 'Para', width: 40 },
      { header: 'Asunto', width: 40 },
      { header: 'Contenido', width: 60 },
      { header: 'Enviado por', width: 24 },
    ],
    cells: (row) => [
      sheetDateTime(row.registradoEl as string | null),
      text(row.empresa),
      (row.destinatarios as string[]).join(', '),
      text(row.asunto),
      text(row.contenido),
      text(row.enviadoPor),
    ],
  },
  documents: {
    columns: [
      when('Subido el'),
      { header: 'Nombre', width: 36 },
      { header: 'Tipo', width: 18 },
      { header: 'Tamaño (bytes)', width: 14 },
      { header: 'Empresa', width: 28 },
      { header: 'Período', width: 10 },
      { header: 'Se conserva por', width: 50 },
    ],
    cells: (row) => [
      sheetDateTime(row.subidoEl as string | null),
      text(row.nombre),
      text(row.tipo),
      row.tamanoBytes as number,
      text(row.empresa),
      text(row.periodo),
      text(row.conservadoPor),
    ],
  },
  activity: {
    columns: [
      when('Fecha'),
      { header: 'Quién', width: 24 },
      { header: 'Dirección IP', width: 16 },
      { header: 'Acción', width: 32 },
      { header: 'Registro', width: 32 },
      { header: 'Empresa', width: 28 },
      { header: 'Detalles', width: 60 },
    ],
    cells: (row) => [
      sheetDateTime(row.fecha as string | null),
      text(row.quien),
      text(row.direccionIp),
      text(row.accion),
      text(row.registro),
      text(row.empresa),
      text(row.detalles),
    ],
  },
};

/** The readable file: a summary sheet, then one sheet per place with its records, written as they are read. */
export function exportSheets(source: SubjectExport): Readable {
  const names = nameBooks(source);
  const summary: XlsxSheet = {
    name: 'Resumen',
    columns: [
      { header: 'Lugar', width: 44 },
      { header: 'Registros', width: 12 },
    ],
    rows: [
      ['Generado el', wallClockText(source.generatedAt)],
      [`Buscado por ${SUBJECT_SEARCH_LABELS[source.term.by].toLowerCase()}`, termValue(source.term)],
      ...PLACES.map((place): XlsxValue[] => [SUBJECT_PLACES[place], source.counts[place]]),
    ],
  };
  const sheets = PLACES.map(
    (place): XlsxSheet => ({
      name: SUBJECT_PLACES[place].replace(/\s*\(.*\)$/, ''),
      columns: SHEETS[place].columns,
      rows: (async function* () {
        for await (const row of rowsOf(source, place, names)) yield SHEETS[place].cells(row as Record<string, unknown>);
      })(),
    }),
  );
  return xlsxWorkbookStream([summary, ...sheets]);
}
