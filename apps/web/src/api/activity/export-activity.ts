import { useMutation } from '@tanstack/react-query';
import type { ActivityFilter } from '../../lib/activity-params';
import { downloadFile } from '../../lib/download-file';

/**
 * GET /api/activity/export: every entry the screen's filters match (not only the pages loaded),
 * newest first, saved as the server names it (actividad-YYYY-MM-DD.csv). Writes nothing.
 */
export const exportActivity = (filter: ActivityFilter) =>
  downloadFile('/activity/export', {
    params: {
      userId: filter.userId,
      businessId: filter.businessId,
      kind: filter.kind,
      from: filter.from,
      to: filter.to,
    },
  });

export const useExportActivity = () => useMutation({ mutationFn: exportActivity });
