import { companiesMsg } from './messages-companies.ts';

/** Most data rows one import file may hold (the header row not counted). */
export const IMPORT_MAX_ROWS = 10_000;
/**
 * Most cells with a value one import file may hold: 10,000 rows of the template's columns and ~30
 * services. Counted as the sheet is read, so a file within the byte limits but made of numbers in
 * every cell is refused before it fills the server's memory.
 */
export const IMPORT_MAX_CELLS = 400_000;
/** The rightmost column a value may be in (column GR). */
export const IMPORT_MAX_COLUMNS = 200;
/** Most characters of text one import file may hold (1,000 a row at the row limit): text is what fills memory. */
export const IMPORT_MAX_TEXT_LENGTH = 10_000_000;
/** Largest import file, in bytes (5 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * How a spreadsheet import other than the companies' refuses a whole file (nothing read, nothing
 * written), for a file limit of `maxMb` megabytes: the UF values, the invoicing tool's export and
 * 'Calendario AT' share these texts.
 */
export function sheetRefusalMsg(maxMb: number) {
  return {
    fileRequired: 'Adjunta un archivo .xlsx o .csv',
    notSpreadsheet: 'El archivo no es una planilla .xlsx ni .csv',
    tooLarge: `El archivo supera el máximo de ${maxMb} MB`,
    emptySheet: 'La planilla está vacía: la primera hoja no tiene filas con datos',
    tooManyRows: (max: number) =>
      `La planilla tiene más de ${max.toLocaleString('es-CL')} filas, el máximo por importación`,
    tooManyCells: (max: number) =>
      `La planilla tiene más de ${max.toLocaleString('es-CL')} celdas con datos, el máximo por importación`,
    tooManyColumns: (max: number) =>
      `La planilla tiene datos más allá de la columna ${max.toLocaleString('es-CL')}; deja solo las columnas necesarias`,
    tooMuchText: (max: number) =>
      `La planilla tiene más de ${(max / 1_000_000).toLocaleString('es-CL')} millones de caracteres de texto, el máximo por importación`,
    formulas: (cell: string) =>
      `La planilla tiene fórmulas (celda ${cell}); copia y pega solo los valores antes de importarla`,
    zipBomb: 'El archivo está dañado o es demasiado grande al descomprimirlo',
    unreadable: 'No se pudo leer la planilla; revisa que no esté dañada',
  } as const;
}

/**
 * Spanish texts of 'Importar empresas': the template, the preview of a spreadsheet of
 * companies and its confirmation.
 */
