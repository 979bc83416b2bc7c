import type {
  WhatsAppChannelStatus,
  WhatsAppContact,
  WhatsAppContactSave,
  WhatsAppOutboxRow,
} from '@app/shared/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { whatsappInvalidation, whatsappKeys } from './invalidation';

/** GET /api/business/{id}/whatsapp (staff): the company's WhatsApp number and consent. */
export const useWhatsAppContact = (businessId: number) =>
  useQuery({
    queryKey: whatsappKeys.contact(businessId),
    queryFn: () => api<WhatsAppContact>(`/business/${businessId}/whatsapp`),
  });

/** PUT /api/business/{id}/whatsapp: the number (any usual form; empty: none) and the consent. */
export const useSaveWhatsAppContact = (businessId: number) =>
  useInvalidatingMutation(
    (body: WhatsAppContactSave) =>
      api<{ message: string; contact: WhatsAppContact }>(`/business/${businessId}/whatsapp`, { method: 'PUT', body }),
    () => whatsappInvalidation.contactChanged(businessId),
  );

/** GET /api/whatsapp/status (owners): the channel as configured, its templates and its newest sends. */
export const useWhatsAppStatus = () =>
  useQuery({
    queryKey: whatsappKeys.status,
    queryFn: () => api<WhatsAppChannelStatus>('/whatsapp/status'),
    // The sender works in the background: what it did shows within the minute.
    refetchInterval: 60_000,
  });

/** POST /api/whatsapp/outbox/{id}/retry (owners): 'Reintentar' a failed send. */
export const useRetryWhatsApp = () =>
  useInvalidatingMutation(
    (id: number) =>
      api<{ message: string; row: WhatsAppOutboxRow }>(`/whatsapp/outbox/${id}/retry`, { method: 'POST', body: {} }),
    () => whatsappInvalidation.outboxChanged(),
  );
