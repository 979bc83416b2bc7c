import { msg } from './messages.ts';

/** Spanish texts of notes: the /notas screen, its form and its toasts. */
export const notesMsg = {
  required: msg.required,
  descriptionMax: (max: number) => `La descripción no debe tener más de ${max.toLocaleString('es-CL')} caracteres`,
  invalidReminder: 'El recordatorio debe ser una fecha y hora válida',
  reminderPast: 'El recordatorio debe ser una fecha y hora futura',
  invalidOrder: 'El orden debe ser ASC o DESC',
  assigneeNotStaff: 'El encargado debe ser un usuario Dueño o Colaborador',
  noteNotFound: 'La nota no existe',
  doneNoteLocked: 'Una nota realizada no se puede editar; primero desmárcala como realizada',
  onlyOwnNotes: 'Solo puedes ver y marcar como realizadas tus propias notas',
  onlyMarkDone: 'Solo puedes marcar tus notas como realizadas o no realizadas',

  // Successes and failures.
  noteCreated: 'La nota se creó correctamente',
  noteUpdated: 'La nota se editó correctamente',
  noteDeleted: 'La nota se eliminó correctamente',
  noteDeleteFailed: 'No se pudo eliminar',
  errorTitle: 'Error',
  saveFailed: 'Ocurrió un error!',
} as const;
