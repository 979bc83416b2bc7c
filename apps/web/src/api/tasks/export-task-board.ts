import type { Period } from '@app/shared/period';
import type { TaskBoardExport } from '@app/shared/schemas/board-export';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download-file';

/**
 * POST /api/business-task-states/year/{year}/month/{month}/export: the companies and tasks shown
 * (after the board's filters), in their order, saved as tareas-YYYY-MM.xlsx. Writes nothing.
 */
export const exportTaskBoard = ({ year, month }: Period, body: TaskBoardExport) =>
  downloadFile(`/business-task-states/year/${year}/month/${month}/export`, { method: 'POST', body });

export const useExportTaskBoard = () =>
  useMutation({
    mutationFn: ({ period, ...body }: TaskBoardExport & { period: Period }) => exportTaskBoard(period, body),
  });
