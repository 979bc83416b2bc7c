/** Spanish texts of 'Calendario tributario', 'Calendario AT' and the calendar feed. */
export const taxCalendarMsg = {
  invalidYear: 'El año tributario no es válido',
  invalidMonth: 'El mes no es válido',
  invalidKey: 'La clave debe tener letras minúsculas, números y guiones (por ejemplo dj-1887)',
  invalidDate: 'La fecha debe ser un día válido (AAAA-MM-DD)',
  dateOutsideYear: (taxYear: number) => `La fecha debe caer en ${taxYear}: las fechas del AT ${taxYear} son de ese año`,
  sourceTooLong: 'La fuente debe tener como máximo 500 caracteres',
  noteTooLong: 'La nota debe tener como máximo 500 caracteres',
  invalidResponsible: 'El encargado no es válido',
  dateSaved: 'Fecha guardada',
  dateReset: 'Se volvió a la fecha del calendario publicado',
  dateRemoved: 'Fecha eliminada',
  dateNotEdited: 'Esa fecha no tiene cambios del estudio',
  importHasErrors: 'La planilla tiene líneas con errores: no se guardó nada. Corrige las líneas marcadas.',
  imported: (created: number, changed: number) =>
    `Se guardaron ${created} ${created === 1 ? 'fecha nueva' : 'fechas nuevas'} y ${changed} ${changed === 1 ? 'cambio' : 'cambios'}`,
  lineNoKey: 'Falta la clave (columna Clave)',
  lineBadKey: 'La clave debe tener letras minúsculas, números y guiones (por ejemplo dj-1887)',
  lineNoDate: 'Falta la fecha o no es un día válido (DD-MM-AAAA)',
  lineOutsideYear: (taxYear: number) => `La fecha no es de ${taxYear}`,
  lineBadConfirmed: "La columna Confirmada debe decir 'sí' o 'no'",
  lineTooLong: 'La fuente o la nota tiene más de 500 caracteres',
  lineRepeated: (earlier: number) => `La clave se repite: ya está en la línea ${earlier}`,
  feedNotFound: 'Esta dirección de calendario no existe o fue revocada',
  feedCreated: 'Se generó una nueva dirección de calendario: la anterior dejó de funcionar',
  feedRevoked: 'Dirección de calendario revocada',
};

/** The sheet rules' messages of the 'Calendario AT' import. */
export const taxCalendarSheetMsg = {
  fileRequired: 'Adjunta un archivo .xlsx o .csv',
  notSpreadsheet: 'El archivo no es una planilla .xlsx ni .csv',
  tooLarge: 'El archivo supera el máximo de 1 MB',
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
};
