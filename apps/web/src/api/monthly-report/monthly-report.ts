import type { Period } from '@app/shared/period';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download-file';

/** GET /api/business/{id}/monthly-report?anio=&mes=: the company's 'Informe mensual' as a PDF, saved under the server's name. */
export const useDownloadMonthlyReport = () =>
  useMutation({
    mutationFn: ({ businessId, period }: { businessId: number; period: Period }) =>
      downloadFile(`/business/${businessId}/monthly-report`, { params: { anio: period.year, mes: period.month } }),
  });
