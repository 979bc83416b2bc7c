import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from '@app/shared/activity';
import { SUBJECT_PLACE_LIST, SUBJECT_PLACES, type SubjectPlace } from '@app/shared/messages-data-subjects';
import { ROLE_LABELS } from '@app/shared/roles';
import type { SubjectHit, SubjectPlaceResult } from '@app/shared/schemas/data-subjects';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import { mentionPattern, type SubjectMentions } from '@app/shared/subject-match';
import type {
  AccountRow,
  ActivityEntryRow,
  CompanyRow,
  EmailRow,
  MessageRow,
  NoteRow,
  UploadedFileRow,
} from './data-subjects.rows.ts';

/** The longest excerpt of a text shown on a line. */
const EXCERPT = 140;

/** A short piece of the text around its first mention of the person (the start when none). */
export function excerptAround(text: string, mentions: SubjectMentions, length = EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const pattern = mentionPattern(mentions);
  const at = pattern ? flat.search(new RegExp(pattern.source, 'iu')) : -1;
  const start = at <= 40 ? 0 : at - 40;
  const piece = flat.slice(start, start + length).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + length < flat.length ? '…' : ''}`;
}

export const periodText = (year: number, month: number) => `${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan']} ${year}`;

const fullName = (user: { name: string; lastName: string }) => `${user.name} ${user.lastName}`.trim();

export const activityText = (row: Pick<ActivityEntryRow, 'action' | 'kind'>) =>
  `${(ACTIVITY_ACTIONS as Record<string, string>)[row.action] ?? row.action} ${(ACTIVITY_KINDS as Record<string, string>)[row.kind] ?? row.kind}`;

/** Which of a company's fields name the person. */
function companyFields(row: CompanyRow, mentions: SubjectMentions, ruts: string[]): string {
  const pattern = mentionPattern(mentions);
  const names = (text: string) => {
    if (!pattern) return false;
    pattern.lastIndex = 0;
    return pattern.test(text);
  };
  const fields = [
    ruts.includes(row.rut) ? `RUT de la empresa: ${row.rut}` : '',
    names(row.legalRepresentative) ? `Representante legal: ${row.legalRepresentative}` : '',
    names(row.contact) ? `Contacto: ${row.contact.split(',').join(', ')}` : '',
  ];
  return fields.filter(Boolean).join(' · ');
}

interface HitRows {
  users: AccountRow[];
  companies: CompanyRow[];
  notes: NoteRow[];
  messages: MessageRow[];
  emails: EmailRow[];
  documents: UploadedFileRow[];
  activity: ActivityEntryRow[];
}

interface HitContext {
  counts: Record<SubjectPlace, number>;
  /** A count past it says 'more than' (the search stopped counting there). */
  cap: number;
  mentions: SubjectMentions;
  companyNames: Map<number, string>;
  userNames: Map<number, { name: string; lastName: string }>;
  /** The RUT's spellings searched: a company whose own RUT it is says so. */
  ruts: string[];
}

/** Each place searched, in a fixed order, with its count and the lines the search shows. */
export function presentHits(rows: HitRows, context: HitContext): SubjectPlaceResult[] {
  const { mentions, companyNames, userNames } = context;
  const company = (id: number | null) => (id === null ? 'sin empresa' : (companyNames.get(id) ?? `Empresa #${id}`));
  const hits: Record<SubjectPlace, SubjectHit[]> = {
    users: rows.users.map((row) => ({
      id: String(row.id),
      title: fullName(row),
      detail: [
        row.email,
        ROLE_LABELS[row.role],
        row.businessId ? company(row.businessId) : '',
        row.suppressedAt ? 'datos suprimidos' : '',
      ]
        .filter(Boolean)
        .join(' · '),
      at: row.createdAt.toISOString(),
      link: row.role === 'client' && row.businessId ? `/empresas/${row.businessId}` : '/usuarios',
    })),
    companies: rows.companies.map((row) => ({
      id: String(row.id),
      title: row.name,
      detail: companyFields(row, mentions, context.ruts) || `RUT ${row.rut}`,
      at: null,
      link: `/empresas/${row.id}`,
    })),
    notes: rows.notes.map((row) => {
      const assignee = userNames.get(row.userId);
      return {
        id: String(row.id),
        title: excerptAround(row.description, mentions),
        detail: [assignee ? `Encargado: ${fullName(assignee)}` : '', row.done ? 'Realizada' : 'Pendiente']
          .filter(Boolean)
          .join(' · '),
        at: row.createdAt.toISOString(),
        link: '/notas',
      };
    }),
    messages: rows.messages.map((row) => ({
      id: String(row.id),
      title: `${company(row.businessId)} — ${row.side === 'system' ? 'Aviso del sistema' : row.authorName || 'Sin autor'}`,
      detail: row.deletedAt
        ? 'mensaje eliminado'
        : excerptAround(row.body, mentions) || (row.attachments.length ? row.attachments.join(', ') : ''),
      at: row.createdAt.toISOString(),
      link: `/mensajes/empresa/${row.businessId}`,
    })),
    emails: rows.emails.map((row) => ({
      id: String(row.id),
      title: row.subject,
      detail: `Para: ${row.emails.split(',').join(', ')}${row.businessId ? ` · ${company(row.businessId)}` : ''}`,
      at: row.createdAt.toISOString(),
      link: '/email',
    })),
    documents: rows.documents.map((row) => ({
      id: String(row.id),
      title: row.name,
      detail: [company(row.businessId), periodText(row.year, row.month), row.retentionReason ?? '']
        .filter(Boolean)
        .join(' · '),
      at: row.createdAt.toISOString(),
      link: `/documentos/empresa/${row.businessId}/carpeta/${row.serviceFolderId}?anio=${row.year}&mes=${row.month}`,
    })),
    activity: rows.activity.map((row) => ({
      id: String(row.id),
      title: `${row.actorName ?? 'Sistema'} — ${activityText(row)}`,
      detail: [...new Set([row.recordLabel ?? '', row.businessName ?? ''])].filter(Boolean).join(' · '),
      at: row.at.toISOString(),
      link:
        row.actorId !== null
          ? `/actividad?usuario=${row.actorId}`
          : row.businessId !== null
            ? `/actividad?empresa=${row.businessId}`
            : '/actividad',
    })),
  };
  return SUBJECT_PLACE_LIST.map((place) => ({
    place,
    label: SUBJECT_PLACES[place],
    count: Math.min(context.counts[place], context.cap),
    more: context.counts[place] > context.cap,
    hits: hits[place],
  }));
}
