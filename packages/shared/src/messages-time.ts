import { msg } from './messages.ts';

/** Spanish texts of time tracking ('Registro de tiempo') and profitability ('Rentabilidad'). */
export const timeMsg = {
  title: 'Registro de tiempo',
  required: msg.required,
  invalidDate: 'Debe ser una fecha válida',
  /** The one way a duration is typed: hours, a colon and two digits of minutes. */
  durationFormat: 'Escribe la duración como h:mm, por ejemplo 1:30 (una hora y media)',
  durationRange: 'La duración debe estar entre 0:01 y 24:00',
  noteTooLong: 'La nota debe tener como máximo 500 caracteres',
  invalidBusiness: 'Elige una empresa',
  businessNotFound: 'La empresa no existe',
  serviceNotFound: 'El servicio no existe',
  taskNotFound: 'La tarea no existe',
  invalidWeek: 'La semana debe indicarse con la fecha de su lunes (AAAA-MM-DD)',
  invalidRange: 'El rango debe ir de una fecha a otra igual o posterior, de 366 días como máximo',
  invalidUser: 'El usuario no es del estudio',
  invalidYear: 'El año no es válido',
  invalidMonth: 'El mes debe estar entre 1 y 12',
  entryNotFound: 'El registro de tiempo no existe',
  entryRunning: 'Ese registro es el cronómetro en curso: detenlo antes de modificarlo',
  hourlyCostInvalid: 'El costo por hora debe ser un número entero de pesos entre 0 y 10.000.000',
  remindInvalid: 'Debe ser sí o no',
  timerStarted: 'Cronómetro iniciado',
  timerStartedStopping: (businessName: string) =>
    `Cronómetro iniciado; el anterior (${businessName}) quedó detenido y registrado`,
  timerStopped: 'Cronómetro detenido y registrado',
  /** A stop after LONG_TIMER_MINUTES: the timer was probably left running. */
  timerStoppedLong: (duration: string) =>
    `Cronómetro detenido: se registraron ${duration} h. Si quedó corriendo sin querer, corrige el registro en Registro de tiempo`,
  timerStartedStoppingLong: (businessName: string, duration: string) =>
    `Cronómetro iniciado; el anterior (${businessName}) quedó registrado con ${duration} h. Si quedó corriendo sin querer, corrige ese registro en Registro de tiempo`,
  timerRace: 'Otro inicio de tu cronómetro llegó al mismo tiempo; vuelve a intentarlo',
  noTimer: 'No tienes un cronómetro en curso',
  created: 'Tiempo registrado',
  updated: 'Registro de tiempo modificado',
  deleted: 'Registro de tiempo eliminado',
  costSaved: 'Costo por hora guardado',
  remindOn: 'Te avisaremos en el resumen diario cuando ayer no hayas registrado tiempo',
  remindOff: 'Ya no te avisaremos cuando no hayas registrado tiempo',
  remindTitle: 'Aviso de tiempo sin registrar',
  remindLabel: 'Avisarme si ayer no registré tiempo',
  remindDescription:
    'El resumen diario de las 08:00 dirá «Ayer no registraste tiempo» cuando el día hábil anterior no tenga registros.',
  remindLoadFailed: 'No se pudo cargar el aviso de tiempo',
  /** The morning digest's line. */
  digestNoTimeYesterday: 'Ayer no registraste tiempo',
  digestNoTimeLink: 'Registrar tiempo',
  /** The morning digest's line for a timer started before today and still running. */
  digestTimerRunning: (since: string, businessName: string) =>
    `Tu cronómetro sigue corriendo desde el ${since} (${businessName})`,
  digestTimerRunningShort: 'cronómetro corriendo desde antes de hoy',
  digestTimerRunningLink: 'Detenerlo y corregir el registro',
  // The week grid and its export.
  weekSheet: 'Semana',
  companyColumn: 'Empresa',
  totalColumn: 'Total',
  totalRow: 'Total',
  exportFileName: (monday: string) => `registro-tiempo-${monday}.xlsx`,
  // Profitability.
  profitabilityTitle: 'Rentabilidad',
  profitabilitySheet: 'Rentabilidad',
  noService: 'Sin servicio',
} as const;
