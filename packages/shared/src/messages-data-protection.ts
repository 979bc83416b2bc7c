/**
 * Spanish texts of 'Protección de datos' (Ley 21.719): requests from a person, security incidents,
 * the privacy notice and its acknowledgements, document retention and the activity log's archive.
 */

/** The rights a person exercises (Ley 19.628, art. 4, as Ley 21.719 wrote it). */
export const RIGHTS_KIND_LABELS = {
  access: 'Acceso',
  rectification: 'Rectificación',
  erasure: 'Supresión',
  objection: 'Oposición',
  portability: 'Portabilidad',
  blocking: 'Bloqueo',
} as const;
export type RightsKind = keyof typeof RIGHTS_KIND_LABELS;

/** The kinds a temporary block may be asked with (art. 11: while a rectification, erasure or objection is resolved). */
export const TEMPORARY_BLOCK_KINDS: readonly RightsKind[] = ['rectification', 'erasure', 'objection'];

export const RIGHTS_STATUS_LABELS = {
  received: 'Recibida',
  in_progress: 'En curso',
  extended: 'Prorrogada',
  answered: 'Respondida',
  rejected: 'Rechazada',
} as const;
export type RightsStatus = keyof typeof RIGHTS_STATUS_LABELS;
/** A request in one of these states is closed: it has its answer. */
export const RIGHTS_CLOSED_STATUSES: readonly RightsStatus[] = ['answered', 'rejected'];

export const RIGHTS_CHANNEL_LABELS = {
  email: 'Correo electrónico',
  form: 'Formulario web',
  portal: 'Portal de clientes',
  letter: 'Carta',
  in_person: 'Presencial',
  other: 'Otro',
} as const;
export type RightsChannel = keyof typeof RIGHTS_CHANNEL_LABELS;

export const INCIDENT_STATUS_LABELS = {
  open: 'Abierto',
  contained: 'Contenido',
  closed: 'Cerrado',
} as const;
export type IncidentStatus = keyof typeof INCIDENT_STATUS_LABELS;

/** The categories of personal data an incident may reach. */
export const DATA_CATEGORY_LABELS = {
  identification: 'Identificación (nombre, RUT)',
  contact: 'Contacto (correo, teléfono, dirección)',
  tax: 'Tributarios y contables',
  financial: 'Financieros y bancarios',
  employment: 'Laborales y previsionales',
  credentials: 'Claves de portales',
  sensitive: 'Datos sensibles',
  other: 'Otros',
} as const;
export type DataCategory = keyof typeof DATA_CATEGORY_LABELS;

export const ARCHIVE_FORMAT_LABELS = { csv: 'CSV', xlsx: 'Excel (.xlsx)' } as const;
export type ArchiveFormat = keyof typeof ARCHIVE_FORMAT_LABELS;

export const PROPOSAL_STATUS_LABELS = {
  open: 'Por confirmar',
  confirmed: 'Confirmada',
  discarded: 'Descartada',
} as const;
export type ProposalStatus = keyof typeof PROPOSAL_STATUS_LABELS;

