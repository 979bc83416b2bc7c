import type { Role } from './roles.ts';

/**
 * Server-side permission table. Each capability lists the roles that hold it;
 * the API checks these on every endpoint and the web app uses them to show or hide actions.
 */
export const PERMISSIONS = {
  'users:manage': ['owner'],
  'services:read': ['owner', 'collaborator'],
  'services:write': ['owner'],
  'services:delete': ['owner'],
  /** The tax catalogue ('Cargar obligaciones del SII'): see which entries are loaded or changed, load them. */
  'services:catalogue': ['owner'],
  'businesses:read': ['owner', 'collaborator'],
  'businesses:write': ['owner', 'collaborator'],
  'businesses:delete': ['owner'],
  /** 'Importar empresas' from a spreadsheet: creates and overwrites many companies at once. */
  'businesses:import': ['owner'],
  'credentials:read': ['owner', 'collaborator'],
  'credentials:write': ['owner', 'collaborator'],
  'groups:read': ['owner', 'collaborator'],
  'groups:write': ['owner'],
  'monthly-states:read': ['owner', 'collaborator'],
  'monthly-states:write': ['owner', 'collaborator'],
  'tasks:read': ['owner', 'collaborator'],
  'tasks:write': ['owner'],
  'task-states:read': ['owner', 'collaborator'],
  /** Write, assign and delete any note. */
  'notes:manage': ['owner'],
  /** The notes screen: owners see all notes; a collaborator only theirs (policy 'note:assigned'). */
  'notes:read': ['owner', 'collaborator'],
  /** The e-mail log (GET /api/email). */
  'email:manage': ['owner'],
  /** E-mail a company's contacts from the board's envelope; each send is logged with its sender. */
  'email:send': ['owner', 'collaborator'],
  'documents:manage': ['owner', 'collaborator'],
  /** A client's own company's active folders and files (their home and folder pages). */
  'documents:own': ['client'],
  /** Document requests: create, send to all, review items, /solicitudes. */
  'requests:manage': ['owner', 'collaborator'],
  /** A client's own company's requests (their home). */
  'requests:own': ['client'],
  'calendar:manage': ['owner'],
  /** Download a backup of everything ('Respaldo', with the password again); each download is logged. */
  'backup:download': ['owner'],
  /** The activity log: /actividad, its CSV, a company's recent activity, who last saw a password. */
  'activity:read': ['owner'],
  /** The firm's extra holidays ('Feriados adicionales') that due dates skip: staff read them. */
  'holidays:read': ['owner', 'collaborator'],
  /** Add and delete the firm's extra holidays: they move every due date. */
  'holidays:manage': ['owner'],
  /**
   * The firm's settings: require a second factor of owners and collaborators; the firm's identity
   * (name, RUT, address, logo) its PDFs carry; the day the monthly report is e-mailed.
   */
  'settings:manage': ['owner'],
  /** The firm's own billing ('Honorarios y cobranza'): fees, UF values, charges, payments, aging. */
  'billing:read': ['owner'],
  /** Change billing: fee terms, extra charges, UF values, generate, issue and void charges, payments. */
  'billing:manage': ['owner'],
  /** A client's own company's account statement and payment receipts (policy 'billing:statement'). */
  'billing:own': ['client'],
  /** 'Calendario tributario': each day's due obligations and how many companies are done, pending and late. */
  'tax-calendar:read': ['owner', 'collaborator'],
  /** 'Calendario AT': change, add and import the tax year's annual dates. */
  'tax-calendar:manage': ['owner'],
  /** A personal calendar feed (.ics) of the due dates of one's companies, from 'Mi perfil'. */
  'tax-calendar:feed': ['owner', 'collaborator'],
  /** 'Registro de tiempo': one's own timer and time entries, the week's grid and its export. */
  'time:track': ['owner', 'collaborator'],
  /** Everyone's time entries, and each staff member's hourly cost (money). */
  'time:manage': ['owner'],
  /** Profitability per company: fee billed against the cost of the hours logged (money). */
  'panel:profitability': ['owner'],
  /** 'Panel': the firm at a glance in charts; a collaborator sees only the companies they are 'Encargado' of. */
  'panel:read': ['owner', 'collaborator'],
  /** The panel's money charts: billed against collected, receivables by aging. */
  'panel:money': ['owner'],
  /** Client approvals ('Aprobaciones'): see a company's requests and certificates (policy 'approval:view'). */
  'approvals:read': ['owner', 'collaborator', 'client'],
  /** Ask a company's client to approve a document, and cancel a pending request. */
  'approvals:request': ['owner', 'collaborator'],
  /** Answer 'Apruebo' or 'Rechazo' for one's own company (policy 'approval:answer'). */
  'approvals:answer': ['client'],
  /**
   * 'Mensajes': the thread of a company (policy 'messages:thread': staff any company's, a client
   * only their own company's); read, write, edit and delete one's own messages, attachments.
   */
  'messages:use': ['owner', 'collaborator', 'client'],
  /** The firm's inbox of every company's thread ('/mensajes'), and filing an attachment into documents. */
  'messages:inbox': ['owner', 'collaborator'],
  /** The minutes an unread message waits before the other side is e-mailed. */
  'messages:settings': ['owner'],
  /** 'Informe mensual': any company's monthly report (PDF) from the company's page. */
  'report:read': ['owner', 'collaborator'],
  /** A client's own company's monthly report, from the portal (policy 'report:view'). */
  'report:own': ['client'],
  /**
   * A company's WhatsApp number and its consent to WhatsApp notices, on the company's page: read and
   * change (each change of the consent is kept with who and when).
   */
  'whatsapp:contact': ['owner', 'collaborator'],
  /** The WhatsApp channel's state (configured or not, the templates) and its outbox; 'Reintentar' a failed send. */
  'whatsapp:manage': ['owner'],
  /**
   * 'Protección de datos' (/proteccion-datos): requests from a person under Ley 21.719, security
   * incidents, the privacy notice's versions, document retention, legal holds and the activity log's
   * archive and purge.
   */
  'data-protection:manage': ['owner'],
  /** Read the firm's current privacy notice and record 'He leído el aviso' (the client portal asks it first). */
  'data-protection:notice': ['owner', 'collaborator', 'client'],
  /**
   * A data subject's rights (Ley 21.719): 'Buscar titular' across users, companies, notes, messages,
   * the e-mail log, documents and the activity log; 'Exportar' everything found; 'Suprimir' it.
   */
  'data-subjects:search': ['owner'],
  'data-subjects:export': ['owner'],
  'data-subjects:suppress': ['owner'],
  'profile:self': ['owner', 'collaborator', 'client'],
  /** Opt out of (or back into) the morning digest of due dates: staff only. */
  'profile:digest': ['owner', 'collaborator'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Who is acting: the signed-in user, as both the API and the web app know them. */
export interface Actor {
  id: number;
  role: Role;
  /** A client's own company (null or absent for staff). */
  businessId?: number | null;
}

/**
 * Rules that depend on the record acted on, not only on the role. Each is a pure
 * function of the actor and the record, so the API enforces it and the web app shows the same.
 */
export const POLICIES = {
  /** A task board cell: an owner, or the task's responsible when they are staff. */
  'task-state:change': (actor: Actor, task: { responsableId: number | null }) =>
    actor.role === 'owner' || (actor.role === 'collaborator' && task.responsableId === actor.id),
  /** A company's documents: staff see every company's; a client only their own company's. */
  'documents:view': (actor: Actor, company: { businessId: number }) =>
    actor.role === 'owner' ||
    actor.role === 'collaborator' ||
    (actor.role === 'client' && actor.businessId === company.businessId),
  /**
   * Upload into a company folder: staff into any; a client into their own company's,
   * against a request item or into a folder whose template allows it ('El cliente puede subir').
   */
  'documents:upload': (actor: Actor, folder: { businessId: number; clientCanUpload: boolean; forItem: boolean }) =>
    actor.role === 'owner' ||
    actor.role === 'collaborator' ||
    (actor.role === 'client' && actor.businessId === folder.businessId && (folder.clientCanUpload || folder.forItem)),
  /**
   * Delete a file: staff any; a client only one they sent, of their own company, while the item it
   * answers is not received.
   */
  'file:delete': (
    actor: Actor,
    file: { businessId: number; uploadedBy: number | null; fromClient: boolean; received: boolean },
  ) =>
    actor.role === 'owner' ||
    actor.role === 'collaborator' ||
    (actor.role === 'client' &&
      actor.businessId === file.businessId &&
      file.fromClient &&
      file.uploadedBy === actor.id &&
      !file.received),
  /** The firm's calendar events: owners, and collaborators the owner allowed (allowCalendarView). */
  'calendar:events': (actor: Actor, user: { allowCalendarView: boolean }) =>
    actor.role === 'owner' || (actor.role === 'collaborator' && user.allowCalendarView),
  /** A note: an owner, or the collaborator it is assigned to (read it, mark it done or not done). */
  'note:assigned': (actor: Actor, note: { userId: number }) =>
    actor.role === 'owner' || (actor.role === 'collaborator' && note.userId === actor.id),
  /**
   * Whose notes a list shows: an owner anyone's (everyone's when `userId` is absent); a
   * collaborator only their own.
   */
  'notes:list': (actor: Actor, filter: { userId: number | undefined }) =>
    actor.role === 'owner' || (actor.role === 'collaborator' && filter.userId === actor.id),
  /** A company's monthly report ('Informe mensual'): staff any company's; a client only their own company's. */
  'report:view': (actor: Actor, company: { businessId: number }) =>
    actor.role === 'owner' ||
    actor.role === 'collaborator' ||
    (actor.role === 'client' && actor.businessId === company.businessId),
  /** A company's account statement: an owner any company's; a client only their own company's. */
  'billing:statement': (actor: Actor, statement: { businessId: number }) =>
    actor.role === 'owner' || (actor.role === 'client' && actor.businessId === statement.businessId),
  /** A company's approvals and their certificates: staff any company's; a client only their own company's. */
  'approval:view': (actor: Actor, approval: { businessId: number }) =>
    actor.role === 'owner' ||
    actor.role === 'collaborator' ||
    (actor.role === 'client' && actor.businessId === approval.businessId),
  /** Answer an approval: only a client of the company it was asked of (staff never answer for the client). */
  'approval:answer': (actor: Actor, approval: { businessId: number }) =>
    actor.role === 'client' && actor.businessId === approval.businessId,
  /** A company's message thread: staff any company's; a client only their own company's. */
  'messages:thread': (actor: Actor, thread: { businessId: number }) =>
    actor.role === 'owner' ||
    actor.role === 'collaborator' ||
    (actor.role === 'client' && actor.businessId === thread.businessId),
  /**
   * Create, change or delete a user of this role: a client user is managed with their company
   * (whoever writes companies); a staff user only by whoever manages users (owners).
   */
  'user:manage': (actor: Actor, user: { role: Role }) =>
    (PERMISSIONS[user.role === 'client' ? 'businesses:write' : 'users:manage'] as readonly Role[]).includes(actor.role),
} as const;

export type PolicyAction = keyof typeof POLICIES;
type PolicyRecord<A extends PolicyAction> = Parameters<(typeof POLICIES)[A]>[1];

/**
 * May `actor` do `action`? A table permission needs only the actor; a policy also the record.
 * An absent actor (anonymous) may do nothing.
 */
export function can(actor: Actor | null | undefined, permission: Permission): boolean;
export function can<A extends PolicyAction>(
  actor: Actor | null | undefined,
  action: A,
  record: PolicyRecord<A>,
): boolean;
export function can(actor: Actor | null | undefined, action: Permission | PolicyAction, record?: unknown): boolean {
  if (!actor) return false;
  if (action in POLICIES) {
    const policy = POLICIES[action as PolicyAction] as (actor: Actor, record: unknown) => boolean;
    return record !== undefined && policy(actor, record);
  }
  return (PERMISSIONS[action as Permission] as readonly Role[]).includes(actor.role);
}

/**
 * Is this role one of the firm's staff (owner or collaborator)? The one place that answers it:
 * screens and services ask here instead of comparing roles themselves.
 */
export function isStaff(role: Role | string | null | undefined): role is 'owner' | 'collaborator' {
  return role === 'owner' || role === 'collaborator';
}
