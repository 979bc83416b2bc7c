import { APP_TIME_ZONE } from './current-period.ts';
import { msg } from './messages.ts';

/** The states of an approval as the company page, the portal and the certificate show them. */
export const APPROVAL_STATUS_LABELS = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'Anulado',
} as const;
export type ApprovalStatus = keyof typeof APPROVAL_STATUS_LABELS;

/** The client's two answers, as the buttons and the certificate say them. */
export const APPROVAL_ANSWER_LABELS = { approve: 'Apruebo', reject: 'Rechazo' } as const;
export type ApprovalAnswer = keyof typeof APPROVAL_ANSWER_LABELS;

const dateTimeFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/**
 * A moment as the certificate shows it: day, month, year and time to the second in America/Santiago,
 * naming the zone ('14-10-2026 10:05:33 (hora de Chile, America/Santiago)').
 */
export function santiagoDateTime(iso: string | Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat.formatToParts(typeof iso === 'string' ? new Date(iso) : iso).map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second} (hora de Chile, ${APP_TIME_ZONE})`;
}

/** The same moment, short: '14-10-2026 10:05'. */
export function santiagoShortDateTime(iso: string | Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat.formatToParts(typeof iso === 'string' ? new Date(iso) : iso).map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** How an approval's e-mail went, honestly: kept in the outbox is never 'sent'. */
export const APPROVAL_MAIL_LABELS = {
  sent: 'Enviado',
  outbox: 'En bandeja local (no se envió: el correo no está configurado)',
  failed: 'No se pudo enviar',
  none: 'Sin correo',
} as const;

/** Spanish texts of client approvals ('Aprobaciones': a simple electronic signature, Ley 19.799). */
export const approvalsMsg = {
  sectionTitle: 'Aprobaciones',
  requestButton: 'Solicitar aprobación',
  requestTitle: 'Solicitar aprobación',
  certificateTitle: 'Certificado de aprobación',
  rejectionCertificateTitle: 'Constancia de rechazo',
  required: msg.required,
  titleRequired: 'Escribe un título, por ejemplo «Balance 2025»',
  titleTooLong: 'El título debe tener como máximo 120 caracteres',
  messageTooLong: 'El mensaje debe tener como máximo 2.000 caracteres',
  commentTooLong: 'El comentario debe tener como máximo 2.000 caracteres',
  commentRequired: 'Para rechazar, escribe un comentario que diga qué hay que corregir',
  reminderDaysInvalid: 'Los recordatorios deben ser cada 1 a 30 días',
  answerInvalid: 'La respuesta debe ser «Apruebo» o «Rechazo»',
  fileRequired: 'Elige un archivo de la empresa o sube un PDF',
  fileIdInvalid: 'Elige un archivo de la empresa',
  onlyPdf: 'Solo se puede subir un PDF para aprobación',
  fieldsInAddress: 'Los datos de la solicitud van en el formulario, no en la dirección',
  notFound: 'La solicitud de aprobación no existe',
  fileNotFound: 'El archivo no existe o no es de esta empresa',
  fileMissing: 'El archivo ya no está en el almacenamiento',
  noClientUser:
    'La empresa no tiene un usuario cliente que pueda aprobar: crea uno en «Usuarios de la empresa» antes de solicitar la aprobación',
  alreadyPending: 'Este documento ya tiene una aprobación pendiente',
  alreadyApproved:
    'Este documento ya está aprobado; una versión nueva se sube como archivo nuevo y se pide su aprobación',
  notPending: (status: string) => `Esta solicitud ya no está pendiente (está ${status.toLowerCase()})`,
  documentGone:
    'El documento de esta solicitud fue eliminado: no se puede aprobar. El estudio debe solicitar una nueva aprobación',
  documentChanged:
    'El documento cambió después de la solicitud (su huella SHA-256 ya no coincide): no se puede aprobar. El estudio debe solicitar una nueva aprobación',
  /** The documents module's refusal of replacing or deleting an approved file (409). */
  fileApproved: (title: string) =>
    `Este documento está aprobado por el cliente («${title}»): no se puede reemplazar ni eliminar. Sube la versión nueva como un archivo nuevo y solicita una nueva aprobación`,
  certificateNotYet: 'El certificado existe cuando el cliente responde',
  requestedSent: 'Solicitud de aprobación enviada al cliente por correo',
  requestedOutbox:
    'Solicitud de aprobación creada; el correo quedó en la bandeja local porque el correo no está configurado (no se envió)',
  requestedMailFailed: 'Solicitud de aprobación creada; el correo al cliente no se pudo enviar (se reintentará)',
  requestedNoMail: 'Solicitud de aprobación creada; visible para el cliente en su portal',
  approved: 'Aprobaste el documento. Puedes descargar el certificado',
  rejected: 'Rechazaste el documento; el estudio verá tu comentario',
  cancelled: 'Solicitud de aprobación anulada',
  announceRequested: (title: string) => `Se solicitó tu aprobación de «${title}»`,
  announceAnswered: (who: string, answer: ApprovalAnswer, title: string) =>
    `${who} ${answer === 'approve' ? 'aprobó' : 'rechazó'} «${title}»`,
  mailSubject: (firm: string, title: string) => `${firm}: solicitud de aprobación de «${title}»`,
  reminderSubject: (firm: string, title: string) => `Recordatorio: ${firm} espera tu aprobación de «${title}»`,
  mailBody: (input: { title: string; message: string; documentName: string; link: string; reminder?: boolean }) =>
    [
      input.reminder
        ? `Te recordamos que el estudio espera tu respuesta a la solicitud de aprobación «${input.title}».`
        : `El estudio te solicita aprobar «${input.title}».`,
      '',
      ...(input.message ? [input.message, ''] : []),
      `Documento: ${input.documentName}`,
      '',
      `Revísalo y responde «Apruebo» o «Rechazo» en tu portal: ${input.link}`,
    ].join('\n'),
  legalNote:
    'Firma electrónica simple (Ley 19.799): el cliente se identificó con su usuario y contraseña del portal y respondió a esta solicitud. La huella SHA-256 identifica el contenido exacto del documento solicitado: cualquier cambio en el archivo produce otra huella.',
} as const;
