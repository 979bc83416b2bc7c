import { boardMsg } from '@app/shared/messages-board';
import { TASK_NOT_APPLICABLE, type TaskBoard, type TaskBoardRow } from '@app/shared/schemas/tasks';
import { TASK_STATE_COLORS } from '@app/shared/task-board';
import { PESOS_FORMAT, type XlsxSheet, type XlsxValue } from '../../lib/xlsx-stream.ts';

/** '$1.234.567', as the money parser keeps an amount typed in a task's value, read back as pesos. */
const AMOUNT = /^\$\d{1,3}(?:\.\d{3})*$/;
const amountOf = (value: string) => (AMOUNT.test(value) ? Number(value.slice(1).replaceAll('.', '')) : value);

/**
 * The task board as a sheet: Empresa, RUT, Encargado, then one column per task shown:
 * the state filled with its colour, or the cell's value in its place (an amount as a number in
 * pesos, any other text as it is), 'N/A' where the task does not apply.
 */
export function taskBoardSheet(
  board: TaskBoard,
  rows: readonly TaskBoardRow[],
  taskIds: readonly number[] | undefined,
  ownerName: (userId: number | null) => string | null,
): XlsxSheet {
  const wanted = taskIds ? new Set(taskIds) : null;
  // The tasks asked for in the board's order (the browser shows them so), with their column in the rows.
  const columns = board.tasks
    .map((task, index) => ({ task, index }))
    .filter(({ task }) => wanted === null || wanted.has(task.id));
  return {
    name: `Tareas ${String(board.month).padStart(2, '0')}-${board.year}`,
    columns: [
      { header: boardMsg.companyLabel, width: 36 },
      { header: boardMsg.rutHeader, width: 14 },
      { header: boardMsg.responsibleLabel, width: 24 },
      ...columns.map(({ task }) => ({
        header: task.name,
        width: Math.max(14, task.name.length + 2),
        numFmt: PESOS_FORMAT,
      })),
    ],
    rows: (function* () {
      for (const row of rows) {
        const cells = columns.map(({ task, index }): XlsxValue => {
          const cell = row.taskStates[index]?.taskId === task.id ? row.taskStates[index] : undefined;
          const found = cell ?? row.taskStates.find((candidate) => candidate.taskId === task.id);
          if (!found || found.state === TASK_NOT_APPLICABLE) return boardMsg.notApplicable;
          const value = found.value ? amountOf(found.value) : found.state;
          const fill = TASK_STATE_COLORS[found.state];
          return fill ? { value, fill } : value;
        });
        yield [row.name, row.rut, ownerName(row.responsibleUserId), ...cells];
      }
    })(),
  };
}
