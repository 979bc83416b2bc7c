import { msg } from './messages.ts';
import { mailMsg } from './messages-mail.ts';

/**
 * Spanish texts of document requests: what the firm asks its clients to send each
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
  /** The request's e-mail stayed in the server's outbox (no SMTP_URL): nobody was told. */
  requestCreatedOutbox: `Solicitud creada. ${mailMsg.savedToOutbox}`,
  /** The mail server refused the request's e-mail: it is in the e-mail log, tried again later. */
  requestCreatedMailFailed: 'Solicitud creada; el correo al cliente no se pudo enviar y se volverá a intentar',
  requestDeleted: 'Solicitud eliminada',
  sentToAll: (created: number, skipped: number) =>
    `${created} ${created === 1 ? 'solicitud creada' : 'solicitudes creadas'}${
      skipped > 0 ? `, ${skipped} ya ${skipped === 1 ? 'existía' : 'existían'}` : ''
    }`,
  /** Follows sentToAll: the e-mails go out after the answer, or stay in the outbox without SMTP_URL. */
  sentToAllMail: (companies: number, mailConfigured: boolean) =>
    `; ${mailConfigured ? 'se está avisando por correo' : 'el aviso por correo quedará en la bandeja local (el correo no está configurado)'} a ${companies} ${companies === 1 ? 'empresa' : 'empresas'}; el registro de correos muestra cada envío`,
  itemReceived: 'Documento marcado como recibido',
  itemRejected: 'Se pidió de nuevo el documento al cliente',
  itemReopened: 'El documento volvió a quedar pendiente',

  // Web: staff screens (a service's templates, a company's requests on its documents page).
  templatesTitle: 'Solicitudes de documentos',
  templatesHint: 'Plantillas para pedir a cada empresa del servicio los documentos de un período.',
  noTemplates: 'Este servicio aún no tiene plantillas de solicitud',
  newTemplate: 'Nueva plantilla',
  editTemplate: 'Editar plantilla',
  deleteTemplateTitle: 'Eliminar plantilla',
  dueDayText: (day: number) => `Vence el día ${day} del mes siguiente`,
  sendDayText: (day: number) => `Se envía sola el día ${day}`,
  manualOnly: 'Solo manual',
  titleLabel: 'Título',
  dueDayLabel: 'Día de vencimiento',
  dueDayHint: 'Del mes siguiente al período',
  sendDayLabel: 'Día de envío automático',
  sendDayHint: 'Del mes siguiente al período, a las 09:00; vacío: solo manual',
  itemsLabel: 'Documentos que se piden',
  itemNameLabel: 'Documento',
  itemFolderLabel: 'Carpeta',
  itemFolderPlaceholder: 'Elegir carpeta',
  addItem: 'Agregar documento',
  removeItem: (index: number) => `Quitar documento ${index}`,
  noServiceFolders: 'El servicio no tiene carpetas: crea una en «Creación de carpetas» para guardar lo que se pide.',
  noPeriodFolders: 'La empresa no tiene carpetas en este período donde guardar lo que se pide.',
  sendToAll: 'Solicitar a todas',
  sendToAllTitle: (title: string) => `Solicitar a todas: ${title}`,
  sendToAllHint:
    'Se crea una solicitud para cada empresa a la que se aplica el servicio en ese período y se avisa por correo a sus contactos. Las que ya la tienen no se repiten.',
  sendPeriodLabel: 'Período',
  sendButton: 'Solicitar',
  clientCanUpload: 'El cliente puede subir',
  clientCanUploadHint: 'El cliente puede subir archivos a esta carpeta desde su portal',
  requestsTitle: 'Solicitudes',
  noRequests: 'No hay solicitudes de documentos en este período.',
  requestsLoadFailed: 'No se pudieron cargar las solicitudes',
  newRequest: 'Nueva solicitud',
  dueDateLabel: 'Fecha límite',
  dueOn: (date: string) => `Vence el ${date}`,
  receivedCount: (received: number, total: number) =>
    `${received} de ${total} ${total === 1 ? 'recibido' : 'recibidos'}`,
  toReviewCount: (count: number) => `${count} por revisar`,
  markReceived: 'Marcar recibido',
  askAgain: 'Pedir de nuevo',
  askAgainTitle: (item: string) => `Pedir de nuevo: ${item}`,
  askAgainComment: 'Comentario para el cliente',
  askAgainHint: 'Se le enviará por correo junto con el pedido.',
  reopen: 'Volver a pendiente',
  deleteRequest: 'Eliminar solicitud',
  deleteRequestConfirm: (title: string) =>
    `¿Seguro que quieres eliminar la solicitud «${title}»? Los archivos que envió el cliente quedan en sus carpetas.`,
  noFilesSent: 'Aún no se ha enviado nada',
  fromClient: 'Cliente',
  fromClientHint: 'Enviado por el cliente desde su portal',

  // States.
  requestStateLabels: { pendiente: 'Pendiente', parcial: 'Parcial', completa: 'Completa', atrasada: 'Atrasada' },
  itemLookLabels: { pendiente: 'Pendiente', enviado: 'Enviado', recibido: 'Recibido', rechazado: 'Pedido de nuevo' },

  // Web: the client's home (their pending requests, answered from the portal).
  clientPendingTitle: 'Documentos pendientes',
  clientNoPending: 'No tienes documentos pendientes.',
  clientCompletedTitle: (count: number) =>
    `${count === 1 ? 'Solicitud completada' : 'Solicitudes completadas'} en los últimos 60 días (${count})`,
  clientStaffComment: 'Comentario del estudio',
  clientFolderOf: (folder: string) => `Se guarda en la carpeta ${folder}`,
  clientSentFiles: 'Archivos enviados',
  clientDeleteSent: (name: string) => `Eliminar ${name}`,
  clientDeleteSentConfirm: (name: string) => `¿Seguro que quieres eliminar «${name}»? El estudio ya no lo verá.`,
  clientRequestsFailed: 'No se pudieron cargar tus documentos pendientes',

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

  // The morning digest's section of what clients sent (staff's e-mail).
  digestToReviewCount: (count: number) =>
    `${count} ${count === 1 ? 'documento enviado' : 'documentos enviados'} por clientes sin revisar`,
  digestToReviewTitle: 'Documentos enviados por clientes, por revisar:',
  digestToReviewCompany: (name: string, rut: string, count: number) =>
    `${name} (${rut}): ${count} ${count === 1 ? 'documento' : 'documentos'}`,
  digestToReviewMore: (count: number) => `Y ${count} ${count === 1 ? 'empresa' : 'empresas'} más: en Solicitudes.`,
  digestToReviewLink: 'Revisar en Solicitudes',
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

  // Web: /solicitudes, the badges of the documents menu and of the monthly board's rows.
  listNoMatches: 'Ninguna solicitud coincide con los filtros.',
  listMonthLabel: 'Mes',
  listSearchLabel: 'Buscar empresa',
  listSearchPlaceholder: 'Nombre o RUT',
  listServiceLabel: 'Servicio',
  listAllServices: 'Todos los servicios',
  listNoService: 'Sin servicio',
  listStateLabel: 'Estado',
  listAllStates: 'Todos los estados',
  listStateCounts: 'Solicitudes por estado',
  stateCountLoading: (state: string) => `${state}: cargando`,
  listColumns: {
    company: 'Empresa',
    title: 'Título',
    service: 'Servicio',
    dueDate: 'Vence',
    state: 'Estado',
    received: 'Recibidos',
  },
  listExport: 'Exportar',
  listExportHint: 'Descarga en CSV las solicitudes que se muestran',
  listExportFile: (year: number, month: number) => `solicitudes-${year}-${String(month).padStart(2, '0')}.csv`,
  csvHeaders: ['Empresa', 'RUT', 'Título', 'Servicio', 'Vence', 'Estado', 'Recibidos', 'Documentos', 'Por revisar'],
  documentsToReview: (count: number) => `${count} ${count === 1 ? 'documento' : 'documentos'} por revisar`,
} as const;
