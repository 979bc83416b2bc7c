import type { ImportConfirm, ImportPreview } from '@app/shared/schemas/business-import';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatingMutationOptions } from '../../lib/cache-effect';
import { downloadFile } from '../../lib/download-file';
import { postFiles } from '../documents/upload-files';
import { businessInvalidation } from './invalidation';

/** GET /api/business/import/template: plantilla-empresas.xlsx (the headers and one column per service). */
export const downloadImportTemplate = () => downloadFile('/business/import/template');

export const useDownloadImportTemplate = () => useMutation({ mutationFn: downloadImportTemplate });

/**
 * POST /api/business/import/preview: the rows the file would create and update and every bad cell.
 * Writes nothing: no invalidation. A refused file (not a spreadsheet, too large, formulas…) throws
 * the server's Spanish message.
 */
export const previewBusinessImport = (file: File) => postFiles<ImportPreview>('/business/import/preview', [file]);

export const usePreviewBusinessImport = () => useMutation({ mutationFn: previewBusinessImport });

/**
 * POST /api/business/import/confirm: the same file, written in one transaction ('Se crearon N
 * empresas y se actualizaron M'), with the companies whose change of name was confirmed row by row;
 * with errors (the firm changed since the preview) a 400, with a change of name not confirmed a 409,
 * and nothing written.
 */
export const confirmBusinessImport = ({ file, confirmedRenames }: { file: File; confirmedRenames: number[] }) =>
  postFiles<ImportConfirm>('/business/import/confirm', [file], { confirmedRenames: confirmedRenames.join(',') });

/** Companies, their groups and service links all change at once: the companies' map says what to refresh. */
export const confirmBusinessImportMutationOptions = (queryClient: QueryClient) =>
  invalidatingMutationOptions(queryClient, confirmBusinessImport, () => businessInvalidation.imported());

export const useConfirmBusinessImport = () => useMutation(confirmBusinessImportMutationOptions(useQueryClient()));
