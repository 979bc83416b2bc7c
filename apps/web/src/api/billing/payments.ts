import type { PaymentStatus } from '@app/shared/billing';
import type { CreditApplied, PaymentCreate, PaymentView, ReceiptFields } from '@app/shared/schemas/billing-collections';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { downloadFile } from '../../lib/download-file';
import { postFiles } from '../documents/upload-files';
import { billingInvalidation } from './invalidation';
import { billingKeys } from './keys';

type PaymentSaved = { message: string; payment: PaymentView };

/** GET /api/billing/payments?businessId=&status=: newest first. */
export const usePayments = (query: { businessId?: number; status?: PaymentStatus } = {}) =>
  useQuery({
    queryKey: billingKeys.payments(query),
    queryFn: () => api<PaymentView[]>('/billing/payments', { params: query }),
  });

/** POST /api/billing/payments: 'Registrar pago', applied to the chosen charges first, else to the oldest. */
const createPayment = submissionOf((body: PaymentCreate, idempotencyKey: string) =>
  api<PaymentSaved>('/billing/payments', { method: 'POST', body, idempotencyKey }),
);

export const useCreatePayment = () =>
  useInvalidatingMutation(createPayment, () => billingInvalidation.paymentsChanged());

/** POST …/{id}/reverse with its required reason: what it paid is open again. */
const reversePayment = ({ id, reason }: { id: number; reason: string }) =>
  api<PaymentSaved>(`/billing/payments/${id}/reverse`, { method: 'POST', body: { reason } });

export const useReversePayment = () =>
  useInvalidatingMutation(reversePayment, () => billingInvalidation.paymentsChanged());

/** POST …/{id}/confirm: a client's receipt becomes a payment. */
const confirmReceipt = ({ id, chargeIds = [] }: { id: number; chargeIds?: number[] }) =>
  api<PaymentSaved>(`/billing/payments/${id}/confirm`, { method: 'POST', body: { chargeIds } });

export const useConfirmReceipt = () =>
  useInvalidatingMutation(confirmReceipt, () => billingInvalidation.paymentsChanged());

/** POST …/{id}/reject with its reason. */
const rejectReceipt = ({ id, reason }: { id: number; reason: string }) =>
  api<PaymentSaved>(`/billing/payments/${id}/reject`, { method: 'POST', body: { reason } });

export const useRejectReceipt = () =>
  useInvalidatingMutation(rejectReceipt, () => billingInvalidation.paymentsChanged());

/**
 * POST /api/billing/my/receipts: the client's receipt (one PDF, JPG or PNG) with the amount and
 * date paid, as form fields sent before the file: nothing of what the client typed goes in the
 * address (the server's access log keeps addresses).
 */
const sendReceipt = ({ file, ...typed }: ReceiptFields & { file: File }) => {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(typed))
    if (value !== undefined && value !== '') fields[key] = String(value);
  return postFiles<PaymentSaved>('/billing/my/receipts', [file], fields);
};

export const useSendReceipt = () => useInvalidatingMutation(sendReceipt, () => billingInvalidation.paymentsChanged());

/**
 * POST /api/billing/business/{id}/apply-credit: 'Aplicar saldo a favor', the company's credit to
 * its open charges; answers what was applied and what is left.
 */
const applyCredit = (businessId: number) =>
  api<CreditApplied>(`/billing/business/${businessId}/apply-credit`, { method: 'POST', body: {} });

export const useApplyCredit = () => useInvalidatingMutation(applyCredit, () => billingInvalidation.paymentsChanged());

/** GET /api/billing/payments/{id}/receipt: the file the client sent, saved under its name. */
export const useDownloadReceipt = () =>
  useMutation({ mutationFn: (paymentId: number) => downloadFile(`/billing/payments/${paymentId}/receipt`) });
