import type { Statement } from '@app/shared/schemas/billing-collections';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { billingKeys } from './keys';

/** GET /api/billing/business/{id}/statement: charges, payments and the running balance (an owner: any company; a client: theirs). */
export const useStatement = (businessId: number | null) =>
  useQuery({
    queryKey: billingKeys.statement(businessId ?? 0),
    queryFn: () => api<Statement>(`/billing/business/${businessId}/statement`),
    enabled: businessId !== null,
  });

/** GET …/statement/pdf: the same statement as a PDF, saved under the server's name. */
export const useDownloadStatementPdf = () =>
  useMutation({ mutationFn: (businessId: number) => downloadFile(`/billing/business/${businessId}/statement/pdf`) });
