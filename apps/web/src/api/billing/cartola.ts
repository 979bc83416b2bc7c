import type { CartolaConfirm, CartolaLine, CartolaPreview, PaymentView } from '@app/shared/schemas/billing-collections';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { postFiles } from '../documents/upload-files';
import { billingInvalidation } from './invalidation';
import { billingKeys } from './keys';

/** POST /api/billing/cartola/preview: every line of the bank statement with its proposed company. Writes nothing. */
const previewCartola = (file: File) => postFiles<CartolaPreview>('/billing/cartola/preview', [file]);

export const usePreviewCartola = () => useMutation({ mutationFn: previewCartola });

/** POST /api/billing/cartola/confirm: the new lines, each matched, kept for later or ignored. */
const confirmCartola = (body: CartolaConfirm) =>
  api<{ message: string; matched: number; pending: number; ignored: number; duplicates: number }>(
    '/billing/cartola/confirm',
    { method: 'POST', body },
  );

export const useConfirmCartola = () =>
  useInvalidatingMutation(confirmCartola, () => billingInvalidation.cartolaChanged());

/** GET /api/billing/cartola/lines: the lines kept unmatched, oldest first, each with a fresh proposal. */
export const useUnmatchedCartolaLines = () =>
  useQuery({ queryKey: billingKeys.cartolaLines, queryFn: () => api<CartolaLine[]>('/billing/cartola/lines') });

type LineSaved = { message: string; line: CartolaLine; payment: PaymentView | null };

/** POST …/lines/{id}/match: the line becomes a payment of the company. */
const matchLine = ({ id, businessId, chargeIds = [] }: { id: number; businessId: number; chargeIds?: number[] }) =>
  api<LineSaved>(`/billing/cartola/lines/${id}/match`, { method: 'POST', body: { businessId, chargeIds } });

export const useMatchCartolaLine = () => useInvalidatingMutation(matchLine, () => billingInvalidation.cartolaChanged());

/** POST …/lines/{id}/ignore with its reason. */
const ignoreLine = ({ id, reason }: { id: number; reason: string }) =>
  api<LineSaved>(`/billing/cartola/lines/${id}/ignore`, { method: 'POST', body: { reason } });

export const useIgnoreCartolaLine = () =>
  useInvalidatingMutation(ignoreLine, () => billingInvalidation.cartolaChanged());
