import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download-file';
import type { EmailLogFilter } from './get-email-log';

/**
 * GET /api/email/export: every entry of the e-mail log the page's company filter matches (not one
 * page), newest first, saved as correos-YYYY-MM-DD.xlsx. Writes nothing: no invalidation.
 */
export const exportEmailLog = ({ businessId }: Pick<EmailLogFilter, 'businessId'>) =>
  downloadFile('/email/export', { params: { businessId } });

export const useExportEmailLog = () => useMutation({ mutationFn: exportEmailLog });
