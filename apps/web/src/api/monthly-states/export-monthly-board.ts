import type { Period } from '@app/shared/period';
import type { BoardExport } from '@app/shared/schemas/board-export';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download-file';
import { monthlyBoardPath } from './monthly-board-url';

/**
 * POST /api/monthly-states/year/{year}/month/{month}/export: the companies shown (after the
 * board's filters), in their order, saved as tablero-YYYY-MM.xlsx. Writes nothing: no invalidation.
 */
export const exportMonthlyBoard = (period: Period, body: BoardExport) =>
  downloadFile(`${monthlyBoardPath(period)}/export`, { method: 'POST', body });

export const useExportMonthlyBoard = () =>
  useMutation({
    mutationFn: ({ period, ...body }: BoardExport & { period: Period }) => exportMonthlyBoard(period, body),
  });
