import { type CellChange, cellHistory } from '../../db/cell-history.ts';
import type { Db } from '../../db/client.ts';
import { taskStateHistory, taskStates } from './tasks.tables.ts';

/** A cell's change: one of the task states and free text, with its history entry. */
const cells = cellHistory<string, string>({
  name: 'task-state',
  cells: taskStates,
  column: taskStates.taskId,
  state: taskStates.state,
  history: taskStateHistory,
  historyColumn: taskStateHistory.taskId,
  fromState: taskStateHistory.fromState,
  toState: taskStateHistory.toState,
});

export const taskStatesRepository = {
  /** The chosen states of a period (optionally of one company): the cells that are not 'No comenzado' by default. */
  listForPeriod: cells.listForPeriod,

  /** The saved cells of these periods (column: the task, state: its name). */
  listForPeriods: cells.listForPeriods,

  /** Saves the cell and its history entry (db/cell-history.ts). */
  changeCell: (db: Db, change: CellChange<string, string>) => cells.change(db, change),

  /** A cell's changes, newest first. */
  listHistory: cells.listHistory,
};
