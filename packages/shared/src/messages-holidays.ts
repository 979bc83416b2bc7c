import { msg } from './messages.ts';

/** Spanish texts of the firm's extra holidays ('Feriados adicionales'). */
export const holidaysMsg = {
  title: 'Feriados adicionales',
  hint: 'Días que los vencimientos saltan como los feriados nacionales de Chile (por ejemplo, un feriado que una ley declara con poco aviso). Se aplican a los tableros, al resumen diario y a los vencimientos de cobros.',
  dateLabel: 'Fecha',
  nameLabel: 'Nombre',
  namePlaceholder: 'Ej.: Feriado por elecciones',
  add: 'Agregar feriado',
  empty: 'No hay feriados adicionales.',
  deleteLabel: (date: string) => `Eliminar el feriado del ${date}`,
  required: msg.required,
  invalidDate: 'Debe ser una fecha válida',
  nameTooLong: 'El nombre debe tener como máximo 100 caracteres',
  outOfRange: 'La fecha debe estar entre los años 2000 y 2100',
  exists: 'Ya hay un feriado adicional en esa fecha',
  notFound: 'El feriado no existe',
  created: 'Feriado agregado',
  deleted: 'Feriado eliminado',
} as const;
