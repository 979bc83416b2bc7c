import { sheetRefusalMsg } from './messages-import.ts';
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
export const taxCalendarSheetMsg = sheetRefusalMsg(1);
