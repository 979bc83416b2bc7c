import { idField } from '../fields.ts';
import { msg } from '../messages.ts';
import { boardMsg } from '../messages-board.ts';
import { z } from '../zod-setup.ts';

/** Most companies one board export may name (a firm's whole board fits many times over). */
export const BOARD_EXPORT_MAX = 10_000;

/**
 * POST /api/monthly-states/year/{year}/month/{month}/export and
 * POST /api/business-task-states/year/{year}/month/{month}/export: the companies the board shows
 * (after its search, group and filters), in the order shown. An id not on that month's board is
 * left out of the workbook; a repeated id is written once.
 */
export const BoardExportSchema = z.object({
  businessIds: z
    .array(idField(boardMsg.exportIds), {
      error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : boardMsg.exportIds),
    })
    .min(1, boardMsg.exportEmpty)
    .max(BOARD_EXPORT_MAX, boardMsg.exportTooMany),
});
export type BoardExport = z.input<typeof BoardExportSchema>;

/** The task board's export: its companies, and the tasks (columns) shown, in their order; all when left out. */
export const TaskBoardExportSchema = BoardExportSchema.extend({
  taskIds: z
    .array(idField(boardMsg.exportIds), { error: boardMsg.exportIds })
    .max(BOARD_EXPORT_MAX, boardMsg.exportIds)
    .optional(),
});
export type TaskBoardExport = z.input<typeof TaskBoardExportSchema>;

/** The file name of a board's workbook: `tablero-2026-10.xlsx`, `tareas-2026-10.xlsx`. */
export const boardExportName = (board: 'tablero' | 'tareas', period: { year: number; month: number }) =>
  `${board}-${period.year}-${String(period.month).padStart(2, '0')}.xlsx`;
