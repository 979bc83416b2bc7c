import type { MessageResponse } from '@app/shared/errors';
import type { Period } from '@app/shared/period';
import type {
  RequestTemplate,
  RequestTemplateInput,
  RequestTemplateResponseSchema,
  SendTemplateResponse,
} from '@app/shared/schemas/requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { requestInvalidation } from './invalidation';
import { requestKeys } from './keys';

/**
 * A service's request templates: GET/POST /api/service/{serviceId}/request-template,
 * PUT/DELETE /api/request-template/{id}, and POST /api/request-template/{id}/send ('Solicitar a todas').
 */
export type RequestTemplateResponse = z.infer<typeof RequestTemplateResponseSchema>;

export const getRequestTemplates = async (serviceId: number) =>
  (await api<{ rows: RequestTemplate[] }>(`/service/${serviceId}/request-template`)).rows;

export const requestTemplatesQueryOptions = (serviceId: number) =>
  queryOptions({ queryKey: requestKeys.templates(serviceId), queryFn: () => getRequestTemplates(serviceId) });

export const useRequestTemplates = (serviceId: number) => useQuery(requestTemplatesQueryOptions(serviceId));

export const createRequestTemplate = submissionOf(
  ({ serviceId, ...body }: RequestTemplateInput & { serviceId: number }, idempotencyKey: string) =>
    api<RequestTemplateResponse>(`/service/${serviceId}/request-template`, { method: 'POST', body, idempotencyKey }),
);

export const useCreateRequestTemplate = () =>
  useInvalidatingMutation(createRequestTemplate, (_data, { serviceId }) =>
    requestInvalidation.templatesChanged(serviceId),
  );

export const updateRequestTemplate = ({
  id,
  serviceId: _serviceId,
  ...body
}: RequestTemplateInput & { id: number; serviceId: number }) =>
  api<RequestTemplateResponse>(`/request-template/${id}`, { method: 'PUT', body });

export const useUpdateRequestTemplate = () =>
  useInvalidatingMutation(updateRequestTemplate, (_data, { serviceId }) =>
    requestInvalidation.templatesChanged(serviceId),
  );

export const deleteRequestTemplate = ({ id }: { id: number; serviceId: number }) =>
  api<MessageResponse>(`/request-template/${id}`, { method: 'DELETE' });

export const useDeleteRequestTemplate = () =>
  useInvalidatingMutation(deleteRequestTemplate, (_data, { serviceId }) =>
    requestInvalidation.templatesChanged(serviceId),
  );

/** 'Solicitar a todas': one request per company the service applies to in the period. */
export const sendRequestTemplate = submissionOf(
  ({ id, period }: { id: number; period: Period }, idempotencyKey: string) =>
    api<SendTemplateResponse>(`/request-template/${id}/send`, {
      method: 'POST',
      body: { year: period.year, month: period.month },
      idempotencyKey,
    }),
);

export const useSendRequestTemplate = () =>
  useInvalidatingMutation(sendRequestTemplate, () => requestInvalidation.requestsChanged());
