import type { BillingSettings, BillingSettingsSave } from '@app/shared/schemas/billing-collections';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { billingInvalidation } from './invalidation';
import { billingKeys } from './keys';

/** GET /api/billing/settings: transfer details, reminder steps and whether reminders are on. */
export const useBillingSettings = () =>
  useQuery({ queryKey: billingKeys.settings, queryFn: () => api<BillingSettings>('/billing/settings') });

const saveSettings = (body: BillingSettingsSave) =>
  api<{ message: string; settings: BillingSettings }>('/billing/settings', { method: 'PUT', body });

export const useSaveBillingSettings = () =>
  useInvalidatingMutation(saveSettings, () => billingInvalidation.settingsChanged());

/** PUT /api/billing/business/{id}/reminders: stop (or resume) one company's reminders. */
const setRemindersStopped = ({ businessId, stopped }: { businessId: number; stopped: boolean }) =>
  api<{ message: string; stopped: boolean }>(`/billing/business/${businessId}/reminders`, {
    method: 'PUT',
    body: { stopped },
  });

export const useSetRemindersStopped = () =>
  useInvalidatingMutation(setRemindersStopped, () => billingInvalidation.settingsChanged());
