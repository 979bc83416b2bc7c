import type { MessageResponse } from '@app/shared/errors';
import type {
  ExtraCharge,
  ExtraChargeInput,
  FeeTerms,
  FeeTermsInput,
  FeeTermsResponse,
} from '@app/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { billingInvalidation } from './invalidation';
import { billingKeys } from './keys';

/** GET /api/billing/business/{id}/terms: the terms in force this month (or null) and every version, newest first. */
export const feeTermsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: billingKeys.terms(businessId),
    queryFn: () => api<FeeTermsResponse>(`/billing/business/${businessId}/terms`),
  });

export const useFeeTerms = (businessId: number) => useQuery(feeTermsQueryOptions(businessId));

/** POST …/terms: a new version in force from its month (the server reads the amount in its currency). */
const saveFeeTerms = submissionOf(
  ({ businessId, ...body }: FeeTermsInput & { businessId: number }, idempotencyKey: string) =>
    api<MessageResponse & { terms: FeeTerms }>(`/billing/business/${businessId}/terms`, {
      method: 'POST',
      body,
      idempotencyKey,
    }),
);

export const useSaveFeeTerms = () =>
  useInvalidatingMutation(saveFeeTerms, (_data, { businessId }) => billingInvalidation.termsSaved(businessId));

/** GET …/extras: the company's extra charges ('Operación Renta', 'Término de giro'…). */
export const useExtraCharges = (businessId: number) =>
  useQuery({
    queryKey: billingKeys.extras(businessId),
    queryFn: () => api<ExtraCharge[]>(`/billing/business/${businessId}/extras`),
  });

type ExtraSaved = MessageResponse & { extra: ExtraCharge };

const createExtraCharge = submissionOf(
  ({ businessId, ...body }: ExtraChargeInput & { businessId: number }, idempotencyKey: string) =>
    api<ExtraSaved>(`/billing/business/${businessId}/extras`, { method: 'POST', body, idempotencyKey }),
);

export const useCreateExtraCharge = () =>
  useInvalidatingMutation(createExtraCharge, (_data, { businessId }) => billingInvalidation.extrasChanged(businessId));

/** PUT /api/billing/extras/{id}: the whole extra charge again (also to deactivate or activate it). */
const updateExtraCharge = ({
  id,
  businessId: _businessId,
  ...body
}: ExtraChargeInput & { id: number; businessId: number }) =>
  api<ExtraSaved>(`/billing/extras/${id}`, { method: 'PUT', body });

export const useUpdateExtraCharge = () =>
  useInvalidatingMutation(updateExtraCharge, (_data, { businessId }) => billingInvalidation.extrasChanged(businessId));

/** DELETE /api/billing/extras/{id}: deleted when it produced no charge, else deactivated (the message says which). */
const deleteExtraCharge = ({ id }: { id: number; businessId: number }) =>
  api<MessageResponse>(`/billing/extras/${id}`, { method: 'DELETE' });

export const useDeleteExtraCharge = () =>
  useInvalidatingMutation(deleteExtraCharge, (_data, { businessId }) => billingInvalidation.extrasChanged(businessId));
