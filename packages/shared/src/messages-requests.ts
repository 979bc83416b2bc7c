import { msg } from './messages.ts';

/**
 * Spanish texts of document requests (issue 22): what the firm asks its clients to send each
 * period, the client's uploads against them, reminders and the /solicitudes view.
 */
export const requestsMsg = {
  required: msg.required,
  titleRequired: 'Escribe un título para la solicitud',
  itemNameRequired: 'Escribe qué documento se pide',
  itemsRequired: 'Agrega al menos un documento',
  tooManyItems: 'Una solicitud puede pedir como máximo 30 documentos',
  folderRequired: 'Elige la carpeta donde se guardará',
  dueDayRange: 'Debe ser un día entre 1 y 31',
  dueDateRequired: 'Elige la fecha límite',
  dueDateInvalid: 'La fecha límite no es válida',
  commentRequired: 'Escribe qué falta o qué hay que corregir',
  requestNotFound: 'La solicitud no existe',
  itemNotFound: 'El documento solicitado no existe',
  templateNotFound: 'La plantilla de solicitud no existe',
  folderNotOfService: 'La carpeta no pertenece a este servicio',
  folderNotOfPeriod: 'La carpeta no corresponde a la empresa en ese período',
  itemAlreadyReceived: 'Este documento ya fue recibido; no se puede cambiar lo enviado',
  notOwnUpload: 'Solo puedes eliminar archivos que subiste tú',

  // Successes.
  templateCreated: 'Plantilla de solicitud creada',
  templateUpdated: 'Plantilla de solicitud actualizada',
  templateDeleted: 'Plantilla de solicitud eliminada',
  requestCreated: 'Solicitud creada y enviada al cliente',
  requestCreatedNoEmail: 'Solicitud creada; la empresa no tiene correos de contacto',
  requestDeleted: 'Solicitud eliminada',
  sentToAll: (created: number, skipped: number) =>
    `${created} ${created === 1 ? 'solicitud creada' : 'solicitudes creadas'}${
      skipped > 0 ? `, ${skipped} ya ${skipped === 1 ? 'existía' : 'existían'}` : ''
    }`,
  itemReceived: 'Documento marcado como recibido',
  itemRejected: 'Se pidió de nuevo el documento al cliente',
  itemReopened: 'El documento volvió a quedar pendiente',

  // States.
  requestStateLabels: { pendiente: 'Pendiente', parcial: 'Parcial', completa: 'Completa', atrasada: 'Atrasada' },
  itemLookLabels: { pendiente: 'Pendiente', enviado: 'Enviado', recibido: 'Recibido', rechazado: 'Pedido de nuevo' },

  // E-mails to the company's contacts (logged in the e-mail log like every e-mail).
  createdSubject: (businessName: string, title: string) => `${title} - ${businessName}`,
  createdBody: (title: string, period: string, due: string, items: string[], link: string) =>
    [
      'Hola,',
      '',
      `Para trabajar el período ${period} necesitamos que nos envíe estos documentos antes del ${due} (${title}):`,
      '',
      ...items.map((item) => `- ${item}`),
      '',
      `Puede subirlos desde su portal: ${link}`,
    ].join('\n'),
  reminderSubject: (businessName: string, due: string) =>
    `Recordatorio: documentos pendientes para el ${due} - ${businessName}`,
  reminderDueSubject: (businessName: string) => `Hoy vence el envío de documentos - ${businessName}`,
  reminderBody: (title: string, due: string, missing: string[], link: string) =>
    [
      'Hola,',
      '',
      `Aún faltan estos documentos de "${title}", que vence el ${due}:`,
      '',
      ...missing.map((item) => `- ${item}`),
      '',
      `Puede subirlos desde su portal: ${link}`,
    ].join('\n'),
  rejectedSubject: (businessName: string, item: string) => `Necesitamos de nuevo: ${item} - ${businessName}`,
  rejectedBody: (item: string, title: string, comment: string, link: string) =>
    [
      'Hola,',
      '',
      `Revisamos lo que envió para "${item}" (${title}) y necesitamos que lo envíe de nuevo:`,
      '',
      comment,
      '',
      `Puede subirlo desde su portal: ${link}`,
    ].join('\n'),
} as const;