export const importMsg = {
  // Refused files (the whole file: nothing read, nothing written).
  fileRequired: 'Adjunta un archivo .xlsx o .csv',
  notSpreadsheet: 'El archivo no es una planilla .xlsx ni .csv',
  tooLarge: 'El archivo supera el máximo de 5 MB',
  emptySheet: 'La planilla no tiene empresas: la primera hoja está vacía',
  tooManyRows: (max: number) =>
    `La planilla tiene más de ${max.toLocaleString('es-CL')} filas, el máximo por importación`,
  tooManyCells: (max: number) =>
    `La planilla tiene más de ${max.toLocaleString('es-CL')} celdas con datos, el máximo por importación; deja solo las columnas de la plantilla`,
  tooManyColumns: (max: number) =>
    `La planilla tiene datos más allá de la columna ${max.toLocaleString('es-CL')}; deja solo las columnas de la plantilla`,
  tooMuchText: (max: number) =>
    `La planilla tiene más de ${(max / 1_000_000).toLocaleString('es-CL')} millones de caracteres de texto, el máximo por importación; deja solo las columnas de la plantilla`,
  formulas: (cell: string) =>
    `La planilla tiene fórmulas (celda ${cell}); copia y pega solo los valores antes de importarla`,
  zipBomb: 'El archivo está dañado o es demasiado grande al descomprimirlo',
  missingHeader: (header: string) => `Falta la columna "${header}" en la primera fila`,
  unreadable: 'No se pudo leer la planilla; revisa que no esté dañada',

  // Cells (the same messages as the form where the form has one).
  required: companiesMsg.required,
  invalidDate: companiesMsg.invalidDate,
  invalidMonth: 'Debe ser un mes MM-YYYY, por ejemplo 03-2026',
  duplicateRut: (row: number) => `El RUT ya aparece en la fila ${row}`,
  ownerNotFound: 'No hay un dueño o colaborador del estudio con ese nombre',
  ownerAmbiguous: 'Hay más de un miembro del estudio con ese nombre',

  inactiveLink: 'inactivo',
  contactsTooLongMerged:
    'Sumados a los contactos que la empresa ya tiene superan los 1000 caracteres; quita alguno en la ficha de la empresa',
  renameNotConfirmed: (before: string, after: string) =>
    `Cambiaría el nombre de "${before}" a "${after}": confirma este cambio en la vista previa o corrige el RUT`,

  // Answers.
  renamesNotConfirmed:
    'La planilla cambia el nombre de empresas sin que se haya confirmado cada cambio. No se guardó nada.',
  confirmHasErrors: 'La planilla tiene errores; corrígelos y vuelve a subirla. No se guardó nada.',
  imported: (created: number, updated: number) =>
    `${created === 1 ? 'Se creó 1 empresa' : `Se crearon ${created} empresas`} y ${updated === 1 ? 'se actualizó 1' : `se actualizaron ${updated}`}`,

  // Web
  importButton: 'Importar empresas',
  modalTitle: 'Importar empresas',
  intro:
    'Completa la plantilla con una fila por empresa y súbela. Verás qué se creará, qué se actualizará (mismo RUT) y cada error antes de guardar nada.',
  templateButton: 'Descargar plantilla',
  templateFailed: 'No se pudo descargar la plantilla',
  dropHint: 'Arrastra aquí la planilla o elígela',
  chooseFile: 'Elegir planilla',
  acceptedTypes: 'XLSX o CSV, hasta 5 MB',
  typeNotAccepted: (names: string) => `No se puede importar ${names}: solo se aceptan planillas .xlsx o .csv`,
  chosenFile: (name: string) => `Planilla: ${name}`,
  checking: 'Revisando la planilla…',
  previewFailed: 'No se pudo revisar la planilla',
  counts: (created: number, updated: number, withErrors: number) =>
    `${created} ${created === 1 ? 'nueva' : 'nuevas'}, ${updated} a actualizar, ${withErrors} con errores`,
  fixErrors: 'Corrige estos errores en la planilla y vuelve a subirla: Importar se habilita cuando no quedan errores.',
  nothingToImport: 'La planilla no tiene empresas para importar',
  errorsTab: (count: number) => `Errores (${count.toLocaleString('es-CL')})`,
  createTab: (count: number) => `Nuevas (${count.toLocaleString('es-CL')})`,
  updateTab: (count: number) => `A actualizar (${count.toLocaleString('es-CL')})`,
  rowColumn: 'Fila',
  columnColumn: 'Columna',
  messageColumn: 'Mensaje',
  servicesColumn: 'Servicios',
  noErrors: 'Sin errores',
  noRows: 'Ninguna',
  changesColumn: 'Cambios',
  noChanges: 'Sin cambios',
  emptyValue: '(vacío)',
  renamesTitle: (count: number) =>
    count === 1
      ? '1 fila cambia el nombre de una empresa que ya existe'
      : `${count.toLocaleString('es-CL')} filas cambian el nombre de empresas que ya existen`,
  renamesIntro:
    'El RUT de la fila ya es de esa empresa: al importar, la empresa pasa a llamarse como dice la planilla, y sus usuarios cliente, servicios y documentos siguen con ella. Confirma cada cambio, o corrige el RUT en la planilla y vuelve a subirla.',
  renameLabel: (row: number, rut: string) => `Fila ${row} · RUT ${rut}`,
  renameConfirm: 'Confirmo el cambio de nombre',
  renameClientUsers: (count: number) =>
    count === 1
      ? 'Tiene 1 usuario cliente, que verá el nuevo nombre'
      : `Tiene ${count} usuarios cliente, que verán el nuevo nombre`,
  renameBadge: 'Cambia el nombre',
  renamesPending: (count: number) =>
    count === 1
      ? 'Falta confirmar 1 cambio de nombre para poder importar'
      : `Faltan confirmar ${count.toLocaleString('es-CL')} cambios de nombre para poder importar`,
  confirmButton: 'Importar',
  importFailed: 'No se pudo importar',
} as const;