export const dataProtectionMsg = {
  title: 'Protección de datos',

  // Requests from a person
  kindInvalid: 'Elige el derecho que ejerce la persona',
  requesterNameRequired: 'Escribe el nombre de la persona',
  requesterEmailInvalid: 'Escribe un correo electrónico válido de la persona',
  requesterRutInvalid: 'El RUT no es válido: revisa el dígito verificador',
  receivedOnRequired: 'Indica la fecha en que llegó la solicitud',
  receivedOnInvalid: 'La fecha de recepción no es válida (AAAA-MM-DD)',
  receivedInFuture: 'La fecha de recepción no puede ser posterior a hoy',
  channelInvalid: 'Elige por dónde llegó la solicitud',
  statusInvalid: 'Elige un estado de la lista',
  temporaryBlockOnlyWith: 'El bloqueo temporal solo se pide junto con una rectificación, supresión u oposición',
  answerRequired: 'Para dar la solicitud por respondida o rechazada escribe la respuesta',
  answeredOnRequired: 'Indica la fecha de la respuesta',
  answeredOnInvalid: 'La fecha de la respuesta no es válida (AAAA-MM-DD)',
  answeredBeforeReceived: 'La respuesta no puede ser anterior a la recepción',
  answeredInFuture: 'La fecha de la respuesta no puede ser posterior a hoy',
  handlerInvalid: 'Elige a alguien del estudio para atender la solicitud',
  extendedOnlyByExtending: 'Una solicitud queda prorrogada solo con «Prorrogar»',
  requestNotFound: 'La solicitud no existe',
  requestCreated: 'Solicitud registrada',
  requestSaved: 'Solicitud guardada',
  extensionReasonRequired: 'Escribe por qué se prorroga el plazo',
  alreadyExtended: 'El plazo ya se prorrogó una vez: la ley permite una sola prórroga',
  extendClosed: 'La solicitud ya tiene respuesta: no hay plazo que prorrogar',
  extendAfterDeadline: 'El plazo ya venció: la prórroga se decide antes de que venza',
  extended: (dueOn: string) => `Plazo prorrogado hasta el ${dueOn}`,
  overdue: 'Vencida',
  dueToday: 'Vence hoy',
  dueIn: (days: number) => (days === 1 ? 'Vence mañana' : `Vence en ${days} días`),
  overdueBy: (days: number) => (days === 1 ? 'Venció hace 1 día' : `Venció hace ${days} días`),
  digestTitle: 'Solicitudes de datos personales por responder',
  digestLine: (kind: string, person: string, dueOn: string, urgency: string) =>
    `${kind} de ${person}: plazo hasta el ${dueOn}, ${urgency}`,
  digestLink: 'Ver las solicitudes',
  digestCount: (count: number) =>
    count === 1
      ? '1 solicitud de datos personales por responder'
      : `${count} solicitudes de datos personales por responder`,

  // Incidents
  detectedAtRequired: 'Indica cuándo se detectó el incidente',
  detectedAtInvalid: 'La fecha y hora de detección no es válida',
  detectedInFuture: 'La detección no puede ser posterior a ahora',
  descriptionRequired: 'Describe qué ocurrió',
  categoriesRequired: 'Elige al menos una categoría de datos afectados',
  categoryInvalid: 'Elige categorías de la lista',
  peopleAffectedInvalid: 'El número de personas afectadas debe ser un entero de 0 o más',
  noticeDateInvalid: 'La fecha del aviso no es válida (AAAA-MM-DD)',
  noticeHowRequired: 'Indica cómo se avisó',
  noticeBeforeDetection: 'El aviso no puede ser anterior a la detección',
  incidentStatusInvalid: 'Elige un estado de la lista',
  incidentNotFound: 'El incidente no existe',
  incidentCreated: 'Incidente registrado',
  incidentSaved: 'Incidente guardado',

  // Privacy notice
  noticeTextRequired: 'Escribe el texto del aviso de privacidad',
  noticeTextTooLong: (max: number) => `El aviso puede tener como máximo ${max.toLocaleString('es-CL')} caracteres`,
  noticeHasBlanks: (blanks: readonly string[]) =>
    `Completa lo que el texto inicial deja entre corchetes antes de publicar: ${blanks.join(', ')}`,
  noticeUnchanged: 'El texto es igual al de la versión vigente: no se publicó una versión nueva',
  noticePublished: (version: number) => `Versión ${version} del aviso de privacidad publicada`,
  noticeNone: 'El estudio aún no publica un aviso de privacidad',
  noticeVersionNotFound: 'Esa versión del aviso no existe',
  noticeNotCurrent: 'Hay una versión más reciente del aviso: léala antes de confirmar',
  noticeAcknowledged: 'Gracias: quedó registrado que leyó el aviso de privacidad',
  acknowledgeButton: 'He leído el aviso',
  noticeLink: 'Aviso de privacidad',

  // Retention
  retentionYearsInvalid: 'Los años de conservación deben ser un entero entre 1 y 50',
  folderNotFound: 'La carpeta de plantilla no existe',
  folderRetentionSaved: 'Años de conservación guardados',
  holdReasonRequired: 'Escribe el motivo de la retención legal',
  holdSaved: 'Retención legal guardada: sus archivos no se proponen para eliminar',
  holdRemoved: 'Retención legal quitada',
  holdNotFound: 'La empresa no tiene retención legal',
  businessNotFound: 'La empresa no existe',
  proposalNotFound: 'La propuesta no existe',
  proposalNotOpen: 'La propuesta ya se confirmó o descartó',
  proposalMade: (count: number) =>
    count === 0
      ? 'Propuesta calculada: ningún archivo está fuera de plazo'
      : count === 1
        ? 'Propuesta calculada: 1 archivo fuera de plazo'
        : `Propuesta calculada: ${count.toLocaleString('es-CL')} archivos fuera de plazo`,
  proposalConfirmed: (deleted: number, skipped: number) =>
    `${deleted === 1 ? 'Se eliminó 1 archivo' : `Se eliminaron ${deleted.toLocaleString('es-CL')} archivos`}${
      skipped > 0 ? `; ${skipped === 1 ? '1 quedó' : `${skipped.toLocaleString('es-CL')} quedaron`} sin eliminar` : ''
    }`,
  proposalDiscarded: 'Propuesta descartada: no se eliminó nada',
  skippedGone: 'Ya no existía',
  skippedHold: 'La empresa quedó con retención legal',
  skippedNotPast: 'Aún no cumple su plazo de conservación',
  skippedApproved: 'Tiene una aprobación del cliente: no se elimina',
  skippedOther: (reason: string) => `No se pudo eliminar: ${reason}`,
  retentionReason: (proposalId: number) => `Plazo de conservación cumplido (propuesta ${proposalId})`,

  // The activity log's retention and archive
  activityYearsInvalid: 'Los años que se guarda el registro deben ser un entero entre 1 y 50, o «Guardar todo»',
  activitySettingsSaved: 'Conservación del registro de actividad guardada',
  keepAll: 'Guardar todo',
  archiveFormatInvalid: 'Elige CSV o Excel',
  noRetentionSet: 'El registro de actividad se guarda completo: no hay nada que depurar',
  nothingToArchive: 'No hay entradas anteriores al plazo de conservación',
  archiveNotFound: 'El archivo del registro no existe',
  archiveAlreadyPurged: 'Las entradas de ese archivo ya se depuraron',
  purgeNeedsArchive:
    'Antes de depurar descargue el archivo de las entradas que se eliminarán: no hay un archivo completo de ese rango',
  purgeArchiveStale: 'El plazo cambió desde que se descargó el archivo: descargue uno nuevo antes de depurar',
  purgeRefusedByDatabase:
    'La base de datos no permite borrar el registro de actividad (el rol de la aplicación no tiene permiso DELETE sobre «activity»)',
  purged: (count: number) =>
    count === 1
      ? 'Se depuró 1 entrada del registro de actividad'
      : `Se depuraron ${count.toLocaleString('es-CL')} entradas del registro de actividad`,
} as const;

