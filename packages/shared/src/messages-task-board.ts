import { emptyCardMsg } from './messages-board-period';

/** Web-only texts of the task tracking board ('Seguimiento de tareas') beyond those of tasksMsg and boardMsg. */
export const taskBoardMsg = {
  home: 'Inicio',
  stateLabel: 'Estado',
  valueHelp: 'Se muestra en la celda en lugar del estado.',
  menuLabel: (task: string, company: string) => `${task} · ${company}`,
  /** A summary card's accessible name ('0 de 0, sin empresas' when no company applies). */
  summaryCard: (task: string, percent: number | null) =>
    percent === null ? `${task}: 0 de 0, ${emptyCardMsg}` : `${task}: ${percent}% terminado`,
  /** A cell's accessible name: the state, then its value and whether it is overdue or saving. */
  cell: (task: string, company: string) => `${task} de ${company}`,
  date: 'Fecha',
  user: 'Usuario',
  change: 'Cambio',
  to: 'a',
} as const;
