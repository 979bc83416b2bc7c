import { msg } from './messages.ts';
import { MONTH_KEYS, MONTH_NAMES } from './months.ts';

const monthName = (month: number) => MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'];

/** Spanish texts of 'Mensajes': the firm's thread with each client company. */
export const messagesMsg = {
  title: 'Mensajes',
  required: msg.required,
  empty: 'Escribe un mensaje o adjunta un archivo',
  tooLong: (max: number) => `El mensaje debe tener como máximo ${max.toLocaleString('es-CL')} caracteres`,
  tooManyFiles: (max: number) => `Adjunta como máximo ${max} archivos por mensaje`,
  notAccepted: 'Solo se pueden adjuntar PDF, fotos JPG o PNG, XML, Excel (.xlsx) o CSV',
  businessNotFound: 'La empresa no existe',
  messageNotFound: 'El mensaje no existe',
  attachmentNotFound: 'El adjunto no existe',
  attachmentMissing: 'El archivo del adjunto no está en el almacenamiento',
  notOwn: 'Solo puedes cambiar tus propios mensajes',
  editWindow: (minutes: number) => `Un mensaje se puede editar solo durante ${minutes} minutos después de enviarlo`,
  alreadyDeleted: 'El mensaje ya fue eliminado',
  systemMessage: 'Los avisos del sistema no se pueden cambiar',
  editNoText: 'Escribe el texto corregido',
  invalidCursor: 'El cursor de la página no es válido',
  invalidMinutes: 'Los minutos deben ser un número entero entre 1 y 1.440',
  invalidPeriod: 'Elige un mes válido',
  folderNotFound: 'La carpeta no existe en ese período para esta empresa',
  sent: 'Mensaje enviado',
  edited: 'Mensaje editado',
  deleted: 'Mensaje eliminado',
  read: 'Leído',
  settingsSaved: 'Configuración de mensajes guardada',
  filed: (folder: string, year: number, month: number) => `Archivado en ${folder}, ${monthName(month)} ${year}`,
  /** What a deleted message shows in its place. */
  deletedPlaceholder: 'mensaje eliminado',
  editedMark: 'editado',
  /** The unread notice's e-mail: no text of the messages, only where to read them. */
  noticeSubject: (company: string) => `Mensajes sin leer de ${company}`,
  noticeSubjectClient: 'Tienes mensajes sin leer del estudio',
  noticeBody: (count: number, company: string, link: string) =>
    `${count === 1 ? 'Hay 1 mensaje sin leer' : `Hay ${count} mensajes sin leer`} en la conversación con ${company}.\n\nÁbrela aquí: ${link}\n\nPor seguridad, este correo no incluye el texto de los mensajes.`,
  noticeBodyClient: (count: number, link: string) =>
    `${count === 1 ? 'Tienes 1 mensaje sin leer' : `Tienes ${count} mensajes sin leer`} del estudio.\n\nLéelo aquí: ${link}\n\nPor seguridad, este correo no incluye el texto de los mensajes.`,
  pushTitle: 'Mensajes sin leer',
  pushBody: (count: number, company: string) =>
    count === 1 ? `1 mensaje sin leer de ${company}` : `${count} mensajes sin leer de ${company}`,
  /** The activity log's label of a message (never its text: a deleted message's text is kept nowhere). */
  activityLabel: (id: number) => `Mensaje #${id}`,
  unreadCount: (count: number) => (count === 1 ? '1 mensaje sin leer' : `${count} mensajes sin leer`),
} as const;
