import type { BusinessExport } from '@app/shared/schemas/businesses';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download-file';

/**
 * POST /api/business/export: the companies the list shows (after its search, filter and sort), in
 * that order, saved as empresas.xlsx. Writes nothing: no invalidation.
 */
export const exportBusinesses = (body: BusinessExport) => downloadFile('/business/export', { method: 'POST', body });

export const useExportBusinesses = () => useMutation({ mutationFn: exportBusinesses });