/** How the firm is named in the default notice while 'Datos del estudio' is empty. */
const FIRM_PLACEHOLDER = '[Nombre del estudio]';
/** The contact address in the default notice while the firm has none. */
const EMAIL_PLACEHOLDER = '[correo de contacto]';
/** The default notice's blanks: a notice still holding one is not published. */
export const PRIVACY_NOTICE_BLANKS = [FIRM_PLACEHOLDER, EMAIL_PLACEHOLDER] as const;

/**
 * A starting text for the firm's privacy notice: who is responsible, for what the data are used,
 * the legal bases, how long they are kept, the rights and how to exercise them, and where to
 * complain. Paragraphs are separated by a blank line; the firm edits it before publishing.
 */
export function defaultPrivacyNotice(firm: { name: string; rut: string; address: string; email: string }): string {
  const name = firm.name.trim() || FIRM_PLACEHOLDER;
  const who = [
    name,
    firm.rut.trim() && `RUT ${firm.rut.trim()}`,
    firm.address.trim() && `con domicilio en ${firm.address.trim()}`,
  ]
    .filter(Boolean)
    .join(', ');
  const email = firm.email.trim() || EMAIL_PLACEHOLDER;
  return [
    `${who} (en adelante, «el estudio») es responsable del tratamiento de los datos personales que usted nos entrega y de los que tratamos por encargo de su empresa, conforme a la Ley N° 19.628 sobre protección de los datos personales, modificada por la Ley N° 21.719.`,
    'Finalidades. Tratamos sus datos para prestar los servicios contables, tributarios, laborales y de asesoría contratados; cumplir las obligaciones legales del estudio y de su empresa ante el Servicio de Impuestos Internos, la Dirección del Trabajo, Previred y otros organismos; comunicarnos con usted por este portal, por correo y, si lo acepta, por WhatsApp; cobrar nuestros honorarios; y mantener la seguridad de la información.',
    'Datos que tratamos. Datos de identificación y contacto (nombre, RUT, correo, teléfono), datos tributarios y contables, datos laborales y previsionales de trabajadores cuando el servicio lo requiere, claves de portales que usted nos confía (guardadas cifradas) y el registro de uso de este portal (fecha, hora y dirección desde la que se conecta).',
    'Fundamento. El tratamiento se basa en el contrato de servicios, en las obligaciones legales que el estudio y su empresa deben cumplir y, cuando corresponde, en su consentimiento, que puede retirar en cualquier momento.',
    'Conservación. Los documentos tributarios y contables se conservan por el plazo que exige la ley (por regla general seis años, conforme al Código Tributario) y luego se eliminan de forma segura, salvo que exista una obligación o un litigio que exija mantenerlos.',
    'Comunicación a terceros. Solo comunicamos datos a los organismos públicos ante los que actuamos por usted y a proveedores que nos prestan servicios (alojamiento, correo), bajo contrato y con deber de confidencialidad. No vendemos datos personales.',
    `Sus derechos. Usted puede ejercer los derechos de acceso, rectificación, supresión, oposición, portabilidad y bloqueo de sus datos escribiendo a ${email} o por los mensajes de este portal, indicando su nombre, RUT y el derecho que ejerce. Responderemos dentro de 30 días corridos desde que recibamos la solicitud, plazo que podemos prorrogar una sola vez por 30 días más, avisándole. El ejercicio de estos derechos es gratuito en los términos de la ley.`,
    'Reclamos. Si su solicitud es denegada o no recibe respuesta en el plazo, puede reclamar ante la Agencia de Protección de Datos Personales.',
    'Seguridad. Aplicamos medidas técnicas y organizativas para proteger sus datos. Si ocurre un incidente que los afecte, lo informaremos a la Agencia y, cuando corresponda, a usted.',
    'Cambios. Podemos actualizar este aviso; le mostraremos la nueva versión la próxima vez que ingrese al portal.',
  ].join('\n\n');
}
