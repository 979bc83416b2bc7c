import type { MessageResponse } from '@app/shared/errors';
import type { BillingMonth, UfImportPreview, UfValue, UfValueSet } from '@app/shared/schemas/billing';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { postFiles } from '../documents/upload-files';
import { billingInvalidation } from './invalidation';
import { billingKeys } from './keys';

/** GET /api/billing/uf?year=&month=: the month's UF values by date (`value` in hundredths). */
export const ufValuesQueryOptions = (month: BillingMonth) =>
  queryOptions({
    queryKey: billingKeys.uf(month),
    queryFn: () => api<UfValue[]>('/billing/uf', { params: { year: month.year, month: month.month } }),
  });

export const useUfValues = (month: BillingMonth) => useQuery(ufValuesQueryOptions(month));

/** PUT /api/billing/uf: one day's value typed ('39.643,59'); the charges waiting for that day are converted. */
const setUfValue = (body: UfValueSet) =>
  api<MessageResponse & { uf: UfValue; converted: number }>('/billing/uf', { method: 'PUT', body });

export const useSetUfValue = () => useInvalidatingMutation(setUfValue, () => billingInvalidation.ufChanged());

/** POST /api/billing/uf/import/preview: what the file would write, line by line. Writes nothing. */
const previewUfImport = (file: File) => postFiles<UfImportPreview>('/billing/uf/import/preview', [file]);

export const usePreviewUfImport = () => useMutation({ mutationFn: previewUfImport });

/** POST /api/billing/uf/import/confirm: the same file written in one transaction (400 with its lines when one is bad). */
const confirmUfImport = (file: File) =>
  postFiles<MessageResponse & { created: number; changed: number; unchanged: number; converted: number }>(
    '/billing/uf/import/confirm',
    [file],
  );

export const useConfirmUfImport = () => useInvalidatingMutation(confirmUfImport, () => billingInvalidation.ufChanged());
