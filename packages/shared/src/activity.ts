import { MONTH_NAMES } from './months.ts';
import { ROLE_LABELS } from './roles.ts';

/**
 * The activity log's vocabulary: what kind of record an entry names and what was done,
 * each with the Spanish label the /actividad screen and its CSV show. The server writes only these.
 */
export const ACTIVITY_KINDS = {
  company: 'Empresa',
  service: 'Servicio',
  user: 'Usuario',
  group: 'Grupo',
  credential: 'Clave de portal',
  monthly_state: 'Estado mensual',
  task: 'Tarea',
  task_state: 'Estado de tarea',
  folder: 'Carpeta',
  file: 'Archivo',
  request: 'Solicitud',
  note: 'Nota',
  sign_in: 'Inicio de sesión',
  password: 'Contraseña',
  second_factor: 'Verificación en dos pasos',
  session: 'Sesión',
  backup: 'Respaldo',
  settings: 'Configuración',
  fee_terms: 'Honorarios',
  extra_charge: 'Cobro adicional',
  uf_value: 'Valor UF',
  charge: 'Cobro',
  payment: 'Pago',
  cartola: 'Cartola',
  billing_settings: 'Configuración de cobranza',
  holiday: 'Feriado adicional',
  tax_year_date: 'Fecha del Calendario AT',
  time_entry: 'Registro de tiempo',
  hourly_cost: 'Costo por hora',
  approval: 'Aprobación de documento',
  message: 'Mensaje',
  monthly_report: 'Informe mensual',
  firm_settings: 'Datos del estudio',
  whatsapp: 'WhatsApp',
  rights_request: 'Solicitud de datos personales',
  security_incident: 'Incidente de seguridad',
  privacy_notice: 'Aviso de privacidad',
  legal_hold: 'Retención legal',
  retention_proposal: 'Propuesta de eliminación',
  activity_log: 'Registro de actividad',
  data_subject: 'Titular de datos',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export const ACTIVITY_ACTIONS = {
  created: 'Creó',
  updated: 'Modificó',
  deleted: 'Eliminó',
  imported: 'Importó',
  revealed: 'Mostró la contraseña',
  copied: 'Copió la contraseña',
  uploaded: 'Subió',
  downloaded: 'Descargó',
  signed_in: 'Inició sesión',
  sign_in_failed: 'Intento de inicio de sesión fallido',
  second_factor_failed: 'Código de verificación incorrecto',
  changed: 'Cambió',
  enabled: 'Activó',
  disabled: 'Desactivó',
  reset: 'Restableció',
  ended: 'Cerró',
  restored: 'Restauró',
  generated: 'Generó',
  issued: 'Marcó emitido',
  voided: 'Anuló',
  reversed: 'Reversó',
  confirmed: 'Confirmó',
  exported: 'Exportó',
  rejected: 'Rechazó',
  ignored: 'Ignoró',
  matched: 'Asoció',
  applied: 'Aplicó',
  requested: 'Solicitó',
  approved: 'Aprobó',
  cancelled: 'Anuló la solicitud',
  replaced: 'Reemplazó',
  filed: 'Archivó en documentos',
  emailed: 'Envió por correo',
  kept_in_outbox: 'Dejó en la bandeja local',
  email_failed: 'No pudo enviar por correo',
  extended: 'Prorrogó',
  answered: 'Respondió',
  published: 'Publicó',
  acknowledged: 'Leyó el aviso',
  purged: 'Depuró',
  discarded: 'Descartó',
  searched: 'Buscó',
  suppressed: 'Suprimió',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const activityKindList = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
export const activityActionList = Object.keys(ACTIVITY_ACTIONS) as ActivityAction[];

/** How each field an entry's details name is called on screen and in the CSV (the forms' own labels). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  lastName: 'Apellido',
  email: 'Email',
  role: 'Rol',
  businessId: 'Empresa',
  allowCalendarView: 'Ver calendario',
  razonSocial: 'Razón social',
  rut: 'RUT',
  startContract: 'Inicio de contrato',
  endContract: 'Fin de contrato',
  legalRepresentative: 'Representante legal',
  contact: 'Contactos',
  electronicFiling: 'Declara y paga en línea',
  taxRegime: 'Régimen tributario',
  hasEmployees: 'Tiene trabajadores',
  vatDeferred: 'IVA postergado',
  responsibleUserId: 'Encargado',
  trackingSince: 'Seguimiento desde',
  user: 'Usuario',
  portal: 'Portal',
  description: 'Descripción',
  startMonthDay: 'Día inicio',
  lastMonthDay: 'Día término',
  order: 'Orden',
  dueDay: 'Día de vencimiento',
  dueDayElectronic: 'Día de vencimiento en línea',
  dueDayShift: 'Se corre al día hábil siguiente',
  dueDayElectronicShift: 'Se corre al día hábil siguiente (en línea)',
  catalogueKey: 'Obligación del catálogo',
  color: 'Color',
  pctProgress: '% de progreso',
  hasValue: 'Pide un valor (monto)',
  showResume: 'Mostrar en el resumen',
  parentFolderId: 'Carpeta superior',
  isActive: 'Activa',
  clientCanUpload: 'El cliente puede subir',
  day: 'Día',
  subject: 'Asunto',
  message: 'Mensaje',
  responsableId: 'Responsable',
  expirationDate: 'Fecha de vencimiento',
  showInSummary: 'Mostrar en el resumen',
  effectiveFrom: 'Vigente desde',
  toMonth: 'Hasta',
  currency: 'Moneda',
  amount: 'Monto',
  documentType: 'Documento',
  billingDay: 'Día de facturación',
  paymentTermDays: 'Plazo de pago (días)',
  contacts: 'Contactos de cobranza',
  active: 'Activo',
  recurrence: 'Periodicidad',
  month: 'Mes',
  monthOfYear: 'Mes del año',
  value: 'Valor',
  source: 'Origen',
  net: 'Neto',
  tax: 'Impuesto',
  total: 'Total',
  status: 'Estado',
  dteType: 'Tipo de documento',
  folio: 'Folio',
  reason: 'Motivo',
  date: 'Fecha',
  minutes: 'Minutos',
  serviceId: 'Servicio',
  taskId: 'Tarea',
  note: 'Nota',
  hourlyCost: 'Costo por hora',
  title: 'Título',
  document: 'Documento',
  sha256: 'Huella SHA-256',
  answer: 'Respuesta',
  comment: 'Comentario',
  userAgent: 'Navegador',
  reminderDays: 'Recordar cada (días)',
  size: 'Tamaño (bytes)',
  characters: 'Caracteres',
  attachments: 'Adjuntos',
  period: 'Período',
  folder: 'Carpeta',
  address: 'Dirección',
  logo: 'Logo',
  monthlyReportDay: 'Día del informe mensual',
  emails: 'Destinatarios',
  outcome: 'Resultado',
  phone: 'Celular WhatsApp',
  optedIn: 'Acepta avisos por WhatsApp',
  kind: 'Derecho',
  requesterName: 'Persona',
  requesterEmail: 'Correo de la persona',
  requesterRut: 'RUT de la persona',
  receivedOn: 'Recibida el',
  channel: 'Canal',
  temporaryBlock: 'Bloqueo temporal',
  dueOn: 'Plazo',
  answerText: 'Respuesta',
  answeredOn: 'Respondida el',
  handledById: 'Atendida por',
  detectedAt: 'Detectado el',
  dataCategories: 'Datos afectados',
  peopleAffected: 'Personas afectadas',
  measures: 'Medidas',
  agencyNotifiedOn: 'Aviso a la Agencia',
  agencyNoticeHow: 'Cómo se avisó a la Agencia',
  peopleNotifiedOn: 'Aviso a las personas',
  peopleNoticeHow: 'Cómo se avisó a las personas',
  version: 'Versión',
  retentionYears: 'Años de conservación',
  files: 'Archivos',
  deleted: 'Eliminados',
  skipped: 'No eliminados',
  keptFrom: 'Se guarda desde',
  rows: 'Entradas',
  format: 'Formato',
  archive: 'Archivo',
  proposal: 'Propuesta',
  searchedBy: 'Buscado por',
  fingerprint: 'Huella de lo buscado',
  found: 'Encontrados',
  removed: 'Eliminado o reemplazado',
  kept: 'Conservado',
};

/** A field's label: the form's, or the field's own name with its first letter capitalised ('estado' → 'Estado'). */
export function activityFieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    (MONTH_NAMES as Record<string, string>)[field] ??
    field.charAt(0).toUpperCase() + field.slice(1)
  );
}

/** A value as one short line: text as is, nothing as '—', yes/no as 'sí'/'no', anything else as JSON. */
export function activityValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'role' && typeof value === 'string') return (ROLE_LABELS as Record<string, string>)[value] ?? value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * An entry's details as lines 'Campo: antes → después' (a creation shows only what it set, a deletion
 * what it had): the /actividad screen shows them one a line, the CSV joins them with '; '.
 */
export function activityDetailLines(
  details: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null,
): string[] {
  if (!details) return [];
  const before = details.before ?? {};
  const after = details.after ?? {};
  // A field on both sides with the same value (a cell's value when only its state changed) says nothing.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !(field in before && field in after && JSON.stringify(before[field]) === JSON.stringify(after[field])),
  );
  return fields.map((field) => {
    const label = activityFieldLabel(field);
    if (!(field in before)) return `${label}: ${activityValueText(field, after[field])}`;
    if (!(field in after)) return `${label}: ${activityValueText(field, before[field])}`;
    return `${label}: ${activityValueText(field, before[field])} → ${activityValueText(field, after[field])}`;
  });
}
