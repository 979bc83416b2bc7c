import { msg } from './messages.ts';

/** Spanish texts of documents: staff folders and uploads, the client's portal. */
export const documentsMsg = {
  required: msg.required,
  folderNotFound: 'La carpeta no existe',
  fileNotFound: 'El archivo no existe',
  notAccepted: 'Solo se permiten archivos PDF, XML, JPG, PNG, XLSX o CSV',
  invalidXml: 'El archivo XML no es válido',
  tooLarge: (megabytes: number) => `Cada archivo debe pesar como máximo ${megabytes} MB`,
  noFiles: 'Selecciona al menos un archivo',
  tooManyFiles: 'Se pueden subir como máximo 20 archivos a la vez',
  uploadsBusy: 'Hay muchas subidas de archivos en curso; intenta de nuevo en un minuto',
  linkInvalid: 'El enlace de descarga no es válido',
  linkExpired: 'El enlace de descarga ha caducado; pide uno nuevo',
  noContacts: 'La empresa no tiene correos de contacto',
  noFilesToNotify: 'No hay archivos en este período para avisar',

  // Successes and failures.
  filesAdded: (count: number) => (count === 1 ? 'Se agregó 1 archivo' : `Se agregaron ${count} archivos`),
  fileAddFailed: 'No se pudo agregar el archivo',
  fileDeleted: 'Archivo eliminado correctamente',
  fileDeleteFailed: 'No se pudo eliminar el archivo',
  fileReplaced: 'Archivo reemplazado',
  fileReplaceFailed: 'No se pudo reemplazar el archivo',
  replaceOneFile: 'Para reemplazar un archivo elige uno solo',
  replaceTitle: (name: string) => `Reemplazar ${name}`,
  replaceButton: 'Reemplazar',
  replaceHint:
    'El archivo nuevo toma el lugar del actual: mismo lugar y mismos enlaces. Un archivo aprobado por el cliente no se puede reemplazar.',
  linkCopied: 'Link copiado al portapapeles',
  clientNotified: 'Se avisó al cliente por correo',

  // The e-mail 'Avisar al cliente' sends.
  notifySubject: (businessName: string, period: string) => `Documentos de ${period} disponibles - ${businessName}`,
  notifyIntro: (period: string) =>
    `Hola,\n\nSus documentos de ${period} ya están disponibles. Puede descargarlos con estos enlaces:`,
  notifyLinksExpire: (days: number) =>
    `Los enlaces vencen en ${days} ${days === 1 ? 'día' : 'días'}. También puede verlos al ingresar a su portal.`,

  // Web-only texts.
  documentsTitle: 'Documentos',
  uploadButton: 'Subir Archivo',
  notifyButton: 'Avisar al cliente',
  downloadsTitle: 'Descargas',
  noDownloads: 'Nadie ha descargado este archivo todavía.',
  noFolders: 'No hay carpetas para este período.',
  noFilesInFolder: 'Esta carpeta no tiene archivos.',
  companiesTitle: 'Empresas',
  searchCompanyLabel: 'Buscar empresa',
  searchCompanyPlaceholder: 'Nombre, RUT o propietario',
  noCompanies: 'No hay empresas',
  companiesFailed: 'No se pudieron cargar las empresas',
  periodLabel: 'Mes',
  foldersTitle: 'Carpetas',
  subfoldersTitle: 'Subcarpetas',
  filesTitle: 'Archivos',
  folderTooltip: (serviceName: string) => `Servicio: ${serviceName}`,
  loadFailed: 'No se pudieron cargar los documentos',
  folderMissingHint:
    'Esta carpeta no existe en el período elegido. Elige otro mes o vuelve a las carpetas de la empresa.',
  backToFolders: 'Volver a las carpetas',
  backToCompanies: 'Volver a Documentos',
  noBusiness: 'Tu usuario no tiene una empresa asignada.',
  download: 'Descargar',
  copyLink: 'Copiar link',
  copyLinkFailed: 'No se pudo copiar el link',
  deleteFileTitle: 'Eliminar archivo',
  uploadSubmit: 'Subir',
  // The file drop zone (staff's 'Subir Archivo', a client's answers and folder uploads).
  dropHint: 'Arrastra aquí tus archivos o elígelos',
  chooseFiles: 'Elegir archivos',
  chooseFilesFor: (what: string) => `Elegir archivos para ${what}`,
  acceptedTypes: 'PDF, XML, JPG, PNG, XLSX o CSV',
  typeNotAccepted: (names: string) => `No se puede subir ${names}: solo se aceptan PDF, XML, JPG, PNG, XLSX o CSV`,
  chosenFiles: 'Archivos elegidos',
  removeChosen: (name: string) => `Quitar ${name}`,
  clientUploadTitle: 'Subir archivos',
  clientUploadHint: 'Puedes subir tus documentos a esta carpeta.',
  notifyConfirmTitle: 'Avisar al cliente',
  notifyConfirm: 'Enviar aviso',
  notifyFailed: 'No se pudo avisar al cliente',
  downloadDate: 'Fecha',
  downloadBy: 'Quién',
  downloadVia: 'Medio',
  downloadViaLabels: { portal: 'Portal', link: 'Enlace', email: 'Correo' },
  downloadsFailed: 'No se pudieron cargar las descargas',
  // A download's Range outside the file (416), and the file store unable to take an upload.
  rangeNotSatisfiable: 'El rango pedido está fuera del archivo',
  invalidPdf: 'El archivo no es un PDF válido',
  storageFull: 'El almacenamiento de archivos está lleno; avisa al administrador del estudio',
  storageReadOnly:
    'El almacenamiento de archivos no acepta escrituras en este momento; avisa al administrador del estudio',
  storedFileOtherKey:
    'No se puede abrir el archivo: está cifrado con una clave que este servidor no tiene (ENCRYPTION_KEY); avisa al administrador del estudio',
  storedFileDamaged:
    'No se puede abrir el archivo: su copia guardada está dañada o fue alterada; avisa al administrador del estudio para recuperarla de un respaldo',
} as const;
