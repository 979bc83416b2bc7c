import { companiesMsg } from './messages-companies.ts';

/** Most data rows one import file may hold (the header row not counted). */
export const IMPORT_MAX_ROWS = 10_000;
/** Largest import file, in bytes (5 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Spanish texts of 'Importar empresas' (issue 23): the template, the preview of a spreadsheet of
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

  // Answers.
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
  confirmButton: 'Importar',
  importFailed: 'No se pudo importar',
} as const;
