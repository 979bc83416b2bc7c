import { msg } from './messages.ts';

/** Spanish texts of the monthly board, the send-e-mail modal and the e-mail log ('Emails'). */
export const boardMsg = {
  required: msg.required,
  invalidEmail: msg.invalidEmail,
  invalidYear: 'El año debe estar entre 2010 y 2100',
  invalidMonth: 'El mes debe estar entre 1 y 12',
  periodInFuture: 'Ese período aún no está disponible',
  stateNotOfService: 'El estado no pertenece a ese servicio',
  serviceDoesNotApply: 'El servicio no aplica a esa empresa en ese período (N/A)',
  valueRequired: 'Este estado requiere un valor',
  valueTooLarge: 'El valor es demasiado grande',
  stateSaved: 'Estado actualizado correctamente',
  serviceNotFound: 'El servicio no existe',
  stateNotFound: 'El estado no existe',

  // Home screen texts.
  greeting: (name: string) => `Hola ${name}! Bienvenido/a de nuevo`,
  toggleCards: 'Mostrar / ocultar tarjetas',
  selectGroup: '-- Seleccione un grupo --',
  valueTitle: 'Valor',
  notApplicable: 'N/A',
  noCredentials: 'La empresa no tiene contraseñas registradas.',
  copied: 'Copiado al portapapeles',

  // Send e-mail and the e-mail log.
  emailSent: 'Correo enviado correctamente',
  emailFailed: 'No se pudo enviar el correo. Quedó registrado en el historial de correos.',
  emailSuccessTitle: 'Éxito!!',
  emailErrorTitle: 'Oops!!',
  subjectSuggestions: ['Pago Impuesto Mensual (F29)', 'Pago Previsión'],
  selectCompany: '-- Seleccione una empresa --',
  emailDetailTitle: 'Detalle del Correo',
  noCompany: 'sin empresa',

  // Web-only texts of the board: saving, history, live.
  summaryRegion: 'Tarjetas de resumen',
  noSummaryCards: 'Ningún servicio de este mes tiene estados marcados para el resumen.',
  searchLabel: 'Buscar empresa',
  searchPlaceholder: 'Nombre o RUT',
  groupLabel: 'Grupo',
  clearGroup: 'Quitar grupo',
  noGroups: 'No hay grupos',
  monthLabel: 'Mes',
  tableRegion: 'Tabla mensual de empresas',
  credentials: 'Contraseñas',
  email: 'Correo',
  sendEmail: 'Enviar correo',
  progress: 'Progreso',
  loading: 'Cargando',
  boardFailed: 'No se pudo cargar la vista mensual',
  noCompanies: 'No hay empresas activas en este mes.',
  noMatches: 'Ninguna empresa coincide con la búsqueda.',
  noState: 'Sin estado',
  saving: 'guardando',
  current: 'Estado actual',
  history: 'Historial',
  historyTitle: 'Historial de cambios',
  noHistory: 'Sin cambios registrados.',
  historyFailed: 'No se pudo cargar el historial',

  // Due dates, overdue marks and the board's filters.
  /** A cell's due date, in its tooltip and accessible name ('Vence 12-11-2026'). */
  dueOn: (date: string) => `Vence ${date}`,
  /** An overdue cell's due date ('Atrasada, venció 12-11-2026'). */
  overdueSince: (date: string) => `Atrasada, venció ${date}`,
  responsibleLabel: 'Encargado',
  allCompanies: 'Todos',
  myCompanies: 'Mis empresas',
  noResponsible: 'Sin encargado',
  stateFilterLabel: 'Estado',
  anyState: 'Todos los estados',
  /** An option of the state filter ('F29: Pendiente'). */
  stateOption: (service: string, state: string) => `${service}: ${state}`,
  onlyOverdue: 'Solo atrasadas',
  sortLabel: 'Ordenar por',
  sortByName: 'Nombre',
  taskResponsibleLabel: 'Responsable',
  allResponsibles: 'Todos',
  /** A service's overdue card: how many of its cells are late. */
  overdueCard: (service: string, count: number) => `${service}: ${count} ${count === 1 ? 'atrasada' : 'atrasadas'}`,
  overdueTitle: 'Atrasadas',

  // Web-only texts of the send-e-mail modal and the e-mail log.
  recipientsLabel: 'Destinatarios',
  recipientsPlaceholder: 'Escribe un email y presiona Enter',
  subjectLabel: 'Asunto',
  contentLabel: 'Contenido',
  send: 'Enviar',
  cancel: 'Cancelar',
  emailLogTitle: 'Email',
  companyLabel: 'Empresa',
  clearCompany: 'Quitar empresa',
  noEmails: 'No hay correos registrados.',
  emailsFailed: 'No se pudieron cargar los correos',
  viewEmail: 'Ver detalle del correo',
  emailOk: 'Enviado',
  emailNotSent: 'Fallido',
  emailNotSentDetail: 'Este correo no se pudo enviar. La respuesta del proveedor indica el motivo.',
  providerResponse: 'Respuesta del proveedor',
  copyContent: 'Copiar contenido',
  contentCopied: 'Copiado',

  // 'Exportar a Excel' on the boards.
  exportEmpty: 'No hay empresas para exportar',
  exportTooMany: 'Se pueden exportar como máximo 10.000 empresas',
  exportIds: 'La lista de empresas no es válida',
  rutHeader: 'RUT',
  // Bulk changes.
  bulkNoCompanies: 'Selecciona al menos una empresa',
  bulkTooMany: 'Se pueden cambiar como máximo 2.000 empresas a la vez',
  bulkRepeated: 'Hay empresas repetidas en la selección',
  bulkUpdated: (updated: number, skipped: number, unchanged = 0) =>
    `${updated} ${updated === 1 ? 'actualizada' : 'actualizadas'}${unchanged > 0 ? `, ${unchanged} ya ${unchanged === 1 ? 'tenía' : 'tenían'} ese estado` : ''}${skipped > 0 ? `, ${skipped} no ${skipped === 1 ? 'aplica' : 'aplican'}` : ''}`,
  // Web
  /** A row's checkbox of the bulk change ('Seleccionar Panadería Sur'). */
  selectRow: (company: string) => `Seleccionar ${company}`,
  selectAllShown: 'Seleccionar todas las visibles',
  /** How many companies the bulk change will name ('3 seleccionadas'). */
  selectedCount: (count: number) => `${count} ${count === 1 ? 'seleccionada' : 'seleccionadas'}`,
  bulkRegion: 'Cambio masivo',
  bulkService: 'Servicio',
  bulkState: 'Estado',
  bulkApply: 'Aplicar',
} as const;
